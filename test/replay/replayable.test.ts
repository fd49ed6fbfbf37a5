// The skip policy, check by check, on hand-made audit lines (fake data, shaped like lib/audit/event.ts writes them).

import { describe, expect, it } from 'vitest';
import type { AuditLine } from '../../lib/replay/read.js';
import { classify, hasTruncation, projectDirOf, SKIP_ORDER, stateWrittenRule, targetOf } from '../../lib/replay/replayable.js';
import { truncateString } from '../../lib/audit/event.js';

const INPUT = {
  session_id: 's-1',
  transcript_path: '/home/dev/.claude/projects/-home-dev-project/s-1.jsonl',
  cwd: '/home/dev/project',
  permission_mode: 'default',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'git push --force origin feature/x' },
  tool_use_id: 'toolu_1',
};

function line(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    schema: 1,
    decision_id: 'd-1',
    ts: '2026-11-22T12:00:00.000Z',
    session_id: 's-1',
    event: 'PreToolUse',
    tool: 'Bash',
    tool_use_id: 'toolu_1',
    input: INPUT,
    registry_hash: 'r',
    config_hash: 'c',
    engine_version: '0.0.0-dev',
    local: { matches: [{ id: 'bash-git/force-push', severity: 'high', action: 'ask', matched: 'git push --force' }], max_severity: 'high', level: 'ask', confidence: 0.6 },
    orchestrator: { available: true, source: 'keter:embedded', level: 'ask', answer: { intervention: { level: 'ask' } }, latency_ms: 0 },
    rules: ['LOCAL_ASK_STANDS', 'CONSENSUS_WITH_KETER'],
    verdict: 'ask',
    confidence: 0.7,
    latency_ms: 3,
    redactions: [],
    ...over,
  };
}

const at = (value: Record<string, unknown>): AuditLine => ({ file: 'audit.jsonl', line: 7, kind: 'json', value });
const reason = (value: Record<string, unknown>) => {
  const c = classify(at(value));
  return c.kind === 'skipped' ? c.reason : 'replayable';
};

