// The router inside the engine: what the model is told (exactly how to invoke the candidate), the session's
// read-only turn and earlier failures, intent overrides (only for candidates that exist), the audit record, and the
// re-route after a suggested subagent failed.

import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../lib/analyzers/routing/index.js';
import { compileLexicon } from '../../lib/analyzers/routing/tokens.js';
import { buildAuditEvent } from '../../lib/audit/event.js';
import type { Candidate } from '../../lib/catalogue/types.js';
import type { EngineDeps } from '../../lib/engine/deps.js';
import { routePostTool } from '../../lib/engine/route-post-tool.js';
import { routeUserPrompt } from '../../lib/engine/route-prompt.js';
import { applyEffects, freshState, type SessionState } from '../../lib/session/state.js';
import { CTX, engineDeps, FIXED_NOW, shippedRegistry } from '../helpers/registry.js';

const cand = (kind: Candidate['kind'], name: string, description: string, tools?: string[]): Candidate => ({
  id: `${kind}:${name}`,
  kind,
  name,
  description,
  ...(tools ? { tools } : {}),
  scope: 'project',
  source: `/p/${name}.md`,
  hints: { intents: [], antiIntents: [], examples: [] },
});

const CATALOGUE: Candidate[] = [
  cand('agent', 'sql-optimizer', 'Speeds up slow database queries: reads EXPLAIN plans, proposes indexes and tunes joins.', ['Read', 'Edit']),
  cand('agent', 'query-explainer', 'Explains slow database queries and their EXPLAIN plans and indexes, read-only.', ['Read', 'Grep']),
  cand('skill', 'release-notes', 'Drafts release notes from the merged pull requests since the last tag.'),
  cand('command', 'deploy', 'Deploys the current branch to staging or production with the deploy script.'),
  cand('agent', 'a11y-auditor', 'Audits pages for accessibility: ARIA roles, contrast, keyboard navigation and screen readers.', ['Read']),
  cand('agent', 'test-writer', 'Writes unit tests for a module, with fixtures and edge cases.', ['Read', 'Write']),
];

/** Engine deps with the router's inputs as the hook runner gives them (lib/hook/router-io.ts). */
async function deps(over: Partial<EngineDeps> = {}, catalogue = CATALOGUE): Promise<EngineDeps> {
  const registry = over.registry ?? (await shippedRegistry());
  const lexicon = compileLexicon(registry.lexicon);
  return { ...(await engineDeps({ ...over, registry })), routing: { index: buildIndex({ candidates: catalogue }, lexicon), lexicon } };
}
const withRouting = deps;
const session = (): SessionState => applyEffects(freshState('s-1', '/home/dev/project', FIXED_NOW), [{ type: 'prompt' }], { now: FIXED_NOW, config: { rememberApprovals: 'session' } }).state;

const SLOW = 'this database query is slow: propose the indexes to add and tune its joins';

