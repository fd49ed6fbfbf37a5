// Shared parts of the security suite: a victim file outside hookwarden's home (a shell start-up file), the traps an
// attacker plants at the paths hookwarden writes, and what is left on disk afterwards.

import { spawnSync } from 'node:child_process';
import { linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { hookEnv } from '../helpers/fixtures.js';
import { ROOT } from '../helpers/registry.js';

export const TRAPS = ['symlink', 'hard link', 'fifo', 'folder'] as const;
export type Trap = (typeof TRAPS)[number];

export const VICTIM_TEXT = '# ~/.zshrc\nexport PATH="$HOME/bin:$PATH"\n';

export interface Scene {
  root: string;
  /** $HOOKWARDEN_HOME, created 0700 and empty. */
  home: string;
  project: string;
  /** The file an attacker wants written: a shell start-up file outside the home. */
  victim: string;
}

/** One project folder for every scene: hookwarden names a project's memory store after its path, so the paths a
 * clean run writes are the paths a trap is planted at in the next scene. Nothing in the suite writes into it. */
const PROJECT = join(tmpdir(), 'hw-sec-project');

/** A fresh root with a private home; `ownProject` gives the scene a project of its own (commands that write into
 * the project, like install). */
export function scene(label: string, opts: { ownProject?: boolean } = {}): Scene {
  const root = mkdtempSync(join(tmpdir(), `hw-sec-${label}-`));
  const home = join(root, 'hw');
  const project = opts.ownProject ? join(root, 'project') : PROJECT;
  mkdirSync(home, { mode: 0o700 });
  mkdirSync(join(project, 'src'), { recursive: true });
  mkdirSync(join(root, 'user'));
  const victim = join(root, 'user', '.zshrc');
  writeFileSync(victim, VICTIM_TEXT);
  return { root, home, project, victim };
}

/** Puts `trap` at `path` (its folders created 0700). A symlink and a hard link point at the victim. */
export function plant(trap: Trap, path: string, victim: string): void {
  mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
  if (trap === 'symlink') symlinkSync(victim, path);
  else if (trap === 'hard link') linkSync(victim, path);
  else if (trap === 'folder') mkdirSync(path);
  else if (spawnSync('mkfifo', [path]).status !== 0) throw new Error('mkfifo failed');
}

/** What is at `path` now, as a trap kind, so a test can assert the trap is still there, not replaced. */
export function trapAt(path: string): Trap | 'file' | 'missing' {
  try {
    const st = lstatSync(path);
    if (st.isSymbolicLink()) return 'symlink';
    if (st.isFIFO()) return 'fifo';
    if (st.isDirectory()) return 'folder';
    return st.nlink > 1 ? 'hard link' : 'file';
  } catch {
    return 'missing';
  }
}

/** path → identity of every file under `dir` (not folders), to see what one call created or replaced. */
export function stamp(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rel of tree(dir)) {
    if (rel.endsWith('/')) continue;
    const st = lstatSync(join(dir, rel));
    out.set(rel, `${st.ino}:${st.size}:${st.mtimeMs}`);
  }
  return out;
}

/** The files `act` creates or replaces under `dir`, relative and sorted. */
export function changedBy(dir: string, act: () => void): string[] {
  const before = stamp(dir);
  act();
  return [...stamp(dir)].filter(([rel, st]) => before.get(rel) !== st).map(([rel]) => rel).sort();
}

/** Every file and folder under `dir`, relative, sorted (folders end in "/"). */
export function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      out.push(relative(dir, p) + (e.isDirectory() ? '/' : ''));
      if (e.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out.sort();
}

export const victimUntouched = (s: Scene): boolean => readFileSync(s.victim, 'utf8') === VICTIM_TEXT;

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Killed by the hang detector. */
  hung: boolean;
}

/** One hook call through the built bundle, as Claude Code makes it. A 10 s hang detector, not a speed bound. */
export function runBundle(hook: string, input: unknown, s: Scene, extraEnv: Record<string, string> = {}): Run {
  const env = { ...hookEnv(s.home), CLAUDE_PROJECT_DIR: s.project, ...extraEnv };
  const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'hooks', `${hook}.js`)], {
    input: typeof input === 'string' ? input : JSON.stringify(input),
    env,
    encoding: 'utf8',
    timeout: 10_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, hung: r.signal === 'SIGTERM' };
}

/** One CLI command through dist/cli.js, in the project folder. */
export function runCliProcess(args: string[], s: Scene, stdin = ''): Run {
  const env = { ...hookEnv(s.home), HOME: join(s.root, 'user'), CLAUDE_PROJECT_DIR: s.project };
  const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), ...args], { input: stdin, cwd: s.project, env, encoding: 'utf8', timeout: 20_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, hung: r.signal === 'SIGTERM' };
}

/** A Claude Code hook input of the given event in the scene's project. */
export function hookInput(s: Scene, event: string, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    session_id: 'sec-session-1',
    transcript_path: join(s.root, 'transcript.jsonl'),
    cwd: s.project,
    permission_mode: 'default',
    hook_event_name: event,
    ...fields,
  };
}

/** The UTC dates of today and tomorrow as the audit names its files. */
export function auditDays(now = Date.now()): string[] {
  return [now, now + 86_400_000].map((t) => `audit-${new Date(t).toISOString().slice(0, 10)}.jsonl`);
}
