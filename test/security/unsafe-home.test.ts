// A $HOOKWARDEN_HOME that is a link, someone else's folder, or writable by group or others is refused: nothing is
// read from it or written to it (not even the compile cache), the guard still judges, and guard hooks fail closed
// (what is blocked stays blocked; anything milder is asked about, naming the problem and the fix).

import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hookInput, runBundle, runCliProcess, type Scene } from './plant.js';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

interface Home {
  kind: string;
  /** The scene, whose `home` is the refused folder; `watch` is where writes would land if it were used. */
  make: () => { s: Scene; watch: string };
  problem: RegExp;
}

function base(label: string): { root: string; project: string } {
  const root = mkdtempSync(join(tmpdir(), `hw-sec-home-${label}-`));
  const project = join(root, 'project');
  mkdirSync(project);
  return { root, project };
}

const HOMES: Home[] = [
  {
    kind: 'a symbolic link',
    make: () => {
      const { root, project } = base('link');
      const real = join(root, 'real-home');
      mkdirSync(real, { mode: 0o700 });
      // A config in the link's target must not be read either (it would loosen the guard).
      writeFileSync(join(real, 'config.json'), JSON.stringify({ onInternalError: 'ask' }));
      symlinkSync(real, join(root, 'hw'));
      return { s: { root, home: join(root, 'hw'), project, victim: '' }, watch: real };
    },
    problem: /is a symbolic link/,
  },
  {
    kind: 'writable by other users',
    make: () => {
      const { root, project } = base('open');
      const home = join(root, 'hw');
      mkdirSync(home);
      chmodSync(home, 0o777);
      return { s: { root, home, project, victim: '' }, watch: home };
    },
    problem: /is writable by its group and other users \(mode 777\)/,
  },
  ...(isRoot
    ? [
        {
          kind: "another user's folder",
          make: () => {
            const { root, project } = base('foreign');
            const home = join(root, 'hw');
            mkdirSync(home, { mode: 0o700 });
            chownSync(home, 65534, 65534);
            return { s: { root, home, project, victim: '' }, watch: home };
          },
          problem: /is owned by uid 65534/,
        },
      ]
    : []),
];

const bash = (s: Scene, command: string) => hookInput(s, 'PreToolUse', { tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_home' });
const decision = (stdout: string) => JSON.parse(stdout).hookSpecificOutput?.permissionDecision as string | undefined;

describe.skipIf(process.platform === 'win32').each(HOMES)('a HOOKWARDEN_HOME that is $kind', (h) => {
  it('blocks what is blocked, asks about the rest naming the problem, and writes nothing there', () => {
    const { s, watch } = h.make();
    const before = readdirSync(watch).sort();

    const rm = runBundle('pre-tool-use', bash(s, 'rm -rf /'), s);
    expect(rm.code).toBe(2);
    expect(decision(rm.stdout)).toBe('deny');
    expect(rm.stdout).toContain('engine/unsafe-home');

    const status = runBundle('pre-tool-use', bash(s, 'git status'), s);
    expect(status.code).toBe(0);
    expect(decision(status.stdout)).toBe('ask');
    const reason = JSON.parse(status.stdout).hookSpecificOutput.permissionDecisionReason as string;
    expect(reason).toContain('engine/unsafe-home');
    expect(reason).toMatch(h.problem);
    expect(reason).toContain(`chmod 700 ${s.home}`);
    expect(status.stderr).toMatch(/^hookwarden: \$HOOKWARDEN_HOME \(.*\) .*refuses it/m);

    const prompt = runBundle('user-prompt', hookInput(s, 'UserPromptSubmit', { prompt: 'Remember that we use pnpm, not npm.' }), s);
    expect(prompt.code).toBe(0);
    expect(prompt.stdout).toContain('engine/unsafe-home');

    const start = runBundle('session-start', hookInput(s, 'SessionStart', { source: 'startup' }), s);
    expect(start.code).toBe(0);
    expect(JSON.parse(start.stdout).systemMessage).toMatch(h.problem);

    for (const hook of ['post-tool-use', 'stop'] as const) {
      const event = hook === 'stop' ? hookInput(s, 'Stop', { stop_hook_active: false, last_assistant_message: 'Done.' }) : { ...bash(s, 'git status'), hook_event_name: 'PostToolUse', tool_response: { stdout: '' } };
      const r = runBundle(hook, event, s);
      expect(r.code, hook).toBe(0);
      expect(r.stderr, hook).toMatch(h.problem);
    }

    // No audit, state, memory or compile cache landed in the refused folder.
    expect(readdirSync(watch).sort()).toEqual(before);
  });

  it('CLI commands that would write there refuse with one line', () => {
    const { s, watch } = h.make();
    const before = readdirSync(watch).sort();
    const r = runCliProcess(['grant', 'bash-git', '--for', '30m', '--session', 'sec-home'], s);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(h.problem);
    expect(readdirSync(watch).sort()).toEqual(before);
  });
});
