// The seeds' golden router scenarios R-T1…R-T8, translated to routing a prompt to a project's own agents, skills
// and commands. Every test pins the router settings and the candidate set, and the snapshot id they hash to.

import { describe, expect, it } from 'vitest';
import type { Candidate } from '../../../lib/catalogue/types.js';
import { routePrompt } from '../../../lib/analyzers/routing/decide.js';
import { buildIndex } from '../../../lib/analyzers/routing/index.js';
import { compileLexicon } from '../../../lib/analyzers/routing/tokens.js';
import type { RouteContext, RouterSettings } from '../../../lib/analyzers/routing/types.js';
import { rerouteAfterFailure } from '../../../lib/engine/reroute.js';
import { toolAccessFor } from '../../../lib/engine/route-suggest.js';
import { shippedRegistry } from '../../helpers/registry.js';
import { applyEffects, freshState } from '../../../lib/session/state.js';

const LEXICON = compileLexicon({
  stopwords: ['the', 'a', 'is', 'this', 'why', 'so', 'my', 'for', 'to', 'of', 'and', 'please', 'can', 'you', 'me'],
  synonyms: [['slow', 'latency', 'performance'], ['query', 'sql']],
});

/** The settings every scenario starts from (the shipped defaults at the time of writing, pinned here). */
const PINNED: RouterSettings = {
  enabled: true,
  tau: 0.6,
  margin: 0.02,
  minTerms: 3,
  maxSuggestions: 1,
  k1: 1.2,
  b: 0.75,
  K: 2,
  weights: { name: 2, description: 1, hints: 1.5, body: 0.2 },
  synonymWeight: 0.4,
  intentBonus: 0.1,
  overrideBonus: 0.2,
  unhealthyPenalty: 0.5,
  prefer: {},
  deny: [],
  fallback: null,
};

function candidate(kind: Candidate['kind'], name: string, description: string, extra: Partial<Candidate> = {}): Candidate {
  return {
    id: `${kind}:${name}`,
    kind,
    name,
    description,
    scope: 'project',
    source: `/p/.claude/${kind}s/${name}.md`,
    hints: { intents: [], antiIntents: [], examples: [] },
    ...extra,
  };
}

const SQL = candidate('agent', 'sql-optimizer', 'Speeds up slow database queries: reads EXPLAIN plans, proposes indexes and tunes joins.', { tools: ['Read', 'Edit'] });
const API = candidate('agent', 'api-designer', 'Designs REST endpoints: resource names, paging, error shapes and versioning.', { tools: ['Read'] });
const DOCS = candidate('skill', 'docs-writer', 'Writes and updates the README and API reference pages.');
/** Others a real project has beside them: they make the words' rarity (idf) realistic. */
const OTHERS = [
  candidate('agent', 'a11y-auditor', 'Audits pages for accessibility: ARIA roles, contrast, keyboard navigation and screen readers.', { tools: ['Read'] }),
  candidate('skill', 'release-notes', 'Drafts release notes from the merged pull requests since the last tag.'),
  candidate('command', 'deploy', 'Deploys the current branch to staging or production.'),
  candidate('agent', 'test-writer', 'Writes unit tests for a module, with fixtures and edge cases.', { tools: ['Read', 'Write'] }),
  candidate('agent', 'dependency-auditor', 'Checks npm dependencies for known vulnerabilities, licences and outdated versions.', { tools: ['Read', 'Bash'] }),
];
const CATALOGUE = [SQL, API, DOCS, ...OTHERS];

/** The snapshot id of PINNED × CATALOGUE × LEXICON: any change to the settings, the candidates or the lexicon (or to
 * how the index is built) changes it, and this test says so. */
const PINNED_SNAPSHOT = 'rs-54de4cc8dc7d';

/** Declared tools judged by the shipped capability patterns, as the engine judges them. */
const toolAccess = toolAccessFor(await shippedRegistry());
const ctx = (over: Partial<RouteContext> = {}): RouteContext => ({ readOnly: false, excluded: [], overrides: [], toolAccess, ...over });
const route = (prompt: string, cands: Candidate[] = CATALOGUE, cfg: Partial<RouterSettings> = {}, c: Partial<RouteContext> = {}) =>
  routePrompt(prompt, buildIndex({ candidates: cands }, LEXICON), LEXICON, { ...PINNED, ...cfg }, ctx(c));

