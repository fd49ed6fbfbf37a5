// Loads user and project config files over the defaults. A broken file is skipped with a one-line issue;
// the hook then runs on the remaining (still valid) configuration, never on a half-parsed one.

import { readRegularFile, type ReadOptions } from '../fs/read.js';
import { canonicalHash } from '../registry/hash.js';
import { DEFAULT_CONFIG } from './defaults.js';
import { issueText } from './issue-text.js';
import { holdManaged, managedNote, namedSettings, type ManagedConfigSource, type ManagedFloor } from './managed.js';
import { keepTighter, keepUserOnly } from './project-trust.js';
import { UNTRUSTED_PROJECT } from '../vocab/trust.js';
import { type ConfigFile, fileSchema } from './schema.js';
import type { AgentSettings, HookwardenConfig } from './types.js';

declare const __HW_DEFAULT_CONFIG_HASH__: string | undefined;

/** Hash of the built-in defaults, computed at build time so a hook with no config file never hashes. */
const DEFAULT_HASH = typeof __HW_DEFAULT_CONFIG_HASH__ === 'string' ? __HW_DEFAULT_CONFIG_HASH__ : null;

export interface LoadedConfig {
  config: HookwardenConfig;
  hash: string;
  issues: string[];
  files: string[];
}

/** Which of the files is the project's, and whether the user's config trusts the project (project-trust.ts). */
export interface ProjectFile {
  file: string;
  trusted: (config: HookwardenConfig) => boolean;
}

/** What a project file may not do, as the one-line issue that names it. */
const loosenedNote = (file: string, what: string[], trusted: boolean): string =>
  trusted
    ? `${file}: ${what.join(', ')} ignored: only your own config says which projects are trusted`
    : `${file}: ${what.join(', ')} ignored: ${UNTRUSTED_PROJECT}`;

/** A later file's per-host settings override an earlier one's, setting by setting. */
function mergeAgents(base: HookwardenConfig['agents'], file: ConfigFile['agents']): HookwardenConfig['agents'] {
  const next: HookwardenConfig['agents'] = { ...base };
  for (const [name, settings] of Object.entries(file ?? {}) as Array<[keyof HookwardenConfig['agents'], AgentSettings | undefined]>) {
    next[name] = { ...base[name], ...settings };
  }
  return next;
}

export function merge(base: HookwardenConfig, file: ConfigFile): HookwardenConfig {
  // `policy` (bundle server and key) is read from the managed config alone (lib/policy/managed-settings.ts).
  const { $schema: _ignored, policy: _managedOnly, keter, session, memory, audit, serve, router, agents, ...rest } = file;
  const next: HookwardenConfig = {
    ...base,
    ...rest,
    // A later file's preferences add to (and override) an earlier one's; deny and fallback replace.
    router: { ...base.router, ...router, weights: { ...base.router.weights, ...router?.weights }, prefer: { ...base.router.prefer, ...router?.prefer } },
    keter: { ...base.keter },
    session: { ...base.session, ...session },
    memory: { ...base.memory, ...memory },
    audit: { ...base.audit, ...audit },
    serve: { ...base.serve, ...serve },
    agents: mergeAgents(base.agents, agents),
  };
  if (keter) {
    const { matrix, toolRisk, ...k } = keter;
    Object.assign(next.keter, k);
    if (matrix) next.keter.matrix = { ...base.keter.matrix, ...(matrix as HookwardenConfig['keter']['matrix']) };
    if (toolRisk) next.keter.toolRisk = { ...base.keter.toolRisk, ...toolRisk };
  }
  return next;
}

/** Cross-field checks zod/mini cannot express in the per-field schema. */
export function consistencyIssue(c: HookwardenConfig): string | null {
  if (!c.keter.tiers.length) return 'keter.tiers must not be empty';
  for (const t of c.keter.tiers) {
    const row = c.keter.matrix[t.name];
    if (!row) return `keter.matrix has no row for tier "${t.name}"`;
    for (const s of ['none', 'low', 'medium', 'high', 'critical'] as const) {
      if (!row[s]) return `keter.matrix.${t.name}.${s} is missing`;
    }
  }
  if (c.keter.mode === 'http' && !c.keter.url) return 'keter.url is required when keter.mode is "http"';
  return null;
}

/** A config file is a few KB; anything past this is not one. */
const MAX_CONFIG_BYTES = 1024 * 1024;

/** One config file read and checked: missing, its settings (and the JSON as written), or the one-line issue that
 * skips it. `read` adds the checks of a managed file (lib/fs/read.ts). */
