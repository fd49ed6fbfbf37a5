// Memory with consent through the real hook bundles and CLI: one test per path (explicit low, explicit
// sensitive, proposed low, proposed sensitive → pending → approved by the next prompt / by the CLI / expired,
// secrets refused, forget), the session start that injects what was stored, and a sweep of every file
// hookwarden wrote for sensitive text before consent.

import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditEventV1 } from '../../lib/audit/event.js';
import type { MemoryFile } from '../../lib/memory/facts.js';
import { memoryFile } from '../../lib/memory/memory-file.js';
import { outcome, sessionRig, type Run, type SessionRig } from '../helpers/session-run.js';

// Fake people and facts, invented for these tests.
const SENSITIVE = { name: 'Annika Lindqvist', fact: 'was diagnosed with type 2 diabetes in March' };
const PRIVATE_NOTE = 'my neighbour Rosalind Achterberg lends me her car';

const store = (rig: SessionRig, scope: 'project' | 'user' = 'project'): MemoryFile => {
  try {
    return JSON.parse(readFileSync(memoryFile(rig.home, scope, rig.project), 'utf8')) as MemoryFile;
  } catch {
    return { v: 1, scope, facts: [], pending: [] };
  }
};

const memoryLines = (rig: SessionRig, from = 0): AuditEventV1[] => rig.audit().slice(from).filter((e) => e.event === 'memory');

const context = (r: Run): string => {
  if (!r.stdout) return '';
  const j = JSON.parse(r.stdout) as { hookSpecificOutput?: { additionalContext?: string; permissionDecisionReason?: string } };
  return j.hookSpecificOutput?.additionalContext ?? j.hookSpecificOutput?.permissionDecisionReason ?? '';
};

const prompt = (text: string) => ({ hook_event_name: 'UserPromptSubmit', prompt: text });
const stop = () => ({ hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Done.' });
const sessionStart = () => ({ hook_event_name: 'SessionStart', source: 'startup' });

/** A memory-server write proposed by the model, and the transcript line Claude Code would have written for it. */
function proposeObservation(rig: SessionRig, toolUseId: string, entity: string, contents: string[]) {
  const input = { observations: [{ entityName: entity, contents }] };
  const transcript = join(rig.project, '..', `transcript-${rig.sessionId}.jsonl`);
  const lines = [
    { type: 'user', message: { role: 'user', content: 'Please keep track of what I tell you about the team.' } },
    { type: 'assistant', message: { id: `msg_${toolUseId}`, role: 'assistant', content: [{ type: 'tool_use', id: toolUseId, name: 'mcp__memory__add_observations', input }] } },
  ];
  writeFileSync(transcript, lines.map((l) => JSON.stringify(l)).join('\n') + '\n', { flag: 'a' });
  return {
    pre: { hook_event_name: 'PreToolUse', tool_name: 'mcp__memory__add_observations', tool_input: input, tool_use_id: toolUseId, transcript_path: transcript },
    post: { hook_event_name: 'PostToolUse', tool_name: 'mcp__memory__add_observations', tool_input: input, tool_use_id: toolUseId, transcript_path: transcript, tool_response: [{ type: 'text', text: 'ok' }] },
  };
}

/** Every file under a folder, recursively, as text. */
function everyFile(dir: string): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...everyFile(p));
    else out.push({ path: p, text: readFileSync(p).toString('utf8') });
  }
  return out;
}

