// Every CLI command that writes, with each trap at each path a clean run of it writes (found by watching the
// scene's home, project and user folders): no byte reaches the victim, the trap is still there, nothing hangs, and
// whatever the command says fits on its lines (no stack trace). Backups are named by the clock and so cannot be
// planted at from outside; test/cli/settings-safety.test.ts plants at them through writeSettings itself.

import { mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../lib/config/defaults.js';
import { updateSession } from '../../lib/session/session-file.js';
import { changedBy, hookInput, plant, runBundle, runCliProcess, scene, trapAt, TRAPS, victimUntouched, type Run, type Scene } from './plant.js';

interface Command {
  name: string;
  args: string[];
  setup?: (s: Scene) => void;
}

const remember = (s: Scene): void => {
  const r = runBundle('user-prompt', hookInput(s, 'UserPromptSubmit', { prompt: 'Remember that we use pnpm, not npm.' }), s);
  if (r.code !== 0) throw new Error(`setup failed: ${r.stderr}`);
};
const FACT_ID = 'm-c3d8a2e1e6'; // the id of "we use pnpm, not npm" (a content hash: the same on every machine)

/** The session commands act on a session that exists (they refuse an id no state file has). */
const session = (s: Scene): void => void updateSession(s.home, 'sec-cli', s.project, [], Date.now(), DEFAULT_CONFIG.session);

const COMMANDS: Command[] = [
  { name: 'grant', args: ['grant', 'bash-git', '--for', '30m', '--session', 'sec-cli'], setup: session },
  { name: 'mode readonly', args: ['mode', 'readonly', '--session', 'sec-cli'], setup: session },
  {
    name: 'revoke',
    args: ['revoke', '--all', '--session', 'sec-cli'],
    setup: (s) => {
      session(s);
      runCliProcess(['grant', 'bash-git', '--for', '30m', '--session', 'sec-cli'], s);
    },
  },
  { name: 'memory forget', args: ['memory', 'forget', FACT_ID], setup: remember },
  { name: 'install (local)', args: ['install', '--scope', 'local'] },
  { name: 'install --mode http --scope user', args: ['install', '--mode', 'http', '--scope', 'user'] },
  { name: 'uninstall', args: ['uninstall', '--scope', 'local'], setup: (s) => void runCliProcess(['install', '--scope', 'local'], s) },
  { name: 'audit report', args: ['audit', 'report', '--html', 'report.html'], setup: remember },
];

function prepared(c: Command, label: string): Scene {
  const s = scene(label, { ownProject: true });
  mkdirSync(join(s.root, 'user'), { recursive: true });
  c.setup?.(s);
  return s;
}

/** What a clean run writes, relative to the scene's root (its home, project and user folders). */
function writtenBy(c: Command): string[] {
  const s = prepared(c, 'cli-watch');
  let run: Run | undefined;
  const changed = changedBy(s.root, () => {
    run = runCliProcess(c.args, s);
  });
  if (run?.code !== 0) throw new Error(`${c.name}: the clean run failed: ${run?.stderr}`);
  // Backups carry the clock in their name; the victim is the scene's own, not a target.
  return changed.filter((p) => !p.includes('.hookwarden-backup-') && p !== 'user/.zshrc');
}

const noTrace = (r: Run): void => {
  expect(`${r.stdout}${r.stderr}`).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
};

describe.skipIf(process.platform === 'win32')('a trap at any path a CLI command writes', () => {
  for (const c of COMMANDS) {
    describe(c.name, () => {
      const targets = writtenBy(c);

      it('writes somewhere this suite plants at', () => {
        expect(targets.length).toBeGreaterThan(0);
      });

      for (const target of targets) {
        it.each(TRAPS)(`${target.replace(/[0-9a-f]{16,}/g, '…')}: %s`, (trap) => {
          const s = prepared(c, 'cli-trap');
          const path = join(s.root, target);
          rmSync(path, { force: true });
          plant(trap, path, s.victim);
          const run = runCliProcess(c.args, s);
          expect(run.hung).toBe(false);
          expect(victimUntouched(s)).toBe(true);
          expect(trapAt(path)).toBe(trap);
          if (trap === 'folder') expect(readdirSync(path)).toEqual([]);
          noTrace(run);
          // Whatever did not happen is said, one line at a time, naming the path.
          if (run.code !== 0) expect(run.stderr).toMatch(/^hookwarden[^\n]*(refused|cannot read|not)/m);
        });
      }

      // hookwarden's folders and the settings folders; the project and the user's home themselves are the user's layout.
      const folders = [...new Set(targets.filter((t) => t.includes('/')).map((t) => t.slice(0, t.lastIndexOf('/'))))].filter((f) => f.includes('/'));
      it.each(folders)('a link in place of %s: nothing is written in its target', (folder) => {
        const s = prepared(c, 'cli-dirlink');
        const elsewhere = join(s.root, 'elsewhere');
        mkdirSync(elsewhere);
        rmSync(join(s.root, folder), { recursive: true, force: true });
        mkdirSync(join(s.root, folder, '..'), { recursive: true, mode: 0o700 });
        symlinkSync(elsewhere, join(s.root, folder));
        const run = runCliProcess(c.args, s);
        expect(run.hung).toBe(false);
        expect(readdirSync(elsewhere)).toEqual([]);
        noTrace(run);
      });
    });
  }
});
