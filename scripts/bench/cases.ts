// npm run bench's inputs: per hook, one stdin it allows and one it denies or blocks (or, for a hook that cannot,
// its strongest answer), each checked before it is timed, so the bench never times a path it did not mean to.
// The targets are issue 18's: a hook call at most this many times `node -e 0` (session-start is reported only).

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Case {
  /** allow, or what the other input gets: deny (PreToolUse), block, or warn (post-tool-use cannot block); `read`:
   * an allowed call of another tool than Bash, timed for the record (most tool calls are not Bash, and only Bash
   * loads the shell analyser), not held to the target. */
  kind: 'allow' | 'deny' | 'block' | 'warn' | 'read';
  /** What the input is, for the table. */
  label: string;
  /** The stdin of one run (a function: the stop block needs a session of its own each time). */
  input: () => string;
  /** Whether a run's answer is the one this input is for (exit code and stdout). */
  expect: (status: number | null, stdout: string) => boolean;
}

export interface HookCases {
  hook: string;
  /** Issue 18's target for the ratio to `node -e 0`; null: reported only. */
  target: number | null;
  cases: Case[];
  /** Why a hook has no deny input, said under the table. */
  note?: string;
}

const NOT_ALLOWED = /"permissionDecision":"(?:deny|ask)"|"decision":"block"|hookwarden (?:block|warn|ask)/;

export function benchCases(root: string): HookCases[] {
  const fx = (name: string): string => readFileSync(join(root, 'test', 'fixtures', 'claude-code', `${name}.json`), 'utf8');
  const allow = (name: string): Case => {
    const text = fx(name);
    return { kind: 'allow', label: name, input: () => text, expect: (status, out) => status === 0 && !NOT_ALLOWED.test(out) };
  };
  const stopNormal = JSON.parse(fx('stop-normal')) as Record<string, unknown>;
  return [
    {
      hook: 'pre-tool-use',
      target: 1.3,
      cases: [
        allow('pre-bash-git-status'),
        { kind: 'deny', label: 'pre-bash-rm-rf-root', input: () => fx('pre-bash-rm-rf-root'), expect: (s, out) => s === 2 && out.includes('"permissionDecision":"deny"') },
        { ...allow('pre-read-source'), kind: 'read' },
      ],
    },
    {
      hook: 'user-prompt',
      target: 1.4,
      cases: [allow('prompt-decision'), { kind: 'block', label: 'prompt-secret', input: () => fx('prompt-secret'), expect: (s, out) => s === 2 && out.includes('"decision":"block"') }],
    },
    {
      hook: 'post-tool-use',
      target: 1.4,
      cases: [allow('post-bash-ok'), { kind: 'warn', label: 'post-read-leaks-token', input: () => fx('post-read-leaks-token'), expect: (s, out) => s === 0 && out.includes('hookwarden warn') }],
      note: 'post-tool-use has no deny path, the tool already ran: its strongest answer (a credential in the output, a warning) is timed instead',
    },
    {
      hook: 'stop',
      target: 1.4,
      cases: [
        allow('stop-normal'),
        {
          kind: 'block',
          label: 'stop-normal claiming "All tests pass." (new session each run)',
          // A claim no test run backs is blocked once per session (lib/engine/route-stop.ts): a fresh session each run.
          input: () => JSON.stringify({ ...stopNormal, session_id: randomUUID(), last_assistant_message: 'Done. All tests pass.' }),
          expect: (s, out) => s === 0 && out.includes('hookwarden block'),
        },
      ],
    },
    {
      hook: 'session-start',
      target: null,
      cases: [allow('session-start-startup')],
      note: 'session-start has no deny path, it only adds context at startup: its allow input alone',
    },
  ];
}