describe('routing a prompt in the engine', () => {
  it('tells the model in one line which of the project\'s candidates fits, named exactly as it is invoked', async () => {
    const d = await routeUserPrompt(SLOW, CTX, await withRouting());
    expect(d.routing).toMatchObject({ outcome: 'selected', selected: ['agent:sql-optimizer'] });
    expect(d.decision.injections).toHaveLength(1);
    expect(d.decision.injections[0]).toMatch(/^hookwarden routing: the project's `sql-optimizer` agent \(Task tool, subagent_type "sql-optimizer"\) fits this request \(score 0\.\d+: "/);
    // The audit line keeps the snapshot, the selection and the best candidates with their scores.
    const ev = buildAuditEvent(d, { event: 'UserPromptSubmit', registryHash: 'r', configHash: 'c', engineVersion: 't', latencyMs: 1, rawInput: {}, redact: (s) => ({ text: s, kinds: [] }) });
    expect(ev.routing).toMatchObject({ outcome: 'selected', selected: ['agent:sql-optimizer'], snapshot: expect.stringMatching(/^rs-/) });
    expect(ev.routing!.top![0]).toEqual({ id: 'agent:sql-optimizer', score: expect.any(Number) });
  });

  it('says nothing for a prompt nothing fits, a slash command, or a prompt that already names a candidate', async () => {
    for (const prompt of ['what time is it in Tokyo', `/deploy staging`, `use the sql-optimizer agent: ${SLOW}`]) {
      const d = await routeUserPrompt(prompt, CTX, await withRouting());
      expect(d.decision.injections, prompt).toEqual([]);
    }
  });

  it('names skills and commands with the tool that invokes them', async () => {
    const d = await routeUserPrompt('draft the release notes from the pull requests merged since the last tag', CTX, await withRouting());
    expect(d.decision.injections[0]).toContain("the project's `release-notes` skill (Skill tool, \"release-notes\")");
  });

  it('in a read-only turn, suggests only what cannot write', async () => {
    const d = await routeUserPrompt(`just investigate, don't change anything: ${SLOW}`, CTX, await withRouting({ session: session() }));
    expect((d.routing as { vetoed: Array<{ id: string }> }).vetoed.map((v) => v.id)).toContain('agent:sql-optimizer');
    expect(d.routing).toMatchObject({ selected: ['agent:query-explainer'] });
    // And the session remembers the ranking for a later re-route.
    expect(d.effects).toContainEqual(expect.objectContaining({ type: 'routed', selected: ['agent:query-explainer'] }));
  });

  it('counts an intent override only for a candidate that exists', async () => {
    const base = await shippedRegistry();
    const registry = { ...base, routes: [{ intent: 'intents/security', agent: 'a11y-auditor' }, { intent: 'intents/security', agent: 'security-reviewer' }] };
    const d = await routeUserPrompt('is the accessibility of our login page a security problem for screen readers?', CTX, await deps({ registry }));
    const scored = (d.routing as { ranked: Array<{ id: string; overrides: string[] }> }).ranked;
    expect(scored.find((c) => c.id === 'agent:a11y-auditor')?.overrides).toEqual(['intents/security']);
    expect(JSON.stringify(d.routing)).not.toContain('security-reviewer');
  });

  it('re-routes after the suggested subagent failed: the next fit, the iteration recorded, the failure remembered', async () => {
    let s = session();
    const first = await routeUserPrompt(SLOW, CTX, await withRouting({ session: s }));
    s = applyEffects(s, first.effects!, { now: FIXED_NOW, config: { rememberApprovals: 'session' } }).state;
    const failed = await routePostTool('Task', { subagent_type: 'sql-optimizer', prompt: 'x' }, { response: { is_error: true, content: 'agent crashed' } }, CTX, await withRouting({ session: s }));
    expect(failed.routing).toMatchObject({ iteration: 2, of: first.audit.decisionId, failed: 'agent:sql-optimizer', selected: ['agent:query-explainer'] });
    expect(failed.decision.injections[0]).toMatch(/^hookwarden routing: `sql-optimizer` failed; the project's `query-explainer` agent \(Task tool, subagent_type "query-explainer"\) is the next fit/);
    s = applyEffects(s, failed.effects!, { now: FIXED_NOW, config: { rememberApprovals: 'session' } }).state;
    const again = await routeUserPrompt(SLOW, CTX, await withRouting({ session: s }));
    expect((again.routing as { vetoed: Array<{ id: string; reason: string }> }).vetoed).toContainEqual({ id: 'agent:sql-optimizer', reason: 'failed earlier in this session' });
    // A successful subagent call is no failure.
    const ok = await routePostTool('Task', { subagent_type: 'query-explainer', prompt: 'x' }, { response: { content: [{ type: 'text', text: 'done' }] } }, CTX, await withRouting({ session: s }));
    expect(ok.routing).toBeUndefined();
  });

  it('re-routes after a Task call that itself failed (PostToolUseFailure), but not after the user interrupted it', async () => {
    let s = session();
    const first = await routeUserPrompt(SLOW, CTX, await withRouting({ session: s }));
    s = applyEffects(s, first.effects!, { now: FIXED_NOW, config: { rememberApprovals: 'session' } }).state;
    const input = { subagent_type: 'sql-optimizer', prompt: 'x' };
    const failed = await routePostTool('Task', input, { failed: { error: 'Agent terminated: API error', interrupted: false } }, CTX, await withRouting({ session: s }));
    expect(failed.routing).toMatchObject({ iteration: 2, failed: 'agent:sql-optimizer', selected: ['agent:query-explainer'] });
    expect(failed.effects).toContainEqual(expect.objectContaining({ type: 'routeFailed' }));
    expect(failed.decision.injections[0]).toMatch(/^hookwarden routing: `sql-optimizer` failed; the project's `query-explainer` agent/);
    const stopped = await routePostTool('Task', input, { failed: { error: 'Interrupted by user', interrupted: true } }, CTX, await withRouting({ session: s }));
    expect(stopped.routing).toBeUndefined();
    expect(stopped.decision.injections).toEqual([]);
  });
});
