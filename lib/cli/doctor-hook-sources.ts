// doctor, per agent: where hookwarden's hooks come from. The managed location (read under /, or
// HOOKWARDEN_MANAGED_ROOT standing in for it: lib/cli/managed/targets.ts), the user's settings and the project's are
// each read for hookwarden's commands (any form install writes). A user or project copy beside a managed one would
// run the hook twice (the agents merge every source; Claude Code and Gemini CLI run an identical command once), so
// it is a warning naming the command that removes it: the managed one is the admin's and stays.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { oneLine } from '../errors.js';
import { readRegularFile } from '../fs/read.js';
import type { Check } from './doctor-hosts.js';
import { hostFile } from './hosts/table.js';
import { managedFile, managedRoot, MANAGED_AGENTS, TARGETS, type ManagedAgent } from './managed/targets.js';
import { isOurCommand } from './hook-command.js';

const MAX_BYTES = 4 * 1024 * 1024;

/** Agents that run an identical command from several sources once (documented de-duplication). */
const DEDUPES: ReadonlySet<ManagedAgent> = new Set(['claude', 'gemini']);

type Source = 'managed' | 'user' | 'project' | 'local';
interface Found {
  source: Source;
  file: string;
  commands: string[];
}

function readText(file: string): string | null | Error {
  const r = readRegularFile(file, { maxBytes: MAX_BYTES });
  if (r.status === 'missing') return null;
  if (r.status !== 'ok') return new Error(`cannot read ${file}: ${r.reason}`);
  return r.bytes.toString('utf8');
}

/** hookwarden's commands in one file: JSON (every `command`/`bash` string under `hooks`) or Codex's TOML. */
export function ourCommands(file: string): string[] | Error | null {
  const text = readText(file);
  if (text === null || text instanceof Error) return text;
  if (file.endsWith('.toml')) {
    return text.split('\n').flatMap((line) => {
      const m = /^\s*command\s*=\s*("(?:[^"\\]|\\.)*"|'[^']*')\s*(?:#.*)?$/.exec(line);
      if (!m) return [];
      const value = m[1]!.startsWith("'") ? m[1]!.slice(1, -1) : (JSON.parse(m[1]!) as string);
      return isOurCommand(value) ? [value] : [];
    });
  }
  let json: unknown;
  try {
    json = text.trim() ? JSON.parse(text) : {};
  } catch (err) {
    return new Error(`${file} is not JSON: ${oneLine(err, 120)}`);
  }
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if ((k === 'command' || k === 'bash') && typeof x === 'string') {
          if (isOurCommand(x)) out.push(x);
        } else walk(x);
      }
  };
  walk((json as { hooks?: unknown } | null)?.hooks);
  return out;
}

/** The managed files an agent reads: Claude Code's managed-settings.json and every drop-in beside it; the others' one file. */
function managedFiles(agent: ManagedAgent, root: string): string[] {
  const file = managedFile(TARGETS[agent], root);
  if (agent !== 'claude') return [file];
  const dir = join(root, 'etc', 'claude-code');
  let dropIns: string[] = [];
  try {
    dropIns = readdirSync(join(dir, 'managed-settings.d')).filter((n) => n.endsWith('.json')).sort().map((n) => join(dir, 'managed-settings.d', n));
  } catch {
    // no drop-in folder
  }
  return [join(dir, 'managed-settings.json'), ...dropIns];
}

/** Whether the agent's managed settings hold a command of hookwarden's. */
export const inManaged = (agent: ManagedAgent, env: NodeJS.ProcessEnv): boolean =>
  managedFiles(agent, managedRoot(env)).some((f) => {
    const r = ourCommands(f);
    return Array.isArray(r) && r.length > 0;
  });

/** The user's and the project's files of the agent (Claude Code: also settings.local.json). */
function lowerFiles(agent: ManagedAgent, env: NodeJS.ProcessEnv, cwd: string): Array<{ source: Source; file: string }> {
  const host = TARGETS[agent].host;
  const files: Array<{ source: Source; file: string }> = [
    { source: 'user', file: hostFile(host, 'user', env, cwd) },
    { source: 'project', file: hostFile(host, 'project', env, cwd) },
  ];
  if (agent === 'claude') files.push({ source: 'local', file: join(env.CLAUDE_PROJECT_DIR ?? cwd, '.claude', 'settings.local.json') });
  return files;
}

/** One line per agent whose hooks hookwarden is in somewhere: where from, and a warning for a copy that runs twice. */
export function managedSources(env: NodeJS.ProcessEnv, cwd: string): Check[] {
  const root = managedRoot(env);
  const checks: Check[] = [];
  for (const agent of MANAGED_AGENTS) {
    const what = `${agent} hooks from`;
    const found: Found[] = [];
    const read = [...managedFiles(agent, root).map((file) => ({ source: 'managed' as Source, file })), ...lowerFiles(agent, env, cwd)];
    for (const { source, file } of read) {
      const r = ourCommands(file);
      if (r instanceof Error) checks.push({ status: 'warn', what, detail: r.message });
      else if (r?.length) found.push({ source, file, commands: r });
    }
    if (!found.length) continue;
    const managed = found.filter((f) => f.source === 'managed');
    const lower = found.filter((f) => f.source !== 'managed');
    const list = found.map((f) => `${f.source} (${f.file})`).join(', ');
    if (!managed.length || !lower.length) {
      checks.push({ status: 'ok', what, detail: list });
      continue;
    }
    const mine = new Set(managed.flatMap((f) => f.commands));
    for (const f of lower) {
      const same = f.commands.every((c) => mine.has(c));
      const userAgent = agent === 'claude' ? 'claude-code' : agent;
      const fix = `hookwarden uninstall --agent ${userAgent} --scope ${f.source}`;
      if (same && DEDUPES.has(agent)) checks.push({ status: 'ok', what, detail: `managed, and the same commands in ${f.source} (${f.file}): ${agent} runs an identical command once; \`${fix}\` tidies it` });
      else checks.push({ status: 'warn', what, detail: `managed (${managed.map((m) => m.file).join(', ')}) and ${f.source} (${f.file}): ${agent} runs both, every call judged and audited twice; the managed one stays, remove the other: \`${fix}\`` });
    }
  }
  return checks;
}