describe('golden router scenarios (R-T1…R-T8)', () => {
  it('R-T1 basic selection: the candidate whose name and description fit is chosen, above τ, with its trace', () => {
    const t = route('why is this query so slow? maybe it needs an index');
    expect(t.outcome).toBe('selected');
    expect(t.selected).toEqual(['agent:sql-optimizer']);
    expect(t.ranked[0]!.score).toBeGreaterThanOrEqual(PINNED.tau);
    expect(t.ranked[0]!.terms.map((x) => x.stem)).toEqual(expect.arrayContaining(['queri', 'slow', 'index']));
    expect(t.snapshot).toBe(route('anything else').snapshot); // the snapshot depends on settings and catalogue, not the prompt
    expect(t.snapshot).toBe(PINNED_SNAPSHOT);
  });

  it('R-T2 preference bias: a configured preference tips a close call, by exactly its weight', () => {
    const prompt = 'document the paging of the orders endpoints';
    const before = route(prompt);
    const api = before.ranked.find((c) => c.id === 'agent:api-designer')!;
    const docs = before.ranked.find((c) => c.id === 'skill:docs-writer')!;
    expect(api.score).toBeGreaterThan(docs.score);
    const bias = Math.ceil((api.score - docs.score + PINNED.margin) * 100) / 100;
    const after = route(prompt, CATALOGUE, { prefer: { 'skill:docs-writer': bias } });
    expect(after.ranked.find((c) => c.id === 'skill:docs-writer')!.score).toBeCloseTo(Math.min(1, docs.score + bias), 4);
    expect(after.ranked[0]!.id).toBe('skill:docs-writer');
    expect(after.snapshot).not.toBe(before.snapshot);
  });

  it('R-T3 unhealthy candidate penalised: one declaring an MCP server the session lacks loses to a healthy one', () => {
    const JIRA = candidate('agent', 'ticket-triager', 'Triages slow query tickets from the tracker and links them to the database owners.', {
      tools: ['Read', 'mcp__jira__search'],
    });
    const prompt = 'triage the slow query tickets';
    const healthy = route(prompt, [JIRA, SQL, ...OTHERS], {}, { mcpServers: ['jira'] });
    expect(healthy.selected).toEqual(['agent:ticket-triager']);
    const sick = route(prompt, [JIRA, SQL, ...OTHERS], {}, { mcpServers: ['github'] });
    const j = sick.ranked.find((c) => c.id === 'agent:ticket-triager')!;
    expect(j.unhealthy).toMatch(/no MCP server "jira"/);
    expect(j.score).toBeCloseTo(healthy.ranked[0]!.score * PINNED.unhealthyPenalty, 3);
    expect(sick.selected).not.toContain('agent:ticket-triager');
    // A declared tool no capability pattern knows (a typo) is unhealthy too; a permission spec is not part of the name.
    const typo = route(prompt, [{ ...JIRA, tools: ['Raed', 'Bash(git log:*)'] }, SQL, ...OTHERS]);
    expect(typo.ranked.find((c) => c.id === 'agent:ticket-triager')!.unhealthy).toBe('declares an unknown tool "Raed"');
  });

  it('R-T4 policy veto before scoring: a read-only turn vetoes what can write, the deny list what the team excluded', () => {
    const READER = candidate('agent', 'query-explainer', 'Explains slow database queries and their EXPLAIN plans without changing anything.', { tools: ['Read', 'Grep'] });
    const ro = route('explain why this query is slow and which index it misses', [SQL, READER, ...OTHERS], {}, { readOnly: true });
    expect(ro.vetoed).toContainEqual({ id: 'agent:sql-optimizer', reason: 'can write, and this turn is read-only' });
    expect(ro.vetoed.map((v) => v.id)).not.toContain('agent:query-explainer');
    // "Can write" is what a read-only session denies (the capability patterns): MCP writes and other shells too.
    const MCP = candidate('agent', 'issue-filer', 'Files slow query reports as issues with the EXPLAIN plan attached.', { tools: ['Read', 'mcp__github__create_issue'] });
    const PS = candidate('agent', 'ps-tuner', 'Tunes slow queries from PowerShell scripts.', { tools: ['PowerShell(Invoke-Sqlcmd:*)'] });
    const ro2 = route('explain why this query is slow and which index it misses', [SQL, READER, MCP, PS, ...OTHERS], {}, { readOnly: true });
    expect(ro2.vetoed.map((v) => v.id)).toEqual(expect.arrayContaining(['agent:issue-filer', 'agent:ps-tuner']));
    expect(ro.selected).toEqual(['agent:query-explainer']);
    const denied = route('why is this query so slow, does it need an index', CATALOGUE, { deny: ['agent:sql-optimizer'] });
    expect(denied.vetoed).toEqual([{ id: 'agent:sql-optimizer', reason: 'on the router.deny list' }]);
    expect(denied.selected).toEqual([]);
    const userOnly = route('why is this query so slow, does it need an index', [{ ...SQL, userOnly: true }, ...OTHERS]);
    expect(userOnly.vetoed[0]!.reason).toBe('user-only (disable-model-invocation)');
  });

  it('R-T5 number of suggestions: maxSuggestions bounds how many candidates above τ are shown', () => {
    const prompt = 'design the REST endpoints and write the API reference in the README for them';
    const one = route(prompt, CATALOGUE, { maxSuggestions: 1, margin: 0 });
    const two = route(prompt, CATALOGUE, { maxSuggestions: 2, margin: 0 });
    expect(one.selected).toHaveLength(1);
    expect(two.selected).toEqual(two.ranked.filter((c) => c.score >= PINNED.tau).slice(0, 2).map((c) => c.id));
    expect(two.selected).toHaveLength(2);
  });

  it('R-T6 deterministic tie: equal scores are broken by id, and the trace says so', () => {
    const same = 'Reviews pull requests for style and naming.';
    const cands = [candidate('agent', 'zeta-reviewer', same), candidate('agent', 'alpha-reviewer', same), ...OTHERS];
    const t = route('review the pull requests for naming', cands, { margin: 0, weights: { name: 0, description: 1, hints: 1, body: 0 } });
    expect(t.ranked[0]!.score).toBe(t.ranked[1]!.score);
    expect(t.selected).toEqual(['agent:alpha-reviewer']);
    expect(t.ties).toEqual([`agent:alpha-reviewer = agent:zeta-reviewer (${t.ranked[0]!.score}): by id`]);
    // With the default margin an exact tie is ambiguous: silence rather than a coin toss.
    expect(route('review the pull requests for naming', cands, { weights: { name: 0, description: 1, hints: 1, body: 0 } }).outcome).toBe('ambiguous');
  });

  it('R-T7 fallback: nothing reaches τ, so the configured fallback is chosen; without one, a clear no-match', () => {
    const t = route('what time is it in Tokyo', CATALOGUE, { fallback: 'skill:docs-writer' });
    expect(t.outcome).toBe('fallback');
    expect(t.selected).toEqual(['skill:docs-writer']);
    const none = route('what time is it in Tokyo');
    expect(none).toMatchObject({ outcome: 'no-match', selected: [] });
    expect(none.reason).toMatch(/^nothing reached τ 0\.6/);
    // A fallback that does not exist in the catalogue is never suggested.
    expect(route('what time is it in Tokyo', CATALOGUE, { fallback: 'agent:generalist' }).outcome).toBe('no-match');
  });

  it('R-T8 re-route on failure: the failed candidate is excluded, the next fit is suggested and the iteration recorded', () => {
    let s = freshState('s1', '/p', 1000);
    s = applyEffects(s, [{ type: 'prompt' }], { now: 1000, config: { rememberApprovals: 'session' } }).state;
    s = applyEffects(s, [{ type: 'routed', decisionId: 'd-1', selected: ['agent:sql-optimizer'], ranked: [{ id: 'agent:sql-optimizer', score: 0.81 }, { id: 'agent:query-explainer', score: 0.72 }, { id: 'skill:docs-writer', score: 0.3 }], tau: 0.6, margin: 0.05 }], { now: 1000, config: { rememberApprovals: 'session' } }).state;
    const first = rerouteAfterFailure('sql-optimizer', s)!;
    expect(first.suggestion).toMatchObject({ id: 'agent:query-explainer', after: '`sql-optimizer`' });
    expect(first.record).toEqual({ iteration: 2, of: 'd-1', failed: 'agent:sql-optimizer', excluded: ['agent:sql-optimizer'], selected: ['agent:query-explainer'], reason: 'agent:sql-optimizer failed; next in the ranking: agent:query-explainer 0.72' });
    s = applyEffects(s, [first.effect], { now: 1001, config: { rememberApprovals: 'session' } }).state;
    expect(s.routing).toMatchObject({ failed: ['agent:sql-optimizer'], last: { iteration: 2, selected: ['agent:query-explainer'] } });
    const second = rerouteAfterFailure('query-explainer', s)!;
    expect(second.suggestion).toBeUndefined();
    expect(second.record).toMatchObject({ iteration: 3, selected: [], excluded: ['agent:sql-optimizer', 'agent:query-explainer'] });
    // A failure of a subagent routing did not suggest is none of the router's business.
    expect(rerouteAfterFailure('api-designer', s)).toBeUndefined();
    // And the next prompt of the session never suggests a candidate that failed in it.
    expect(route('why is this query so slow, does it need an index', CATALOGUE, {}, { excluded: s.routing!.failed }).vetoed).toContainEqual({ id: 'agent:sql-optimizer', reason: 'failed earlier in this session' });
  });
});