export function readConfigFile(path: string, read: Pick<ReadOptions, 'system' | 'own' | 'root'> = {}): { missing: true } | { data: ConfigFile; json: unknown } | { issue: string } {
  // A regular file, bounded, opened non-blocking: a FIFO at a cloned repository's .hookwarden/config.json
  // is a broken file like any other, not a hang.
  const r = readRegularFile(path, { maxBytes: MAX_CONFIG_BYTES, ...read });
  if (r.status === 'missing') return { missing: true };
  if (r.status !== 'ok') return { issue: `${path}: ${r.status === 'unsafe' ? `it ${r.reason}` : `unreadable (${r.reason})`}; file ignored` };
  let json: unknown;
  try {
    json = JSON.parse(r.bytes.toString('utf8'));
  } catch (err) {
    return { issue: `${path}: not valid JSON (${(err as Error).message}); file ignored` };
  }
  const parsed = fileSchema().safeParse(json);
  if (!parsed.success) return { issue: `${path}: ${issueText(parsed.error.issues[0], json)}; file ignored` };
  return { data: parsed.data, json };
}

/** The managed layer's config: the defaults overlaid with the active policy bundle's file, then the managed folder's
 * (which outranks the bundle where both set something), and which file set each setting it names. A file with a
 * problem is skipped with its issue, as any config file is; one lower layers may not loosen is fixed only by a
 * readable managed file. */
export function loadManagedFloor(sources: readonly ManagedConfigSource[]): ManagedFloor {
  let config = DEFAULT_CONFIG;
  const issues: string[] = [];
  const files: string[] = [];
  const named = new Map<string, string>();
  const ordered = [...sources].sort((a, b) => (a.layer === b.layer ? 0 : a.layer === 'bundle' ? -1 : 1));
  for (const s of ordered) {
    const read = readConfigFile(s.path, s.read);
    if ('missing' in read) continue;
    if ('issue' in read) {
      issues.push(read.issue);
      continue;
    }
    const next = merge(config, read.data);
    const problem = consistencyIssue(next);
    if (problem) {
      issues.push(`${s.path}: ${problem}; file ignored`);
      continue;
    }
    config = next;
    files.push(s.path);
    for (const name of namedSettings(read.json)) named.set(name, s.path);
  }
  return { config, named, issues, files };
}

/** Defaults, then each file in order (user, then project). With `project`, the project's file is held to
 * project-trust.ts: it may tighten, and loosen only when the config read before it trusts the project. With
 * `managed` (the managed layer's files, lib/config/managed.ts), the defaults are overlaid with them first, and every
 * later file, trusted or not, is held to what they set. */
export function loadConfig(paths: string[], project?: ProjectFile, managed: readonly ManagedConfigSource[] = []): LoadedConfig {
  let config = DEFAULT_CONFIG;
  const issues: string[] = [];
  const files: string[] = [];
  const floor = managed.length ? loadManagedFloor(managed) : null;
  // A floor no file was read into holds nothing; its issues still say why.
  if (floor) {
    config = floor.config;
    issues.push(...floor.issues);
    files.push(...floor.files);
  }
  for (const [i, path] of paths.entries()) {
    // The same file twice (a project in the home folder whose .hookwarden is the user's own) is read once, as the user's.
    if (paths.indexOf(path) !== i) continue;
    const read = readConfigFile(path);
    if ('missing' in read) continue;
    if ('issue' in read) {
      issues.push(read.issue);
      continue;
    }
    let next = merge(config, read.data);
    if (floor) {
      const held = holdManaged(floor, config, next);
      next = held.config;
      issues.push(...held.ignored.map((h) => managedNote(path, h)));
    }
    if (project && path === project.file) {
      const trusted = project.trusted(config);
      const kept = trusted ? keepUserOnly(config, next) : keepTighter(config, next);
      next = kept.config;
      if (kept.loosened.length) issues.push(loosenedNote(path, kept.loosened, trusted));
    }
    const problem = consistencyIssue(next);
    if (problem) {
      issues.push(`${path}: ${problem}; file ignored`);
      continue;
    }
    config = next;
    files.push(path);
  }
  if (!files.length) return { config, hash: DEFAULT_HASH ?? canonicalHash(config), issues, files };
  config = { ...config, keter: { ...config.keter, tiers: [...config.keter.tiers].sort((a, b) => a.min - b.min) } };
  return { config, hash: canonicalHash(config), issues, files };
}
