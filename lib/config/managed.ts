// The managed layer's settings are a floor for the user's and the project's config files (docs/team.md "The managed
// layer"). A setting the managed config.json (or the active policy bundle's) names is fixed for every lower file,
// trusted project or not, unless the lower value is strictly tighter by the setting's order, the same orders an
// untrusted project is held to (project-trust.ts). A setting with no order there (keter.mode, keter.url, the
// router, serve.port…) simply keeps the managed value. What a lower file tried is ignored and named, one issue each.

import { askFallbackFor, type HookwardenConfig } from './types.js';
import { guardedSetting, type Rule } from './project-trust.js';
import type { AgentName } from '../vocab/agents.js';
import type { ReadOptions } from '../fs/read.js';

/** One file of the managed layer: the managed folder's (root's, checked) or the active policy bundle's. */
export interface ManagedConfigSource {
  path: string;
  layer: 'managed' | 'bundle';
  /** How it is read (lib/fs/read.ts): `system` for the managed folder, `own` under the home for the bundle. */
  read: Pick<ReadOptions, 'system' | 'own' | 'root'>;
}

export interface ManagedFloor {
  /** The defaults with the bundle's, then the managed folder's settings over them. */
  config: HookwardenConfig;
  /** Each setting the managed layer names (`keter.mode`, `onInternalError`, `agents.codex`) → the file that set it
   * (the managed folder's when both name it). */
  named: ReadonlyMap<string, string>;
  issues: string[];
  files: string[];
}

/** The settings a config file names, as a lower file's setting is compared: each top-level key, and for a group
 * (keter, session, router, agents…) each key inside it (`keter.mode`, `keter.matrix`, `agents.codex`). */
export function namedSettings(json: unknown): string[] {
  if (!json || typeof json !== 'object') return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
    if (key === '$schema') continue;
    if (value && typeof value === 'object' && !Array.isArray(value)) out.push(...Object.keys(value).map((sub) => `${key}.${sub}`));
    else out.push(key);
  }
  return out;
}

type Config = HookwardenConfig & Record<string, unknown>;

function valueAt(c: Config, name: string): unknown {
  const [key, sub] = name.split('.', 2) as [string, string | undefined];
  const v = c[key];
  return sub === undefined ? v : v && typeof v === 'object' ? (v as Record<string, unknown>)[sub] : undefined;
}

function withValue(c: Config, name: string, value: unknown): HookwardenConfig {
  const [key, sub] = name.split('.', 2) as [string, string | undefined];
  if (sub === undefined) return { ...c, [key]: value };
  const group = { ...((c[key] as Record<string, unknown> | undefined) ?? {}) };
  if (value === undefined) delete group[sub];
  else group[sub] = value;
  return { ...c, [key]: group };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A setting with no order: any other value loosens (or redirects) it. */
const fixed = (name: string): Rule => ({
  name,
  loosens: (floor, next) => !same(valueAt(floor as Config, name), valueAt(next as Config, name)),
  restore: (base, next) => withValue(next as Config, name, valueAt(base as Config, name)),
});

/** `agents.<host>`: only its askFallback is set per host, ordered as askFallback is. */
const perHost = (name: string, host: AgentName): Rule => {
  const order = ['allow', 'ask', 'deny'];
  return {
    name,
    loosens: (floor, next) => order.indexOf(askFallbackFor(next, host)) < order.indexOf(askFallbackFor(floor, host)),
    restore: (base, next) => ({ ...next, agents: { ...next.agents, [host]: base.agents[host] } }),
  };
};

/** The rules a lower file is held to for the settings the managed layer names. A named `askFallback` holds every
 * host's too: a lower `agents.<host>.askFallback` would otherwise undo it for that host. */
function rulesFor(named: ReadonlyMap<string, string>): Array<{ rule: Rule; setBy: string }> {
  const out: Array<{ rule: Rule; setBy: string }> = [];
  for (const [name, setBy] of named) {
    const host = name.startsWith('agents.') ? (name.slice('agents.'.length) as AgentName) : null;
    out.push({ rule: host ? perHost(name, host) : (guardedSetting(name) ?? fixed(name)), setBy });
    if (name === 'askFallback') out.push({ rule: guardedSetting('agents')!, setBy });
  }
  return out;
}

export interface HeldSetting {
  name: string;
  /** The managed file that set it. */
  setBy: string;
}

/** `next` (a lower file merged over `base`) with every setting the managed layer names and `next` loosens put back
 * to `base`'s value (which already holds the floor), and what was put back. */
export function holdManaged(floor: ManagedFloor, base: HookwardenConfig, next: HookwardenConfig): { config: HookwardenConfig; ignored: HeldSetting[] } {
  let config = next;
  const ignored: HeldSetting[] = [];
  for (const { rule, setBy } of rulesFor(floor.named)) {
    if (!rule.loosens(floor.config, config)) continue;
    config = rule.restore(base, config);
    if (!ignored.some((h) => h.name === rule.name)) ignored.push({ name: rule.name, setBy });
  }
  return { config, ignored };
}

/** `~/.hookwarden/config.json: keter.mode ignored: set by the managed policy (/etc/hookwarden/config.json)`. */
export const managedNote = (file: string, h: HeldSetting): string => `${file}: ${h.name} ignored: set by the managed policy (${h.setBy})`;
