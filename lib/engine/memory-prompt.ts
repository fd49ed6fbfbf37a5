// Memory requests in the user's prompt (docs/memory.md): "remember that…" stores a fact (the request is the
// user's consent, whatever the fact's sensitivity; a credential is still never stored), "forget…" removes stored
// facts (by id or by their words), and "approve m-…" / "reject m-…" answer a pending item — approval reads the
// proposal again from the transcript and is accepted only if it still hashes to what the user was shown.
// The model is told what happened (additionalContext), so it does not write the same fact to CLAUDE.md too.

import { findMemoryRequests, mayHoldCue, type MemoryRequest } from '../analyzers/memory/requests/index.js';
import { factKey } from '../analyzers/memory/text.js';
import type { KnownSecrets } from '../analyzers/secrets/detect.js';
import { FACT_ID, memoryScopes, type FactOrigin, type MemoryFile, type MemoryScope, type ScopedChange } from '../memory/facts.js';
import { pendingText } from '../memory/resolve.js';
import { kindWordsOf } from '../registry/lazy-kinds.js';
import { viewOf } from '../registry/select.js';
import type { CallContext, EngineDeps } from './deps.js';
import { judgeFact } from './memory-judge.js';
import type { UnifiedRoutingDecision } from './types.js';

/** Facts one "forget" request may remove by their words; more means the request is too vague. */
export const MAX_FORGET_MATCHES = 10;

const FILLER = new Set(
  'a an the this that these those my our your his her their its i we you me us it is are was be been to of in on at for from with and or not no do does about any all some'.split(' '),
);

const wordsOf = (text: string): string[] => factKey(text).split(/[\s/._~+-]+/u).filter((w) => w.length > 1 && !FILLER.has(w));

/** Every word of the request appears in the fact (a plural or a longer form of it counts). */
function mentions(fact: string, query: string[]): boolean {
  const fw = wordsOf(fact);
  return query.every((q) => fw.some((w) => w === q || (q.length >= 3 && w.startsWith(q)) || (w.length >= 4 && q.startsWith(w))));
}

interface Stores {
  scopes: MemoryScope[];
  get(scope: MemoryScope): MemoryFile | undefined;
}

function stores(deps: EngineDeps): Stores {
  const cache = new Map<MemoryScope, MemoryFile>();
  const scopes = memoryScopes(deps.config.memory);
  return {
    scopes,
    get(scope) {
      if (!deps.memory) return undefined;
      let f = cache.get(scope);
      if (!f) cache.set(scope, (f = deps.memory.load(scope)));
      return f;
    },
  };
}

function remember(r: MemoryRequest, origin: FactOrigin, deps: EngineDeps, known: KnownSecrets | undefined, changes: ScopedChange[], notes: string[]): void {
  const wantsUser = r.scope === 'user';
  const scope: MemoryScope = wantsUser && deps.config.memory.userStore ? 'user' : 'project';
  const j = judgeFact(r.fact, deps, known);
  if (j.kind === 'secret') {
    changes.push({ scope, change: { op: 'refuse', id: j.id, class: 'secret', categories: [], preview: j.preview, reason: `holds a credential (${j.secretIds.join(', ')})`, origin, consent: 'explicit' } });
    notes.push(`hookwarden did not remember "${j.preview}": it holds a credential, and secrets are never stored. Tell the user; refer to it by the name of its environment variable instead.`);
    return;
  }
  if (j.kind === 'too-long') {
    changes.push({ scope, change: { op: 'refuse', id: j.id, class: 'low', categories: [], preview: j.preview, reason: `${j.chars} characters, over memory.maxFactChars (${deps.config.memory.maxFactChars})`, origin, consent: 'explicit' } });
    notes.push(`hookwarden did not remember the request starting "${j.preview}": it is ${j.chars} characters, over the ${deps.config.memory.maxFactChars} a fact may have. Ask the user for a shorter version.`);
    return;
  }
  changes.push({ scope, change: { op: 'store', fact: { ...j.fact, origin }, consent: 'explicit' } });
  const where = scope === 'user' ? 'every project' : wantsUser ? 'this project (the user-wide store is off: memory.userStore)' : 'this project';
  notes.push(
    `hookwarden remembered ${j.fact.id} for ${where} (${j.fact.class}${j.fact.class === 'sensitive' ? `: ${j.fact.categories.join(', ')}` : ''}): "${j.fact.text}". ` +
      `New sessions are given it at start; there is no need to write it to CLAUDE.md. "forget ${j.fact.id}" removes it.`,
  );
}

