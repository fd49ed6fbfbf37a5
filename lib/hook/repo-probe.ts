// The repository probe (lib/vocab/repo.ts) as the hook runs it: `git` from PATH, read-only, in the directory the
// command will run in. Bounded three ways: one time budget for the whole hook call (every spawn gets what is
// left, and is killed with SIGKILL when it runs out), the output size, and no prompts, pager or optional locks.
// Its own chunk (scripts/build-chunks.ts): only a call whose command would lose work loads it.

import { spawnSync } from 'node:child_process';
import { realpathSync, statSync } from 'node:fs';
import { readRegularFile } from '../fs/read.js';
import type { FeedReader, GitAnswer, RepoProbe } from '../vocab/repo.js';

/** The whole call's budget for git, in ms (docs/performance.md: a status on a small repository takes ~3–6 ms). */
export const PROBE_BUDGET_MS = 500;
/** Output past this is not read: the answer is `too-big`. */
export const PROBE_MAX_BYTES = 1 << 20;

export interface ProbeOptions {
  env: NodeJS.ProcessEnv;
  budgetMs?: number;
  maxBytes?: number;
  /** A monotonic clock in ms (injected so the budget can be tested). */
  clock?: () => number;
}

/** git's configuration that would run a program or slow a read-only status; overridden for the probe. */
const SAFE_CONFIG = ['-c', 'core.fsmonitor=false', '-c', 'core.quotePath=false', '-c', 'color.ui=false'];

export function repoProbe(opts: ProbeOptions): RepoProbe {
  const clock = opts.clock ?? (() => performance.now());
  const budget = opts.budgetMs ?? PROBE_BUDGET_MS;
  const maxBytes = opts.maxBytes ?? PROBE_MAX_BYTES;
  const env: NodeJS.ProcessEnv = {
    ...opts.env,
    GIT_OPTIONAL_LOCKS: '0',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
    LC_ALL: 'C',
    LANGUAGE: 'C',
  };
  let deadline: number | undefined;
  return (cwd, args): GitAnswer => {
    deadline ??= clock() + budget;
    const left = Math.floor(deadline - clock());
    if (left <= 0) return { ok: false, reason: 'timeout', detail: `git did not answer within ${budget} ms` };
    try {
      if (!statSync(cwd).isDirectory()) return { ok: false, reason: 'no-cwd', detail: `${cwd} is not a directory` };
    } catch {
      return { ok: false, reason: 'no-cwd', detail: `${cwd} does not exist yet` };
    }
    const r = spawnSync('git', [...SAFE_CONFIG, ...args], {
      cwd,
      env,
      timeout: left,
      killSignal: 'SIGKILL',
      maxBuffer: maxBytes,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const err = r.error as NodeJS.ErrnoException | undefined;
    if (err?.code === 'ENOENT') return { ok: false, reason: 'missing', detail: 'git is not installed (not on PATH)' };
    if (err?.code === 'ETIMEDOUT' || (r.signal && clock() >= deadline)) {
      return { ok: false, reason: 'timeout', detail: `git did not answer within ${budget} ms` };
    }
    if (err?.code === 'ENOBUFS') return { ok: false, reason: 'too-big', detail: `git's answer is over ${maxBytes} bytes` };
    if (err) return { ok: false, reason: 'failed', detail: `git could not run (${err.code ?? err.message})` };
    const stderr = r.stderr.toString('utf8').slice(0, 2000);
    if (r.status !== 0) {
      if (r.status === 128 && /not a git repository/i.test(stderr)) return { ok: false, reason: 'not-a-repo', detail: `${cwd} is not in a git repository`, stderr };
      const first = stderr.split('\n').find((l) => l.trim() !== '') ?? '';
      return { ok: false, reason: 'failed', detail: `git exited with ${r.status ?? r.signal}${first ? `: ${first.slice(0, 120)}` : ''}`, stderr };
    }
    return { ok: true, stdout: r.stdout.toString('utf8') };
  };
}

/** A list file past this is not read: the delete it feeds is asked about. */
export const FEED_MAX_BYTES = 64 * 1024;

/** The reader of list files (lib/vocab/repo.ts): a regular file whose real path is inside the project, at most
 * FEED_MAX_BYTES, read as every project file is (lib/fs/read.ts: non-blocking, so a FIFO is refused, never waited on). */
export function feedReader(projectDir: string, maxBytes = FEED_MAX_BYTES): FeedReader {
  let root: string | undefined;
  return (path) => {
    let real: string;
    try {
      root ??= realpathSync(projectDir);
      real = realpathSync(path);
    } catch (err) {
      return { ok: false, detail: `${path} could not be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
    }
    if (real !== root && !real.startsWith(`${root}/`)) return { ok: false, detail: `${path} is outside the project` };
    const r = readRegularFile(real, { maxBytes });
    if (r.status === 'ok') return { ok: true, text: r.bytes.toString('utf8') };
    if (r.status === 'missing') return { ok: false, detail: `${path} could not be read (ENOENT)` };
    if (r.status === 'unsafe' || r.reason.startsWith('over ')) return { ok: false, detail: `${path} is ${r.reason.replace(/^is /, '')}` };
    return { ok: false, detail: `${path} could not be read (${r.reason})` };
  };
}
