// hookwarden's memory as plain data: stored facts, pending items, the changes hooks and the CLI ask for, and the
// pure function that applies them. Files and locks live in memory-file.ts; policy in docs/memory.md.
//
// - A fact is identified by the sha256 of its key (lib/analyzers/memory/text.ts factKey): the same fact written
//   twice, in another case or spacing, is one fact. Its id is "m-" + the first 10 hex digits of that hash.
// - A pending item never holds the fact's text: only its hash, a masked preview and where the proposal can be
//   read again (the agent's transcript and the tool_use id). Approving it means reading the proposal again and
//   finding a fact with the same hash, so consent is bound to the exact content the user was shown.
// - Every change yields audit events; nothing is removed without one (expiry, eviction, forget, reject).

import { factKey } from '../analyzers/memory/text.js';
import { sha256 } from '../registry/hash.js';
import type { MemoryConfig } from '../config/types.js';
import { parseDuration } from '../vocab/duration.js';

export const MEMORY_VERSION = 1;
/** Pending items kept per store; past it the oldest expire early (audited). */
export const MAX_PENDING = 50;

export type MemoryScope = 'project' | 'user';
export type FactClass = 'low' | 'sensitive';
/** How consent was given: the user's own request, automatic (low, model-proposed), the user's answering prompt,
 * the CLI; `none` for refusals and expiries. */
export type ConsentKind = 'explicit' | 'auto-low' | 'prompt' | 'cli' | 'none';

export interface FactOrigin {
  kind: 'prompt' | 'tool' | 'cli';
  sessionId?: string;
  tool?: string;
  toolUseId?: string;
  /** The memory-target pattern that named the tool or file. */
  target?: string;
  /** The memory file written, as displayed. */
  path?: string;
  /** The agent loads the file itself (CLAUDE.md): not injected again at session start. */
  loadedByAgent?: boolean;
  /** Where the proposal can be read again (pending items only). */
  transcriptPath?: string;
}

export interface StoredFact {
  id: string;
  hash: string;
  text: string;
  class: FactClass;
  categories: string[];
  consent: Exclude<ConsentKind, 'none'>;
  origin: FactOrigin;
  createdAt: number;
  /** Sensitive facts: the text with its sensitive parts masked (what the audit and previews show). */
  masked?: string;
}

export interface PendingFact {
  id: string;
  hash: string;
  categories: string[];
  /** The fact with its sensitive parts masked: safe to show, store and audit. */
  preview: string;
  origin: FactOrigin;
  createdAt: number;
  expiresAt: number;
}

export interface MemoryFile {
  v: typeof MEMORY_VERSION;
  scope: MemoryScope;
  /** The project the store belongs to (project stores). */
  projectDir?: string;
  facts: StoredFact[];
  pending: PendingFact[];
}

export type NewFact = Omit<StoredFact, 'consent' | 'createdAt'>;

export type MemoryChange =
  | { op: 'store'; fact: NewFact; consent: 'explicit' | 'auto-low' }
  | { op: 'pend'; item: Omit<PendingFact, 'createdAt' | 'expiresAt'> }
  /** `text` is the proposal read again; it must hash to the pending item's hash. */
  | { op: 'approve'; id: string; text: string; consent: 'prompt' | 'cli'; sessionId?: string }
  | { op: 'reject'; id: string; consent: 'prompt' | 'cli'; sessionId?: string }
  | { op: 'forget'; id: string; consent: 'explicit' | 'cli'; sessionId?: string }
  /** Nothing changes; recorded in the audit (a secret, a fact too long, a proposal whose tool did not run). */
  | { op: 'refuse'; id: string; class: FactClass | 'secret'; categories: string[]; preview: string; reason: string; origin: FactOrigin; consent: ConsentKind };

/** A change and the store it is for. */
export interface ScopedChange {
  scope: MemoryScope;
  change: MemoryChange;
}

export const MEMORY_RULES = {
  stored: 'MEMORY_STORED',
  duplicate: 'MEMORY_DUPLICATE',
  pending: 'MEMORY_PENDING',
  approved: 'MEMORY_APPROVED',
  rejected: 'MEMORY_REJECTED',
  forgotten: 'MEMORY_FORGOTTEN',
  expired: 'MEMORY_EXPIRED',
  evicted: 'MEMORY_EVICTED',
  refused: 'MEMORY_REFUSED',
  notFound: 'MEMORY_NOT_FOUND',
} as const;
export type MemoryRule = (typeof MEMORY_RULES)[keyof typeof MEMORY_RULES];

/** One audit line: what happened to which fact, with its consent kind. Never the text of a sensitive fact. */
export interface MemoryEvent {
  rule: MemoryRule;
  id: string;
  scope: MemoryScope;
  class?: FactClass | 'secret';
  categories?: string[];
  consent: ConsentKind;
  /** Low facts: the text; sensitive facts and secrets: the masked preview. */
  preview?: string;
  origin?: FactOrigin;
  reason?: string;
  sessionId?: string;
}