function forget(r: MemoryRequest, s: Stores, sessionId: string, changes: ScopedChange[], notes: string[]): void {
  if (FACT_ID.test(r.fact)) {
    for (const scope of s.scopes) {
      const f = s.get(scope);
      if (f?.facts.some((x) => x.id === r.fact) || f?.pending.some((x) => x.id === r.fact)) {
        changes.push({ scope, change: { op: 'forget', id: r.fact, consent: 'explicit', sessionId } });
        notes.push(`hookwarden forgot ${r.fact}.`);
        return;
      }
    }
    notes.push(`hookwarden holds no memory ${r.fact}; \`hookwarden memory list\` shows what it holds.`);
    return;
  }
  const query = wordsOf(r.fact);
  const hits = query.length
    ? s.scopes.flatMap((scope) => (s.get(scope)?.facts ?? []).filter((f) => mentions(f.text, query)).map((f) => ({ scope, f })))
    : [];
  if (!hits.length) {
    notes.push(`hookwarden holds no stored memory matching "${r.fact}"; \`hookwarden memory list\` shows what it holds.`);
    return;
  }
  if (hits.length > MAX_FORGET_MATCHES) {
    notes.push(`${hits.length} stored memories match "${r.fact}"; hookwarden forgot none of them. Ask the user which ones (by id: \`hookwarden memory list\`).`);
    return;
  }
  for (const { scope, f } of hits) changes.push({ scope, change: { op: 'forget', id: f.id, consent: 'explicit', sessionId } });
  const files = [...new Set(hits.flatMap(({ f }) => (f.origin.path ? [f.origin.path] : [])))];
  notes.push(
    `hookwarden forgot ${hits.map(({ f }) => `${f.id} ("${f.class === 'low' ? f.text : (f.masked ?? 'sensitive')}")`).join(', ')}.` +
      (files.length ? ` It was also written to ${files.join(', ')}: remove it there too.` : ''),
  );
}

/** Adds the prompt's memory requests to the decision: changes for the store, and notes for the model. */
export function promptMemory(prompt: string, d: UnifiedRoutingDecision, ctx: CallContext, deps: EngineDeps, known?: KnownSecrets): void {
  if (!deps.config.memory.enabled) return;
  // A prompt holding none of the cues' keywords makes no request: then the cues are not even read.
  const words = kindWordsOf(deps.registry, 'memory-cue');
  if (words && !mayHoldCue(prompt, words)) return;
  const view = viewOf(deps.registry);
  const { requests, answers } = findMemoryRequests(prompt, view.memoryCues);
  if (!requests.length && !answers.length) return;
  const origin: FactOrigin = { kind: 'prompt', sessionId: ctx.sessionId };
  if (d.decision.action === 'block') {
    // The prompt is not sent, so nothing in it is acted on; a credential it asked to remember is recorded as refused.
    const refused: ScopedChange[] = [];
    for (const r of requests) {
      const j = r.op === 'remember' ? judgeFact(r.fact, deps, known) : undefined;
      if (j?.kind === 'secret') refused.push({ scope: 'project', change: { op: 'refuse', id: j.id, class: 'secret', categories: [], preview: j.preview, reason: `holds a credential (${j.secretIds.join(', ')}); the prompt was blocked`, origin, consent: 'explicit' } });
    }
    if (refused.length) d.memory = { changes: refused };
    return;
  }
  const s = stores(deps);
  const changes: ScopedChange[] = [];
  const notes: string[] = [];
  for (const r of requests) {
    if (r.op === 'remember') remember(r, origin, deps, known, changes, notes);
    else if (deps.memory) forget(r, s, ctx.sessionId, changes, notes);
  }
  for (const a of answers) {
    const scope = s.scopes.find((sc) => s.get(sc)?.pending.some((p) => p.id === a.id));
    const p = scope ? s.get(scope)?.pending.find((x) => x.id === a.id) : undefined;
    if (!scope || !p || !deps.memory) {
      if (deps.memory) notes.push(`hookwarden holds no pending memory ${a.id} (answered, expired or never made).`);
      continue;
    }
    if (a.op === 'reject') {
      changes.push({ scope, change: { op: 'reject', id: a.id, consent: 'prompt', sessionId: ctx.sessionId } });
      notes.push(`hookwarden dropped the pending memory ${a.id} at the user's word; it was not stored.`);
      continue;
    }
    const read = pendingText(p, deps.memory.readToolUse, view.memoryTargets);
    if ('error' in read) {
      notes.push(`hookwarden could not store ${a.id}: ${read.error}. It stays pending until it expires; the model may propose it again.`);
      continue;
    }
    changes.push({ scope, change: { op: 'approve', id: a.id, text: read.text, consent: 'prompt', sessionId: ctx.sessionId } });
    notes.push(`hookwarden stored ${a.id} with the user's consent ("${p.preview}"); new sessions are given it at start.`);
  }
  if (changes.length) d.memory = { changes };
  d.decision.injections.push(...notes);
}
