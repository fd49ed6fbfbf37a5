// The router's decision for one prompt, deterministic and explainable (the seeds' Stage-1 shape):
//   1. no suggestion at all when the prompt is a slash command or already names a candidate;
//   2. policy first: vetoes before scoring (user-only, the config's deny list, failed earlier this session, a hint's
//      anti-intent in the prompt, and in a read-only turn anything that can write);
//   3. scores (score.ts), ranked by score then id (ties broken lexicographically and recorded);
//   4. the top must reach τ and lead the next by `margin`; otherwise the configured fallback, or silence.

import type { RouterIndex } from './index.js';
import { hash64 } from '../../hash64.js';
import { phrasesIn, queryTerms, quickScore, round4, scoreCandidate, textScores, toolName } from './score.js';
import { stems, type Lexicon } from './tokens.js';
import type { CandidateScore, Outcome, RouteContext, RouterSettings, RoutingTrace, Veto } from './types.js';

export const EPSILON = 1e-9;
/** Candidates described in full in a trace by default (explain asks for all). */
const DETAIL = 10;

/** A candidate that can change files or run commands is vetoed in a read-only turn: one declaring a tool whose
 * capability is not read-only (the registry's capability patterns, as read-only sessions judge tools), or an agent
 * declaring none (it then inherits every tool). */
function canWrite(c: { kind: string; tools?: string[] }, ctx: RouteContext): boolean {
  if (!c.tools) return c.kind === 'agent';
  return c.tools.some((t) => ctx.toolAccess?.(toolName(t)).writes ?? true);
}

/** The prompt names a candidate itself ("use the sql-optimizer agent", "run the db-migrations skill"). Plain string
 * searches, no regular expression per candidate: this runs on every prompt over the whole catalogue. */
function namedIn(prompt: string, index: RouterIndex): string | undefined {
  const text = ` ${prompt.toLowerCase().replace(/[^a-z0-9:_-]+/g, ' ')} `;
  for (const c of index.candidates) {
    for (const s of c.spelled) {
      if (!text.includes(` ${s} `)) continue;
      // A bare word ("deploy") is only a name when the prompt calls it an agent, skill or command.
      if (/[-:_]/.test(s) || CALLED.some((w) => text.includes(` ${s} ${w} `))) return c.id;
    }
  }
  return undefined;
}

const CALLED = ['agent', 'agents', 'subagent', 'subagents', 'skill', 'skills', 'command', 'commands'];

/** The router snapshot: what the decision depends on besides the prompt and the session. */
export function snapshotId(index: RouterIndex, cfg: RouterSettings, overrides: RouteContext['overrides']): string {
  return `rs-${hash64(JSON.stringify([index.hash, cfg, [...overrides].map((o) => `${o.intent}>${o.id}`).sort()])).slice(0, 12)}`;
}

function vetoes(index: RouterIndex, promptSet: ReadonlySet<string>, cfg: RouterSettings, ctx: RouteContext): Veto[] {
  const out: Veto[] = [];
  for (const c of index.candidates) {
    const anti = phrasesIn(c.anti, promptSet);
    const reason = c.userOnly
      ? 'user-only (disable-model-invocation)'
      : cfg.deny.includes(c.id)
        ? 'on the router.deny list'
        : ctx.excluded.includes(c.id)
          ? 'failed earlier in this session'
          : anti.length
            ? `anti-intent "${anti[0]!.text}" in the prompt`
            : ctx.readOnly && canWrite(c, ctx)
              ? 'can write, and this turn is read-only'
              : null;
    if (reason) out.push({ id: c.id, reason });
  }
  return out;
}

function trace(base: Omit<RoutingTrace, 'outcome' | 'selected' | 'reason'>, outcome: Outcome, selected: string[], reason: string): RoutingTrace {
  return { ...base, outcome, selected, reason };
}