export const factHash = (text: string): string => sha256(factKey(text));

/** The stores in use: the project's, and the user-wide one when memory.userStore is on. */
export const memoryScopes = (config: Pick<MemoryConfig, 'userStore'>): MemoryScope[] => (config.userStore ? ['project', 'user'] : ['project']);
export const factId = (hash: string): string => `m-${hash.slice(0, 10)}`;
export const FACT_ID = /^m-[0-9a-f]{10}$/;

export function emptyMemory(scope: MemoryScope, projectDir?: string): MemoryFile {
  return { v: MEMORY_VERSION, scope, ...(projectDir ? { projectDir } : {}), facts: [], pending: [] };
}

const isArrayOf = (v: unknown, keys: string[]): boolean =>
  Array.isArray(v) && v.every((x) => x && typeof x === 'object' && keys.every((k) => k in (x as object)));

/** Loose structural check of a parsed file; anything else is corrupt. */
export function isMemoryFile(v: unknown, scope: MemoryScope): v is MemoryFile {
  if (!v || typeof v !== 'object') return false;
  const m = v as Partial<MemoryFile>;
  return (
    m.v === MEMORY_VERSION &&
    m.scope === scope &&
    isArrayOf(m.facts, ['id', 'hash', 'text', 'class', 'consent', 'createdAt']) &&
    isArrayOf(m.pending, ['id', 'hash', 'preview', 'expiresAt'])
  );
}

const preview = (f: { class: FactClass; text: string; masked?: string }): string => (f.class === 'low' ? f.text : (f.masked ?? '[sensitive]'));

export interface MemoryApplyContext {
  now: number;
  config: Pick<MemoryConfig, 'pendingTtl' | 'maxFacts' | 'maxAgeDays'>;
}

/** Facts created before this expire (memory.maxAgeDays; 0 keeps them). */
const oldestKept = (now: number, config: Pick<MemoryConfig, 'maxAgeDays'>): number =>
  config.maxAgeDays > 0 ? now - config.maxAgeDays * 86_400_000 : -Infinity;

/** Is anything in the store due to expire (so a read should go through a locked update that records it)? */
export function expiriesDue(m: MemoryFile, now: number, config: Pick<MemoryConfig, 'maxAgeDays'>): boolean {
  const oldest = oldestKept(now, config);
  return m.pending.some((p) => p.expiresAt <= now) || m.facts.some((f) => f.createdAt < oldest);
}

/** Facts and pending items past their age: removed, each with an event. */
function expire(m: MemoryFile, ctx: MemoryApplyContext, events: MemoryEvent[]): void {
  m.pending = m.pending.filter((p) => {
    if (p.expiresAt > ctx.now) return true;
    events.push({ rule: MEMORY_RULES.expired, id: p.id, scope: m.scope, class: 'sensitive', categories: p.categories, consent: 'none', preview: p.preview, origin: p.origin, reason: 'no consent before the pending item expired' });
    return false;
  });
  const oldest = oldestKept(ctx.now, ctx.config);
  m.facts = m.facts.filter((f) => {
    if (f.createdAt >= oldest) return true;
    events.push({ rule: MEMORY_RULES.expired, id: f.id, scope: m.scope, class: f.class, categories: f.categories, consent: 'none', preview: preview(f), reason: `older than memory.maxAgeDays (${ctx.config.maxAgeDays})` });
    return false;
  });
}

function store(m: MemoryFile, fact: NewFact, consent: StoredFact['consent'], ctx: MemoryApplyContext, events: MemoryEvent[], rule: MemoryRule, sessionId?: string): void {
  const sid = sessionId ?? fact.origin.sessionId;
  const base = { id: fact.id, scope: m.scope, class: fact.class, categories: fact.categories, consent, preview: preview(fact), origin: fact.origin, ...(sid ? { sessionId: sid } : {}) };
  if (m.facts.some((f) => f.hash === fact.hash)) {
    events.push({ ...base, rule: MEMORY_RULES.duplicate, reason: 'already stored' });
    return;
  }
  m.facts.push({ ...fact, consent, createdAt: ctx.now });
  events.push({ ...base, rule });
  // A pending item for the same fact is answered by this store.
  m.pending = m.pending.filter((p) => p.hash !== fact.hash);
  while (m.facts.length > ctx.config.maxFacts) {
    const [gone] = m.facts.splice(0, 1) as [StoredFact];
    events.push({ rule: MEMORY_RULES.evicted, id: gone.id, scope: m.scope, class: gone.class, categories: gone.categories, consent: 'none', preview: preview(gone), reason: `over memory.maxFacts (${ctx.config.maxFacts})` });
  }
}