describe('memory paths through the real hooks', () => {
  it('explicit low: a "remember that" prompt stores the fact with consent "explicit"', () => {
    const rig = sessionRig('mem-explicit-low-0001');
    const r = rig.call(prompt('Remember that we use pnpm, not npm, in this repository. Now add a lint script.'));
    expect(r.exit, r.stderr).toBe(0);
    const [fact] = store(rig).facts;
    expect(fact).toMatchObject({ text: 'we use pnpm, not npm, in this repository', class: 'low', consent: 'explicit' });
    expect(context(r)).toContain(`hookwarden remembered ${fact?.id}`);
    const [line] = memoryLines(rig);
    expect(line?.rules).toEqual(['MEMORY_STORED']);
    expect(line?.memory).toMatchObject({ id: fact?.id, consent: 'explicit', class: 'low' });
    // Storing it twice is one fact.
    rig.call(prompt('Remember that we use PNPM, not npm, in this repository!'));
    expect(store(rig).facts).toHaveLength(1);
    expect(memoryLines(rig).at(-1)?.rules).toEqual(['MEMORY_DUPLICATE']);
  });

  it('explicit sensitive: the request is consent, the fact is stored as sensitive', () => {
    const rig = sessionRig('mem-explicit-sensitive-0002');
    const r = rig.call(prompt('Please remember that my daughter has a peanut allergy.'));
    expect(r.exit, r.stderr).toBe(0);
    const [fact] = store(rig).facts;
    expect(fact).toMatchObject({ class: 'sensitive', consent: 'explicit' });
    expect(fact?.categories).toContain('health');
    const line = memoryLines(rig)[0];
    expect(line?.memory?.consent).toBe('explicit');
    // The audit line carries the masked preview only.
    expect(line?.memory?.preview).toContain('[person]');
    expect(JSON.stringify(line)).not.toContain('daughter');
  });

  it('proposed low: stored after the turn, only if the tool ran, and given to the next session', () => {
    const rig = sessionRig('mem-proposed-low-0003');
    const input = { entities: [{ name: 'build-conventions', entityType: 'project', observations: ['Use 2-space indentation in TypeScript files'] }] };
    const pre = rig.call({ hook_event_name: 'PreToolUse', tool_name: 'mcp__memory__create_entities', tool_input: input, tool_use_id: 'toolu_low_1' });
    expect(outcome(pre), pre.stderr).toBe('none');
    // A second proposal whose tool never runs (the user denied it): nothing of it is stored.
    const input2 = { entities: [{ name: 'lint-conventions', entityType: 'project', observations: ['Run eslint with --max-warnings 0'] }] };
    rig.call({ hook_event_name: 'PreToolUse', tool_name: 'mcp__memory__create_entities', tool_input: input2, tool_use_id: 'toolu_low_2' });
    rig.call({ hook_event_name: 'PostToolUse', tool_name: 'mcp__memory__create_entities', tool_input: input, tool_use_id: 'toolu_low_1', tool_response: 'ok' });
    // Not mid-turn: nothing is in the store before the Stop.
    expect(store(rig).facts).toHaveLength(0);
    const s = rig.call(stop());
    expect(s.exit, s.stderr).toBe(0);
    const facts = store(rig).facts;
    expect(facts.map((f) => f.text)).toEqual(['build-conventions (project): Use 2-space indentation in TypeScript files']);
    expect(facts[0]).toMatchObject({ class: 'low', consent: 'auto-low', origin: { kind: 'tool', tool: 'mcp__memory__create_entities' } });
    const rules = memoryLines(rig).map((l) => `${l.rules[0]} ${l.memory?.consent}`);
    expect(rules).toEqual(['MEMORY_STORED auto-low', 'MEMORY_REFUSED none']);
    // The next session is told.
    const next = sessionRig('mem-proposed-low-0003-next', { home: rig.home, project: rig.project });
    const start = next.call(sessionStart());
    expect(context(start)).toContain('Use 2-space indentation in TypeScript files');
  });

  it('proposed low into CLAUDE.md: the write goes ahead, the ledger keeps it, the next session is not told twice', () => {
    const rig = sessionRig('mem-claude-md-0004');
    writeFileSync(join(rig.project, 'CLAUDE.md'), '# Project\n\n- Tests: `npm test`\n');
    const input = { file_path: join(rig.project, 'CLAUDE.md'), old_string: '- Tests: `npm test`', new_string: '- Tests: `npm test`\n- Format with `npm run fmt` before committing' };
    const pre = rig.call({ hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: input, tool_use_id: 'toolu_md_1' });
    expect(outcome(pre), pre.stderr).toBe('none');
    rig.call({ hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: input, tool_use_id: 'toolu_md_1', tool_response: { filePath: input.file_path } });
    rig.call(stop());
    const [fact] = store(rig).facts;
    expect(fact).toMatchObject({ text: 'Format with `npm run fmt` before committing', consent: 'auto-low', origin: { path: expect.stringMatching(/\/CLAUDE\.md$/), loadedByAgent: true } });
    const start = sessionRig('mem-claude-md-0004-next', { home: rig.home, project: rig.project }).call(sessionStart());
    expect(context(start)).not.toContain('npm run fmt');
    // A Write replacing the whole file proposes only the lines the file does not hold yet.
    writeFileSync(input.file_path, '# Project\n\n- Tests: `npm test`\n- Format with `npm run fmt` before committing\n');
    const write = { file_path: input.file_path, content: '# Project\n\n- Tests: `npm test`\n- Format with `npm run fmt` before committing\n- Keep commits small\n' };
    rig.call({ hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: write, tool_use_id: 'toolu_md_2' });
    rig.call({ hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: write, tool_use_id: 'toolu_md_2', tool_response: { filePath: input.file_path } });
    rig.call(stop());
    expect(store(rig).facts.map((f) => f.text)).toEqual(['Format with `npm run fmt` before committing', 'Keep commits small']);
  });

  it('proposed sensitive → pending → approved by the next prompt; nothing sensitive on disk before consent', () => {
    const rig = sessionRig('mem-pending-prompt-0005');
    rig.call(prompt(`Let's plan the team offsite. <private>${PRIVATE_NOTE}</private>`));
    const p = proposeObservation(rig, 'toolu_sens_1', SENSITIVE.name, [SENSITIVE.fact]);
    const pre = rig.call(p.pre);
    expect(pre.exit).toBe(2);
    expect(outcome(pre)).toBe('deny');
    expect(pre.stderr).toContain('memory/sensitive-proposal');
    const [pending] = store(rig).pending;
    expect(pending?.id).toMatch(/^m-[0-9a-f]{10}$/);
    expect(context(pre)).toContain(`approve ${pending?.id}`);
    rig.call(stop());
    // Before consent: no file hookwarden wrote holds the fact, the person's name or the private note.
    const before = everyFile(rig.home);
    expect(before.length).toBeGreaterThan(2);
    for (const f of before) {
      for (const secret of [SENSITIVE.name, 'diabetes', 'Rosalind', 'lends me her car']) expect(f.text, f.path).not.toContain(secret);
    }
    expect(memoryLines(rig).map((l) => l.rules[0])).toEqual(['MEMORY_PENDING']);
    // The user's next prompt answers it.
    const answer = rig.call(prompt(`Yes, approve ${pending?.id}. Then continue with the agenda.`));
    expect(answer.exit, answer.stderr).toBe(0);
    expect(context(answer)).toContain(`stored ${pending?.id} with the user's consent`);
    const { facts, pending: left } = store(rig);
    expect(left).toHaveLength(0);
    expect(facts[0]).toMatchObject({ id: pending?.id, class: 'sensitive', consent: 'prompt', text: `${SENSITIVE.name}: ${SENSITIVE.fact}` });
    expect(memoryLines(rig).at(-1)).toMatchObject({ rules: ['MEMORY_APPROVED'], memory: { consent: 'prompt', id: pending?.id } });
  });

  it('proposed sensitive → pending → approved with `hookwarden memory approve`', () => {
    const rig = sessionRig('mem-pending-cli-0006');
    const p = proposeObservation(rig, 'toolu_sens_2', 'Jonas Everhart', ['lives at 17 Quayside Lane, Port Merrin']);
    expect(outcome(rig.call(p.pre))).toBe('deny');
    const id = store(rig).pending[0]?.id as string;
    const list = rig.cli(['memory', 'list']);
    expect(list.stdout).toContain(`${id}`);
    expect(list.stdout).toContain('pending');
    expect(list.stdout).not.toContain('Quayside');
    const ok = rig.cli(['memory', 'approve', id]);
    expect(ok.exit, ok.stderr).toBe(0);
    expect(store(rig).facts[0]).toMatchObject({ id, consent: 'cli', text: 'Jonas Everhart: lives at 17 Quayside Lane, Port Merrin' });
    expect(memoryLines(rig).at(-1)).toMatchObject({ rules: ['MEMORY_APPROVED'], memory: { consent: 'cli' } });
    // Approving again finds nothing pending.
    expect(rig.cli(['memory', 'approve', id]).exit).toBe(1);
  });

  it('a changed proposal cannot be approved: consent is bound to the content hash', () => {
    const rig = sessionRig('mem-pending-tamper-0007');
    const p = proposeObservation(rig, 'toolu_sens_3', 'Mireille Fontaine', ['takes sertraline every morning']);
    expect(outcome(rig.call(p.pre))).toBe('deny');
    const id = store(rig).pending[0]?.id as string;
    // The transcript line is rewritten to say something else under the same tool_use id.
    const t = p.pre.transcript_path;
    writeFileSync(t, readFileSync(t, 'utf8').replace('sertraline every morning', 'sertraline every evening'));
    const r = rig.cli(['memory', 'approve', id]);
    expect(r.exit).toBe(1);
    expect(r.stderr).toContain('no longer holds the fact');
    expect(store(rig).facts).toHaveLength(0);
  });

  it('proposed sensitive → pending → expired unanswered', () => {
    const rig = sessionRig('mem-pending-expired-0008');
    const p = proposeObservation(rig, 'toolu_sens_4', 'Tobias Renwick', ['salary is 84,000 a year']);
    expect(outcome(rig.call(p.pre))).toBe('deny');
    const file = memoryFile(rig.home, 'project', rig.project);
    const m = store(rig);
    const id = m.pending[0]?.id as string;
    // Time passes beyond memory.pendingTtl (24h): the item's expiry is moved into the past.
    m.pending[0]!.expiresAt = Date.now() - 1000;
    writeFileSync(file, JSON.stringify(m));
    const start = sessionRig('mem-pending-expired-0008-next', { home: rig.home, project: rig.project }).call(sessionStart());
    expect(start.exit, start.stderr).toBe(0);
    expect(store(rig).pending).toHaveLength(0);
    expect(store(rig).facts).toHaveLength(0);
    const lines = rig.audit().filter((e) => e.event === 'memory');
    expect(lines.at(-1)).toMatchObject({ rules: ['MEMORY_EXPIRED'], memory: { id, consent: 'none' } });
    const late = rig.call(prompt(`approve ${id}`));
    expect(context(late)).toContain(`no pending memory ${id}`);
  });

  it('secrets are refused on every path and audited as rejected', () => {
    const rig = sessionRig('mem-secret-0009');
    const token = ['ghp', '_', 'Z8t3Qw7Lm2Xc9Vb4Nn6Kp1Rs5Td0Yf2Hj8Ga'].join('');
    const r = rig.call(prompt(`Remember that the CI token is ${token}.`));
    expect(outcome(r)).toBe('block');
    const p = { entities: [{ name: 'ci', entityType: 'project', observations: [`deploy key ${token}`] }] };
    const pre = rig.call({ hook_event_name: 'PreToolUse', tool_name: 'mcp__memory__create_entities', tool_input: p, tool_use_id: 'toolu_secret_1' });
    expect(outcome(pre)).toBe('deny');
    expect(store(rig).facts).toHaveLength(0);
    expect(store(rig).pending).toHaveLength(0);
    const refused = memoryLines(rig).filter((l) => l.rules[0] === 'MEMORY_REFUSED');
    expect(refused.map((l) => l.memory?.class)).toEqual(['secret', 'secret']);
    expect(refused.map((l) => l.memory?.consent)).toEqual(['explicit', 'none']);
    for (const f of everyFile(rig.home)) expect(f.text, f.path).not.toContain(token);
  });

  it('forget: by the fact\'s words and by id, in a prompt and from the CLI', () => {
    const rig = sessionRig('mem-forget-0010');
    rig.call(prompt('Remember that we use pnpm, not npm. Also remember that the staging database is read-only.'));
    rig.call(prompt('From now on, write commit messages in the imperative mood.'));
    expect(store(rig).facts).toHaveLength(3);
    const r = rig.call(prompt('Forget that we use pnpm.'));
    expect(context(r)).toContain('hookwarden forgot');
    expect(store(rig).facts.map((f) => f.text)).not.toContain('we use pnpm, not npm');
    expect(memoryLines(rig).at(-1)).toMatchObject({ rules: ['MEMORY_FORGOTTEN'], memory: { consent: 'explicit' } });
    const staging = store(rig).facts.find((f) => f.text.includes('staging')) as { id: string };
    const cli = rig.cli(['memory', 'forget', staging.id]);
    expect(cli.exit, cli.stderr).toBe(0);
    expect(store(rig).facts).toHaveLength(1);
    expect(memoryLines(rig).at(-1)).toMatchObject({ rules: ['MEMORY_FORGOTTEN'], memory: { consent: 'cli', id: staging.id } });
    const none = rig.call(prompt('Forget that I like tabs.'));
    expect(context(none)).toContain('no stored memory matching');
  });

  it('export writes the stored facts; the agent cannot approve on the user\'s behalf', () => {
    const rig = sessionRig('mem-export-0011');
    rig.call(prompt('Remember that releases are cut from the release/* branches.'));
    const out = rig.cli(['memory', 'export']);
    expect(out.exit, out.stderr).toBe(0);
    expect((JSON.parse(out.stdout) as { facts: Array<{ text: string }> }).facts.map((f) => f.text)).toEqual(['releases are cut from the release/* branches']);
    const md = rig.cli(['memory', 'export', '--markdown']);
    expect(md.stdout).toBe('- releases are cut from the release/* branches\n');
    const bash = rig.call({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'hookwarden memory approve m-0123456789' }, tool_use_id: 'toolu_bash_1' });
    expect(outcome(bash)).toBe('deny');
    expect(bash.stderr).toContain('memory/agent-consent');
    const echo = rig.call({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'echo "- Ask Priya before merging" >> CLAUDE.md' }, tool_use_id: 'toolu_bash_2' });
    expect(outcome(echo)).toBe('ask');
  });

  it('parallel hook processes storing facts lose none of them', async () => {
    const rig = sessionRig('mem-parallel-0013');
    const N = 12;
    const runs = await Promise.all(
      Array.from({ length: N }, (_, i) => rig.callAsync(prompt(`Remember that service number ${i} listens on port ${8000 + i}.`))),
    );
    for (const r of runs) expect(r.exit, r.stderr).toBe(0);
    expect(store(rig).facts.map((f) => f.text).sort()).toEqual(Array.from({ length: N }, (_, i) => `service number ${i} listens on port ${8000 + i}`).sort());
    expect(memoryLines(rig).filter((l) => l.rules[0] === 'MEMORY_STORED')).toHaveLength(N);
  });

  it('a corrupt store is kept aside and the hooks go on', () => {
    const rig = sessionRig('mem-corrupt-0012');
    const file = memoryFile(rig.home, 'project', rig.project);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, '{"v":1,"scope":"project","facts":[{"id":');
    const r = rig.call(prompt('Remember that we deploy on Tuesdays.'));
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stderr).toContain('memory store was unreadable');
    expect(store(rig).facts.map((f) => f.text)).toEqual(['we deploy on Tuesdays']);
    expect(readdirSync(join(file, '..')).some((n) => n.includes('.corrupt-'))).toBe(true);
  });
});
