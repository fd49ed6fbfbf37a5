// Failed tool calls and prose-only changes through the real hook bundles, one process per call as Claude Code runs
// them: a failing `npm test` is a check that ran and failed (the Stop says so, and no "tests pass" claim is backed),
// an ask whose command then failed is still remembered as approved, a failing Bash command that wrote still arms the
// check, and editing only README.md or CLAUDE.md asks for nothing. How a Stop block is rendered is render.ts's
// business; here a stop "speaks" when it has any output, and the reason's text is checked.

import { describe, expect, it } from 'vitest';
import { outcome, sessionRig, writeProjectFile, type Run, type SessionRig } from '../helpers/session-run.js';

const PACKAGE = JSON.stringify({ name: 'greeter', private: true, scripts: { test: 'vitest run' } });

const text = (r: Run): string => `${r.stdout}\n${r.stderr}`;
const quiet = (r: Run): void => {
  expect(r.exit, text(r)).toBe(0);
  expect(outcome(r), text(r)).toBe('none');
};
const edit = (path: string, id: string) => ({
  hook_event_name: 'PostToolUse',
  tool_name: 'Edit',
  tool_input: { file_path: `$PROJECT/${path}`, old_string: 'a', new_string: 'b' },
  tool_use_id: id,
  tool_response: { filePath: `$PROJECT/${path}` },
});
const bashFailed = (command: string, id: string, error = 'Exit code 1') => ({ hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: { command }, tool_use_id: id, error, is_interrupt: false });
const bashOk = (command: string, id: string) => ({ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: id, tool_response: { stdout: 'ok', stderr: '', interrupted: false } });
const stop = (rig: SessionRig, message: string, active = false): Run => rig.call({ hook_event_name: 'Stop', stop_hook_active: active, last_assistant_message: message });

describe('failed tool calls in a session', () => {
  it('a failing npm test after an edit: the Stop names the failed run and backs no "tests pass"; a passing run clears it', () => {
    const rig = sessionRig('failures-check-5f2c9a1e');
    writeProjectFile(rig.project, 'package.json', PACKAGE);
    quiet(rig.call({ hook_event_name: 'UserPromptSubmit', prompt: 'Fix the greeting in src/greet.ts' }));
    quiet(rig.call(edit('src/greet.ts', 'toolu_e1')));
    quiet(rig.call(bashFailed('npm test', 'toolu_t1', 'Exit code 1\n Tests  1 failed | 11 passed (12)')));
    const blocked = stop(rig, 'Fixed the greeting; all tests pass.');
    expect(outcome(blocked), text(blocked)).not.toBe('none');
    for (const s of ['the last test run after the last change failed (`npm test`) (session.verifyAfterWrite: block; remind or off in ~/.hookwarden/config.json) [session/unverified-changes]', 'claims/tests-pass', 'session.verifyAfterWrite: block']) expect(text(blocked)).toContain(s);
    expect(text(blocked)).not.toContain('nothing checked');
    quiet(stop(rig, 'Fixed the greeting; all tests pass.', true));
    expect(rig.audit().find((l) => l.event === 'PostToolUseFailure')).toMatchObject({ tool: 'Bash', verdict: 'silent' });
    // The fix, then a passing run.
    quiet(rig.call(edit('src/greet.ts', 'toolu_e2')));
    quiet(rig.call(bashOk('npm test', 'toolu_t2')));
    quiet(stop(rig, 'Fixed the greeting; all tests pass.'));
  }, 60_000);

  it('an ask the user approved whose command then failed is remembered; the failed push backs no "pushed" claim', () => {
    const rig = sessionRig('failures-approval-5f2c9a1e');
    quiet(rig.call({ hook_event_name: 'UserPromptSubmit', prompt: 'Update the remote branch feat/x' }));
    const command = 'git push --force origin feat/x';
    expect(outcome(rig.call({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_p1' }))).toBe('ask');
    quiet(rig.call(bashFailed(command, 'toolu_p1', 'Exit code 1\n! [remote rejected] feat/x (protected branch hook declined)')));
    expect(JSON.stringify(rig.audit().at(-1))).toContain('APPROVAL_REMEMBERED');
    quiet(rig.call({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_p2' }));
    expect(JSON.stringify(rig.audit().at(-1))).toContain('GRANT_APPLIED');
    const claim = stop(rig, 'I pushed the branch to origin.');
    expect(outcome(claim), text(claim)).not.toBe('none');
    expect(text(claim)).toContain('claims/pushed');
    expect(text(claim)).toContain('but the git push command that ran in this turn failed');
  }, 60_000);

  it('a failing Bash command that wrote a file still arms the check', () => {
    const rig = sessionRig('failures-write-5f2c9a1e');
    quiet(rig.call({ hook_event_name: 'UserPromptSubmit', prompt: 'Rename the helper' }));
    quiet(rig.call(bashFailed("sed -i 's/greet/hello/' src/greet.ts && false", 'toolu_s1')));
    const r = stop(rig, 'Renamed it.');
    expect(outcome(r), text(r)).not.toBe('none');
    expect(text(r)).toContain('session/unverified-changes');
    expect(text(r)).toContain('src/greet.ts');
  }, 60_000);
});

describe('changes no project check covers', () => {
  it('editing only README.md and CLAUDE.md asks for no test run; a code change among them does, naming only the code', () => {
    const rig = sessionRig('failures-docs-5f2c9a1e');
    writeProjectFile(rig.project, 'package.json', PACKAGE);
    quiet(rig.call({ hook_event_name: 'UserPromptSubmit', prompt: 'Document the greeter in README.md and CLAUDE.md' }));
    quiet(rig.call(edit('README.md', 'toolu_d1')));
    quiet(rig.call(edit('CLAUDE.md', 'toolu_d2')));
    quiet(stop(rig, 'Documented the greeter.'));
    quiet(rig.call(edit('src/greet.ts', 'toolu_d3')));
    const r = stop(rig, 'Documented the greeter and fixed a typo in greet().');
    expect(outcome(r), text(r)).not.toBe('none');
    expect(text(r)).toContain('1 changed file was not checked');
    expect(text(r)).toContain('npm test');
    expect(text(r)).not.toContain('README.md');
  }, 60_000);
});
