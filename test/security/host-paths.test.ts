// Paths hookwarden reads that come from the host, the agent or a cloned repository: a FIFO (with or without a
// writer), /dev/zero, a 1 GB sparse file or a folder is answered at once, with the answer the call gets when the
// file is simply not there. The 1 s bound is a hang detector for a blocking read (the bug was "never returns"),
// measured inside the process, not a speed claim; speed is `npm run bench`'s.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_ROUTERS } from '../../lib/hook/routers.js';
import { runHook } from '../../lib/hook/run-hook.js';
import { hookEnv } from '../helpers/fixtures.js';
import { FIXED_NOW } from '../helpers/registry.js';
import { runBundle } from './plant.js';

const HANG_BOUND_MS = 1000;
const posix = process.platform !== 'win32';

type Kind = 'fifo' | 'fifo with a silent writer' | '/dev/zero' | '1 GB sparse file' | 'folder';
const KINDS: Kind[] = ['fifo', 'fifo with a silent writer', '/dev/zero', '1 GB sparse file', 'folder'];

const writers: ChildProcess[] = [];
const sparse: string[] = [];
afterAll(() => {
  for (const w of writers) w.kill('SIGKILL');
  for (const f of sparse) rmSync(f, { force: true }); // the suite's redaction guard reads every file left behind
});

/** Puts a special file of `kind` at `path`. */
async function make(kind: Kind, path: string): Promise<void> {
  mkdirSync(join(path, '..'), { recursive: true });
  if (kind === 'folder') mkdirSync(path);
  else if (kind === '/dev/zero') symlinkSync('/dev/zero', path);
  else if (kind === '1 GB sparse file') {
    const fd = openSync(path, 'w');
    ftruncateSync(fd, 1024 * 1024 * 1024);
    closeSync(fd);
    sparse.push(path);
  } else {
    if (spawnSync('mkfifo', [path]).status !== 0) throw new Error('mkfifo failed');
    if (kind === 'fifo with a silent writer') {
      writers.push(spawn('sh', ['-c', `exec 3>"${path}"; sleep 60`], { stdio: 'ignore' }));
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

interface Case {
  name: string;
  hook: 'stop' | 'pre-tool-use' | 'user-prompt';
  /** The special path, relative to the scene's project (or "transcript" for the transcript path). */
  path: string;
  input: (project: string, transcript: string) => Record<string, unknown>;
}

const base = (project: string, transcript: string, event: string) => ({ session_id: 'sec-host', transcript_path: transcript, cwd: project, permission_mode: 'default', hook_event_name: event });

const CASES: Case[] = [
  {
    name: 'transcript_path of a Stop without last_assistant_message (the final message is read from it)',
    hook: 'stop',
    path: 'transcript',
    input: (p, t) => ({ ...base(p, t, 'Stop'), stop_hook_active: false }),
  },
  {
    name: 'CLAUDE.md a Write replaces (its current text is read to find the new facts)',
    hook: 'pre-tool-use',
    path: 'CLAUDE.md',
    input: (p, t) => ({ ...base(p, t, 'PreToolUse'), tool_name: 'Write', tool_input: { file_path: join(p, 'CLAUDE.md'), content: '# Conventions\n\n- We use pnpm, not npm.\n' }, tool_use_id: 'toolu_host_1' }),
  },
  {
    name: "a cloned repository's .hookwarden/config.json",
    hook: 'pre-tool-use',
    path: '.hookwarden/config.json',
    input: (p, t) => ({ ...base(p, t, 'PreToolUse'), tool_name: 'Bash', tool_input: { command: 'git push --force origin main' }, tool_use_id: 'toolu_host_2' }),
  },
  {
    name: "a cloned repository's .hookwarden/patterns.json",
    hook: 'user-prompt',
    path: '.hookwarden/patterns.json',
    input: (p, t) => ({ ...base(p, t, 'UserPromptSubmit'), prompt: 'Remember that we use pnpm, not npm.' }),
  },
  {
    name: "the project's package.json (read for its check command at Stop)",
    hook: 'stop',
    path: 'package.json',
    input: (p, t) => ({ ...base(p, t, 'Stop'), stop_hook_active: false, last_assistant_message: 'Done.' }),
  },
];

function layout(): { home: string; project: string; transcript: string } {
  const root = mkdtempSync(join(tmpdir(), 'hw-sec-host-'));
  const home = join(root, 'hw');
  const project = join(root, 'project');
  mkdirSync(home, { mode: 0o700 });
  mkdirSync(project);
  return { home, project, transcript: join(root, 'session.jsonl') };
}

async function judge(c: Case, l: ReturnType<typeof layout>): Promise<{ exitCode: number; stdout: string; stderr: string; ms: number }> {
  // Stop's check needs an unchecked write first, so the package.json case has something to name.
  if (c.path === 'package.json') {
    const write = { ...base(l.project, l.transcript, 'PostToolUse'), tool_name: 'Write', tool_input: { file_path: join(l.project, 'a.ts'), content: 'x' }, tool_response: {}, tool_use_id: 'toolu_host_w' };
    await runHook('post-tool-use', JSON.stringify(write), rtFor(l));
  }
  const t0 = performance.now();
  const r = await runHook(c.hook, JSON.stringify(c.input(l.project, l.transcript)), rtFor(l));
  return { exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr, ms: performance.now() - t0 };
}

function rtFor(l: ReturnType<typeof layout>) {
  let n = 0;
  return { env: { ...hookEnv(l.home), CLAUDE_PROJECT_DIR: l.project }, now: () => FIXED_NOW, newId: () => `id-${++n}`, embedded: null, engineVersion: 'test', routers: ALL_ROUTERS };
}

const target = (c: Case, l: ReturnType<typeof layout>): string => (c.path === 'transcript' ? l.transcript : join(l.project, c.path));

describe.skipIf(!posix)('host, agent and project paths that are not regular files', () => {
  for (const c of CASES) {
    describe(c.name, () => {
      it.each(KINDS)('%s: answered at once, as if the file were missing', async (kind) => {
        const missing = await judge(c, layout());
        const l = layout();
        await make(kind, target(c, l));
        const r = await judge(c, l);
        expect(r.ms).toBeLessThan(HANG_BOUND_MS);
        expect({ exitCode: r.exitCode, stdout: r.stdout }).toEqual({ exitCode: missing.exitCode, stdout: missing.stdout });
        expect(r.stdout).not.toMatch(/\n./);
        // Skipped with a note naming the path (a sparse transcript is a regular file: its tail is simply read).
        if (!(kind === '1 GB sparse file' && c.path === 'transcript')) {
          expect(r.stderr).toMatch(/^hookwarden: .*(not read|file ignored)/m);
          expect(r.stderr).toContain(c.path === 'transcript' ? 'transcript' : c.path);
        }
      });
    });
  }

  it('a FIFO as transcript_path: the real Stop hook process answers (it used to hang until the host killed it)', async () => {
    const l = layout();
    await make('fifo with a silent writer', l.transcript);
    const stop = { ...base(l.project, l.transcript, 'Stop'), stop_hook_active: false };
    const run = runBundle('stop', stop, { root: join(l.home, '..'), home: l.home, project: l.project, victim: '' });
    expect(run.hung).toBe(false);
    expect(run.code).toBe(0);
  });
});
