// Every path a hook writes, found by watching a clean run, gets each trap (a symbolic link and a hard link to a
// shell start-up file, a FIFO, a folder) before the same call: no byte reaches the victim, the trap is still there,
// nothing hangs, the problem is one line on stderr, and the answer is the one the call gets when nothing is at
// that path at all. A link in place of one of hookwarden's folders is refused the same way.

import { mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedBy, hookInput, plant, runBundle, runCliProcess, scene, trapAt, TRAPS, victimUntouched, type Run, type Scene } from './plant.js';

interface Scenario {
  name: string;
  hook: string;
  /** Calls made first, in the same home (their writes are not targets). */
  setup?: (s: Scene) => void;
  input: (s: Scene) => Record<string, unknown>;
}

const write = (s: Scene) =>
  hookInput(s, 'PostToolUse', {
    tool_name: 'Write',
    tool_input: { file_path: join(s.project, 'src', 'app.ts'), content: 'export const x = 1;\n' },
    tool_response: { type: 'create', filePath: join(s.project, 'src', 'app.ts') },
    tool_use_id: 'toolu_sec_write',
  });

const SCENARIOS: Scenario[] = [
  {
    name: 'pre-tool-use asking about git push --force',
    hook: 'pre-tool-use',
    input: (s) => hookInput(s, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'git push --force origin main' }, tool_use_id: 'toolu_sec_push' }),
  },
  {
    name: 'pre-tool-use with a user pattern override (compiled registry cache)',
    hook: 'pre-tool-use',
    setup: (s) => writeFileSync(join(s.home, 'patterns.json'), JSON.stringify({ disable: ['bash-git/force-push'] })),
    input: (s) => hookInput(s, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf ~' }, tool_use_id: 'toolu_sec_rm' }),
  },
  {
    name: 'user-prompt storing a memory',
    hook: 'user-prompt',
    input: (s) => hookInput(s, 'UserPromptSubmit', { prompt: 'Remember that we use pnpm, not npm. Then add a lint script.' }),
  },
  { name: 'post-tool-use after a write', hook: 'post-tool-use', input: write },
  {
    name: 'stop after an unchecked write',
    hook: 'stop',
    setup: (s) => void runBundle('post-tool-use', write(s), s),
    input: (s) => hookInput(s, 'Stop', { stop_hook_active: false, last_assistant_message: 'I added src/app.ts.' }),
  },
  { name: 'session-start', hook: 'session-start', input: (s) => hookInput(s, 'SessionStart', { source: 'startup' }) },
];

function prepared(sc: Scenario, label: string): Scene {
  const s = scene(label);
  sc.setup?.(s);
  return s;
}

/** The files one call creates or replaces, relative to the home (locks and tmp files do not outlive it). */
function writtenBy(sc: Scenario): { targets: string[]; folders: string[] } {
  const s = prepared(sc, 'watch');
  const targets = changedBy(s.home, () => {
    if (runBundle(sc.hook, sc.input(s), s).hung) throw new Error(`${sc.name}: the clean run hung`);
  });
  const folders = [...new Set(targets.filter((t) => t.includes('/')).map((t) => t.split('/')[0]!))];
  return { targets, folders: folders.sort() };
}

const answer = (r: Run) => ({ code: r.code, stdout: r.stdout });

describe.skipIf(process.platform === 'win32')('a trap at any path a hook writes', () => {
  for (const sc of SCENARIOS) {
    describe(sc.name, () => {
      const { targets, folders } = writtenBy(sc);

      it('writes the files this suite plants at (audit at least)', () => {
        expect(targets.some((t) => /^audit\/audit-\d{4}-\d\d-\d\d\.jsonl$/.test(t))).toBe(true);
      });

      for (const target of targets) {
        describe(target.replace(/[0-9a-f]{16,}/g, '…'), () => {
          // The answer with nothing at the path (a file the call reads back is then simply missing).
          const expected = (() => {
            const s = prepared(sc, 'expect');
            rmSync(join(s.home, target), { force: true });
            return answer(runBundle(sc.hook, sc.input(s), s));
          })();

          it.each(TRAPS)('%s', (trap) => {
            const s = prepared(sc, 'trap');
            const path = join(s.home, target);
            rmSync(path, { force: true });
            plant(trap, path, s.victim);
            const run = runBundle(sc.hook, sc.input(s), s);
            expect(run.hung).toBe(false);
            expect(victimUntouched(s)).toBe(true);
            expect(trapAt(path)).toBe(trap);
            if (trap === 'folder') expect(readdirSync(path)).toEqual([]);
            expect(answer(run)).toEqual(expected);
            expect(run.stdout).not.toMatch(/\n./); // one compact JSON object or nothing
            // hookwarden's records say so on stderr (a cache is silent: a miss only costs a compile).
            if (!target.startsWith('cache/')) expect(run.stderr).toMatch(/hookwarden: .*refused .*(?:it is|it has)/);
            for (const line of run.stderr.split('\n').filter(Boolean)) expect(line.startsWith('hookwarden')).toBe(true);
          });
        });
      }

      it.each(folders)('a link in place of the %s folder: nothing is written in its target', (folder) => {
        const s = prepared(sc, 'dirlink');
        const elsewhere = join(s.root, 'elsewhere');
        mkdirSync(elsewhere);
        rmSync(join(s.home, folder), { recursive: true, force: true });
        symlinkSync(elsewhere, join(s.home, folder));
        const run = runBundle(sc.hook, sc.input(s), s);
        expect(run.hung).toBe(false);
        expect(readdirSync(elsewhere)).toEqual([]);
        expect(trapAt(join(s.home, folder))).toBe('symlink');
        const clean = prepared(sc, 'dirlink-clean');
        rmSync(join(clean.home, folder), { recursive: true, force: true });
        expect(answer(run)).toEqual(answer(runBundle(sc.hook, sc.input(clean), clean)));
      });
    });
  }
});

describe.skipIf(process.platform === 'win32')('a folder swapped for a link cannot feed hookwarden its state', () => {
  it('a grant in a linked sessions folder is not honoured: the force-push is still asked about', () => {
    const s = scene('linked-grant');
    const push = hookInput(s, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'git push --force origin feature/x' }, tool_use_id: 'toolu_push' });
    const asked = runBundle('pre-tool-use', push, s);
    expect(JSON.parse(asked.stdout).hookSpecificOutput.permissionDecision).toBe('ask');
    // A real grant, written by the CLI; then its folder moved out and linked back in, as an attacker would.
    expect(runCliProcess(['grant', 'bash-git', '--for', '30m', '--session', 'sec-session-1'], s).code).toBe(0);
    expect(runBundle('pre-tool-use', push, s).stdout).toBe(''); // the grant works from the real folder
    const sessions = join(s.home, 'state', 'sessions');
    const elsewhere = join(s.root, 'elsewhere');
    renameSync(sessions, elsewhere);
    symlinkSync(elsewhere, sessions);
    const r = runBundle('pre-tool-use', push, s);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('ask');
    expect(r.stderr).toMatch(/^hookwarden: session state not (used|updated): .*(not private|refused the folder).*is a symbolic link/m);
  });
});
