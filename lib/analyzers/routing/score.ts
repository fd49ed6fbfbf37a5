// Features of one candidate for one prompt. Text: BM25F over the candidate's name, description and hints (field
// weights, k1, b), each prompt stem counted once, its synonyms at `synonymWeight`; the raw sum normalised as
// raw / (raw + K). Then: + intentBonus when a hint intent's stems are all in the prompt, + overrideBonus when an
// intent override names it, + the configured preference, × unhealthyPenalty when it declares a tool the session
// lacks. Rounded to 4 decimals (the canonical float of traces and logs).

import { FIELD_COUNT, FIELDS, type HintPhrase, type IndexedCandidate, type RouterIndex } from './index.js';
import type { Lexicon } from './tokens.js';
import type { CandidateScore, RouteContext, RouterSettings } from './types.js';

export const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;

/** The query: each prompt stem at weight 1, synonyms not in the prompt at `synonymWeight`. */
export function queryTerms(promptStems: readonly string[], lex: Lexicon, synonymWeight: number): Map<string, number> {
  const q = new Map<string, number>();
  for (const s of promptStems) q.set(s, 1);
  for (const s of promptStems) {
    for (const t of lex.synonyms.get(s) ?? []) if (!q.has(t)) q.set(t, synonymWeight);
  }
  return q;
}

export interface TextScore {
  raw: number;
  terms: Array<{ stem: string; weight: number }>;
}

/** Raw BM25F per candidate (by position in the index), walking only the postings of the query's stems. */
export function textScores(q: Map<string, number>, index: RouterIndex, cfg: RouterSettings): Map<number, TextScore> {
  const n = index.candidates.length;
  const w = FIELDS.map((f) => cfg.weights[f]);
  const out = new Map<number, TextScore>();
  for (const [stem, qw] of q) {
    const list = index.postings[stem];
    if (!list) continue;
    const df = list.length / (1 + FIELD_COUNT);
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    for (let p = 0; p < list.length; p += 1 + FIELD_COUNT) {
      const ci = list[p]!;
      const len = index.candidates[ci]!.len;
      let tf = 0;
      for (let f = 0; f < FIELD_COUNT; f++) {
        const count = list[p + 1 + f]!;
        if (!count || !w[f]) continue;
        tf += (w[f]! * count) / (1 - cfg.b + (cfg.b * len[f]!) / (index.avgLen[f] || 1));
      }
      if (tf <= 0) continue;
      const weight = qw * idf * ((tf * (cfg.k1 + 1)) / (tf + cfg.k1));
      let t = out.get(ci);
      if (!t) out.set(ci, (t = { raw: 0, terms: [] }));
      t.raw += weight;
      t.terms.push({ stem, weight });
    }
  }
  return out;
}

/** Why the candidate cannot work in this session, or undefined: a declared tool that does not exist here. */
export function unhealthy(c: Pick<IndexedCandidate, 'tools'>, ctx: Pick<RouteContext, 'mcpServers' | 'toolAccess'>): string | undefined {
  for (const t of c.tools ?? []) {
    const m = /^mcp__(.+?)__/.exec(t);
    if (m) {
      if (ctx.mcpServers && !ctx.mcpServers.includes(m[1]!)) return `declares ${t}, but the session has no MCP server "${m[1]}"`;
    } else if (ctx.toolAccess && !ctx.toolAccess(toolName(t)).known) return `declares an unknown tool "${t}"`;
  }
  return undefined;
}

/** A declared tool without its permission spec: `Bash(git log:*)` → `Bash`. */
export const toolName = (declared: string): string => declared.replace(/\(.*$/, '').trim();

/** Every hint phrase whose stems are all among the prompt's. */
export function phrasesIn(phrases: readonly HintPhrase[], promptSet: ReadonlySet<string>): HintPhrase[] {
  return phrases.filter((p) => p.stems.every((s) => promptSet.has(s)));
}

/** The features that decide a candidate's score (no trace detail): what ranking needs for every candidate. */
interface Features {
  text: number;
  intents: string[];
  overrides: string[];
  prefer: number;
  unhealthy: string | undefined;
  score: number;
}

function features(c: IndexedCandidate, text0: TextScore | undefined, promptSet: ReadonlySet<string>, cfg: RouterSettings, ctx: RouteContext): Features | null {
  const intents = c.intents.length ? phrasesIn(c.intents, promptSet).map((p) => p.text) : [];
  const overrides = ctx.overrides.length ? ctx.overrides.filter((o) => o.id === c.id).map((o) => o.intent) : [];
  const prefer = cfg.prefer[c.id] ?? 0;
  // Nothing about the prompt points at it: no score, and no work (most of a catalogue, on most prompts).
  if (!text0 && !intents.length && !overrides.length && prefer <= 0) return null;
  const raw = text0?.raw ?? 0;
  const text = raw / (raw + cfg.K);
  const sick = c.tools ? unhealthy(c, ctx) : undefined;
  let score = text + (intents.length ? cfg.intentBonus : 0) + (overrides.length ? cfg.overrideBonus : 0) + prefer;
  if (sick) score *= cfg.unhealthyPenalty;
  return { text, intents, overrides, prefer, unhealthy: sick, score: round4(Math.min(1, Math.max(0, score))) };
}

/** A candidate's score alone (ranking), or null when nothing in the prompt points at it. */
export function quickScore(c: IndexedCandidate, text0: TextScore | undefined, promptSet: ReadonlySet<string>, cfg: RouterSettings, ctx: RouteContext): number | null {
  const f = features(c, text0, promptSet, cfg, ctx);
  return f && f.score > 0 ? f.score : null;
}

/** A candidate's score with everything the trace shows (its features and the words that matched). */
export function scoreCandidate(
  c: IndexedCandidate,
  text0: TextScore | undefined,
  promptSet: ReadonlySet<string>,
  cfg: RouterSettings,
  ctx: RouteContext,
): CandidateScore | null {
  const f = features(c, text0, promptSet, cfg, ctx);
  if (!f) return null;
  const terms = [...(text0?.terms ?? [])].sort((a, b) => b.weight - a.weight || (a.stem < b.stem ? -1 : 1));
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    text: round4(f.text),
    intents: f.intents,
    overrides: f.overrides,
    prefer: f.prefer,
    ...(f.unhealthy ? { unhealthy: f.unhealthy } : {}),
    score: f.score,
    terms: terms.slice(0, 6).map((t) => ({ stem: t.stem, weight: round4(t.weight) })),
  };
}