describe('classify', () => {
  it('replays a routed decision with its stdin rebuilt from the logged input', () => {
    const c = classify(at(line()));
    expect(c).toMatchObject({ kind: 'replayable', file: 'audit.jsonl', line: 7, hook: 'pre-tool-use', time: Date.UTC(2026, 10, 22, 12) });
    if (c.kind !== 'replayable') throw new Error('not replayable');
    expect(JSON.parse(c.stdin)).toEqual(INPUT);
  });

  it('replays a PostToolUseFailure line through the post-tool-use hook', () => {
    const input = { ...INPUT, hook_event_name: 'PostToolUseFailure', tool_input: { command: 'npm test' }, error: 'Exit code 1', is_interrupt: false };
    const c = classify(at(line({ event: 'PostToolUseFailure', input, local: { matches: [], max_severity: 'none', level: 'silent', confidence: 0 }, verdict: 'silent' })));
    expect(c).toMatchObject({ kind: 'replayable', hook: 'post-tool-use' });
    if (c.kind !== 'replayable') throw new Error('not replayable');
    expect(JSON.parse(c.stdin)).toEqual(input);
    expect(targetOf('PostToolUseFailure', input)).toBe('npm test');
    // The logged event and the input's must agree.
    expect(reason(line({ event: 'PostToolUseFailure', input: { ...input, hook_event_name: 'PostToolUse' } }))).toBe('malformed');
  });

  it('passes unreadable and partial lines through as skipped', () => {
    expect(classify({ file: 'f', line: 1, kind: 'unreadable' })).toEqual({ kind: 'skipped', file: 'f', line: 1, reason: 'unreadable' });
    expect(classify({ file: 'f', line: 9, kind: 'partial-line' })).toMatchObject({ reason: 'partial-line' });
  });

  it('skips other schema versions and malformed lines', () => {
    expect(reason(line({ schema: 2 }))).toBe('other-schema');
    const noSchema = line();
    delete noSchema.schema;
    expect(reason(noSchema)).toBe('other-schema');
    for (const over of [{ decision_id: '' }, { ts: 'yesterday' }, { verdict: 'maybe' }, { rules: 'x' }, { redactions: null }, { local: {} }, { orchestrator: { source: 'x' } }, { config_hash: 1 }]) {
      expect(reason(line(over)), JSON.stringify(over)).toBe('malformed');
    }
    const noInput = line();
    delete noInput.input;
    expect(reason(noInput)).toBe('malformed');
    expect(reason(line({ input: { ...INPUT, hook_event_name: 'PostToolUse' } }))).toBe('malformed');
  });

  it('skips what is not a routed decision', () => {
    for (const over of [
      { event: 'memory', rules: ['MEMORY_STORED'], input: null },
      { event: 'cli:grant', rules: ['SESSION_GRANT'], input: null },
      { event: 'SessionStart', rules: ['SESSION_START'], input: null },
      { rules: ['INPUT_REJECTED_FAIL_CLOSED'], input: null, redactions: ['input:dropped'] },
      { event: 'PostToolUse', rules: ['INPUT_REJECTED'], input: null },
      { event: 'Notification' },
    ]) {
      expect(reason(line(over)), JSON.stringify(over)).toBe('not-a-decision');
    }
  });

  it('skips internal errors', () => {
    expect(reason(line({ registry_hash: 'unavailable', config_hash: 'unavailable' }))).toBe('internal-error');
    expect(reason(line({ rules: ['INTERNAL_ERROR_ASK'] }))).toBe('internal-error');
    expect(reason(line({ local: { matches: [{ id: 'engine/internal-error' }] } }))).toBe('internal-error');
  });

  it('skips inputs dropped, withheld, masked or cut', () => {
    expect(reason(line({ input: null, redactions: ['input:dropped'] }))).toBe('input-dropped');
    expect(reason(line({ input: 'not an object' }))).toBe('input-dropped');
    expect(reason(line({ input: { ...INPUT, tool_input: '[withheld: a memory write holding facts that need consent]' } }))).toBe('input-withheld');
    expect(reason(line({ redactions: ['input.tool_input.command'] }))).toBe('input-redacted');
    expect(reason(line({ redactions: ['input.tool_input.edits[0].new_string'] }))).toBe('input-redacted');
    // A masked match excerpt or orchestrator text does not touch the input: replayable.
    expect(reason(line({ redactions: ['local.matches[0].matched', 'orchestrator.answer.intervention.reason'] }))).toBe('replayable');
    const long = truncateString(`echo ${'a'.repeat(2100)}`);
    expect(reason(line({ input: { ...INPUT, tool_input: { command: long } } }))).toBe('input-truncated');
    expect(reason(line({ input: { ...INPUT, tool_input: { deep: '[too deep]' } } }))).toBe('input-truncated');
  });

  it('skips prompts whose private blocks were logged as [PRIVATE]', () => {
    const input = { session_id: 's-1', cwd: '/home/dev/project', hook_event_name: 'UserPromptSubmit', prompt: 'look at [PRIVATE] please' };
    expect(reason(line({ event: 'UserPromptSubmit', tool: undefined, input }))).toBe('private-block');
    expect(reason(line({ event: 'UserPromptSubmit', tool: undefined, input: { ...input, prompt: 'look at this please' } }))).toBe('replayable');
  });

  it('skips decisions that depended on session state', () => {
    expect(reason(line({ session: { read_only: 'turn: the user said "just investigate"' } }))).toBe('session-state');
    expect(reason(line({ session: { grants_used: ['g1 bash-git/force-push on git push --force'] } }))).toBe('session-state');
    expect(reason(line({ rules: ['KETER_SILENT_CONSENSUS', 'GRANT_APPLIED'] }))).toBe('session-state');
    expect(reason(line({ event: 'PostToolUse', rules: ['KETER_SILENT_CONSENSUS', 'APPROVAL_REMEMBERED'], input: { ...INPUT, hook_event_name: 'PostToolUse' } }))).toBe('session-state');
    // Notes alone (a state change recorded) do not make the verdict depend on state.
    expect(reason(line({ session: { notes: ['session state was unreadable and was replaced'] } }))).toBe('replayable');
  });

  it('skips Stop decisions, except the ones stop_hook_active kept from reading the session', () => {
    const stop = { session_id: 's-1', cwd: '/home/dev/project', hook_event_name: 'Stop' };
    const base = { event: 'Stop', tool: undefined, rules: ['KETER_UNAVAILABLE_LOCAL_STANDS'], verdict: 'silent', local: { matches: [] } };
    expect(reason(line({ ...base, input: { ...stop, stop_hook_active: false } }))).toBe('stop-session-state');
    expect(reason(line({ ...base, input: stop }))).toBe('stop-session-state');
    expect(reason(line({ ...base, input: { ...stop, stop_hook_active: true }, rules: ['KETER_UNAVAILABLE_LOCAL_STANDS', 'STOP_HOOK_ACTIVE_NEVER_BLOCKS'] }))).toBe('replayable');
  });

  it('checks in the documented order', () => {
    // Redacted and session-bound at once: the first check in SKIP_ORDER names it.
    expect(reason(line({ redactions: ['input.tool_input.command'], session: { read_only: 'x' } }))).toBe('input-redacted');
    expect(SKIP_ORDER.indexOf('input-redacted')).toBeLessThan(SKIP_ORDER.indexOf('session-state'));
  });
});