/** Applies changes to a copy of the store; returns it and one event per outcome. */
export function applyMemory(file: MemoryFile, changes: readonly MemoryChange[], ctx: MemoryApplyContext): { file: MemoryFile; events: MemoryEvent[] } {
  const m: MemoryFile = structuredClone(file);
  const events: MemoryEvent[] = [];
  expire(m, ctx, events);
  const ttl = parseDuration(ctx.config.pendingTtl) ?? 86_400_000;
  for (const c of changes) {
    const sid = 'sessionId' in c && c.sessionId ? { sessionId: c.sessionId } : {};
    switch (c.op) {
      case 'store':
        store(m, c.fact, c.consent, ctx, events, MEMORY_RULES.stored);
        break;
      case 'pend': {
        const base = { id: c.item.id, scope: m.scope, class: 'sensitive' as const, categories: c.item.categories, consent: 'none' as const, preview: c.item.preview, origin: c.item.origin, ...(c.item.origin.sessionId ? { sessionId: c.item.origin.sessionId } : {}) };
        if (m.facts.some((f) => f.hash === c.item.hash)) events.push({ ...base, rule: MEMORY_RULES.duplicate, reason: 'already stored' });
        else if (m.pending.some((p) => p.hash === c.item.hash)) events.push({ ...base, rule: MEMORY_RULES.duplicate, reason: 'already pending' });
        else {
          m.pending.push({ ...c.item, createdAt: ctx.now, expiresAt: ctx.now + ttl });
          events.push({ ...base, rule: MEMORY_RULES.pending, reason: 'sensitive: waits for the user\'s consent' });
          while (m.pending.length > MAX_PENDING) {
            const [gone] = m.pending.splice(0, 1) as [PendingFact];
            events.push({ rule: MEMORY_RULES.expired, id: gone.id, scope: m.scope, class: 'sensitive', categories: gone.categories, consent: 'none', preview: gone.preview, reason: `over ${MAX_PENDING} pending items` });
          }
        }
        break;
      }
      case 'approve': {
        const p = m.pending.find((x) => x.id === c.id);
        if (!p) {
          events.push({ rule: MEMORY_RULES.notFound, id: c.id, scope: m.scope, consent: c.consent, reason: 'no pending item with this id (answered, expired or never made)', ...sid });
          break;
        }
        if (factHash(c.text) !== p.hash) {
          events.push({ rule: MEMORY_RULES.refused, id: c.id, scope: m.scope, class: 'sensitive', categories: p.categories, consent: c.consent, preview: p.preview, reason: 'the proposal read again does not match the pending item', ...sid });
          break;
        }
        m.pending = m.pending.filter((x) => x !== p);
        const { transcriptPath: _t, ...origin } = p.origin;
        const fact: NewFact = { id: p.id, hash: p.hash, text: c.text, class: 'sensitive', categories: p.categories, origin, masked: p.preview };
        store(m, fact, c.consent, ctx, events, MEMORY_RULES.approved, c.sessionId);
        break;
      }
      case 'reject': {
        const p = m.pending.find((x) => x.id === c.id);
        if (!p) {
          events.push({ rule: MEMORY_RULES.notFound, id: c.id, scope: m.scope, consent: c.consent, reason: 'no pending item with this id', ...sid });
          break;
        }
        m.pending = m.pending.filter((x) => x !== p);
        events.push({ rule: MEMORY_RULES.rejected, id: p.id, scope: m.scope, class: 'sensitive', categories: p.categories, consent: c.consent, preview: p.preview, origin: p.origin, ...sid });
        break;
      }
      case 'forget': {
        const f = m.facts.find((x) => x.id === c.id);
        if (f) {
          m.facts = m.facts.filter((x) => x !== f);
          events.push({ rule: MEMORY_RULES.forgotten, id: f.id, scope: m.scope, class: f.class, categories: f.categories, consent: c.consent, preview: preview(f), origin: f.origin, ...sid });
          break;
        }
        const p = m.pending.find((x) => x.id === c.id);
        if (p) {
          m.pending = m.pending.filter((x) => x !== p);
          events.push({ rule: MEMORY_RULES.rejected, id: p.id, scope: m.scope, class: 'sensitive', categories: p.categories, consent: c.consent, preview: p.preview, origin: p.origin, ...sid });
          break;
        }
        events.push({ rule: MEMORY_RULES.notFound, id: c.id, scope: m.scope, consent: c.consent, reason: 'no stored fact or pending item with this id', ...sid });
        break;
      }
      case 'refuse':
        events.push({ rule: MEMORY_RULES.refused, id: c.id, scope: m.scope, class: c.class, categories: c.categories, consent: c.consent, preview: c.preview, origin: c.origin, reason: c.reason, ...(c.origin.sessionId ? { sessionId: c.origin.sessionId } : {}) });
        break;
    }
  }
  return { file: m, events };
}