export function routePrompt(prompt: string, index: RouterIndex, lex: Lexicon, cfg: RouterSettings, ctx: RouteContext): RoutingTrace {
  const base = { snapshot: snapshotId(index, cfg, ctx.overrides), ranked: [] as CandidateScore[], vetoed: [] as Veto[], tau: cfg.tau, margin: cfg.margin, ties: [] as string[] };
  if (!cfg.enabled) return trace(base, 'disabled', [], 'the router is off (router.enabled)');
  if (/^\s*\//.test(prompt)) return trace(base, 'slash-command', [], 'the prompt is a slash command');
  if (!index.candidates.length) return trace(base, 'no-candidates', [], 'the project defines no agents, skills or commands');
  const named = namedIn(prompt, index);
  if (named) return trace(base, 'named', [], `the prompt already names ${named}`);

  const promptStems = stems(prompt, lex);
  const promptSet = new Set(promptStems);
  const vetoed = vetoes(index, promptSet, cfg, ctx);
  const out = new Set(vetoed.map((v) => v.id));
  const q = queryTerms(promptStems, lex, cfg.synonymWeight);
  const text = textScores(q, index, cfg);
  const score = (c: (typeof index.candidates)[number], i: number): CandidateScore | null => scoreCandidate(c, text.get(i), promptSet, cfg, ctx);
  // Every allowed candidate is scored; only the best `detail` are described in full (the trace, the audit, explain).
  const quick = index.candidates
    .map((c, i) => ({ c, i, s: out.has(c.id) ? null : quickScore(c, text.get(i), promptSet, cfg, ctx) }))
    .filter((x): x is { c: (typeof index.candidates)[number]; i: number; s: number } => x.s !== null)
    .sort((a, b) => b.s - a.s || (a.c.id < b.c.id ? -1 : 1));
  const ranked = quick.slice(0, ctx.detail ?? DETAIL).map((x) => score(x.c, x.i)!);
  const ties: string[] = [];
  for (let i = 1; i < ranked.length; i++) {
    if (Math.abs(ranked[i]!.score - ranked[i - 1]!.score) < EPSILON) ties.push(`${ranked[i - 1]!.id} = ${ranked[i]!.id} (${ranked[i]!.score}): by id`);
  }
  const full = { ...base, ranked, vetoed, ties };
  const [top, second] = ranked;
  // The best fit is reserved for the user (disable-model-invocation): suggesting the runner-up would send the model
  // to the wrong place, so say nothing.
  const reserved = index.candidates
    .map((c, i) => (c.userOnly ? score(c, i) : null))
    .filter((s): s is CandidateScore => !!s)
    .find((s) => s.score >= cfg.tau - EPSILON && (!top || s.score > top.score + EPSILON));
  if (reserved) return trace(full, 'user-only', [], `the best fit, ${reserved.id} ${reserved.score}, is for the user to invoke`);
  // One shared word is not evidence ("index" in "add an index.ts file"): the top needs minTerms of the prompt's
  // stems, or a hint phrase, or an override.
  const thin = !!top && top.terms.length < cfg.minTerms && !top.intents.length && !top.overrides.length;
  if (!top || top.score < cfg.tau - EPSILON || thin) {
    const fb = cfg.fallback;
    if (fb && index.candidates.some((c) => c.id === fb) && !out.has(fb)) {
      return trace(full, 'fallback', [fb], `nothing fit well enough (best ${top ? `${top.id} ${top.score}` : 'none'}, τ ${cfg.tau}); the configured fallback`);
    }
    if (thin) return trace(full, 'no-match', [], `${top!.id} ${top!.score} rests on ${top!.terms.length} word of the prompt (router.minTerms ${cfg.minTerms})`);
    return trace(full, 'no-match', [], `nothing reached τ ${cfg.tau} (best ${top ? `${top.id} ${top.score}` : 'none'})`);
  }
  const lead = second ? round4(top.score - second.score) : 1;
  if (second && lead < cfg.margin - EPSILON) {
    if (cfg.maxSuggestions >= 2) {
      return trace(full, 'selected', [top.id, second.id], `${top.id} ${top.score} and ${second.id} ${second.score} are within the margin ${cfg.margin}: both shown`);
    }
    return trace(full, 'ambiguous', [], `${top.id} ${top.score} leads ${second.id} ${second.score} by ${lead}, under the margin ${cfg.margin}`);
  }
  const selected = ranked.filter((s) => s.score >= cfg.tau - EPSILON).slice(0, Math.max(1, cfg.maxSuggestions)).map((s) => s.id);
  return trace(full, 'selected', selected, `${top.id} ${top.score} ≥ τ ${cfg.tau}${second ? `, leads ${second.id} by ${lead}` : ''}`);
}