describe('hasTruncation', () => {
  it('finds the marker in strings and keys, at any depth', () => {
    expect(hasTruncation({ a: ['x', { b: 'y…[+12 chars]' }] })).toBe(true);
    expect(hasTruncation({ [`k…[+3 chars]`]: 1 })).toBe(true);
    expect(hasTruncation({ a: 'mentions …[+12 chars] in the middle' })).toBe(false);
    expect(hasTruncation({ a: 1, b: null, c: true })).toBe(false);
  });
});

describe('projectDirOf', () => {
  it('is the ancestor of cwd the transcript folder is named after', () => {
    expect(projectDirOf({ cwd: '/home/dev/project/src/lib', transcript_path: '/home/dev/.claude/projects/-home-dev-project/x.jsonl' })).toBe('/home/dev/project');
    expect(projectDirOf({ cwd: '/home/dev/my.app', transcript_path: '/home/dev/.claude/projects/-home-dev-my-app/x.jsonl' })).toBe('/home/dev/my.app');
  });
  it('is the cwd when no transcript names an ancestor', () => {
    expect(projectDirOf({ cwd: '/home/dev/project/src' })).toBe('/home/dev/project/src');
    expect(projectDirOf({ cwd: '/srv/other', transcript_path: '/home/dev/.claude/projects/-home-dev-project/x.jsonl' })).toBe('/srv/other');
  });
});

describe('targetOf', () => {
  it('names the command, the path, the prompt start or the tool input, on one bounded line', () => {
    expect(targetOf('PreToolUse', { tool_input: { command: 'git  push\n--force' } })).toBe('git push --force');
    expect(targetOf('PreToolUse', { tool_input: { file_path: '/home/dev/project/.env', content: 'x' } })).toBe('/home/dev/project/.env');
    expect(targetOf('UserPromptSubmit', { prompt: 'a'.repeat(200) })).toBe(`${'a'.repeat(79)}…`);
    expect(targetOf('PreToolUse', { tool_input: { observations: [1] } })).toBe('{"observations":[1]}');
    expect(targetOf('Stop', { stop_hook_active: true })).toBe('stop (stop_hook_active)');
  });
});

describe('stateWrittenRule', () => {
  it('names the rules a call adds by writing state, and only those', () => {
    expect(stateWrittenRule('APPROVAL_REMEMBERED')).toBe(true);
    expect(stateWrittenRule('MEMORY_STORED')).toBe(true);
    expect(stateWrittenRule('LOCAL_ASK_STANDS')).toBe(false);
    expect(stateWrittenRule('GRANT_APPLIED')).toBe(false);
  });
});
