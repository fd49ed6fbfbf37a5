// The audit record: one JSON line per decision, versioned, redacted and bounded.

import { isoUtc } from '../vocab/iso-time.js';
import type { FinalDecision, UnifiedRoutingDecision } from '../engine/types.js';
import type { Level, Severity } from '../vocab/levels.js';

export const AUDIT_SCHEMA_VERSION = 1;

/** Longest string kept anywhere in an audit event (after redaction). */
export const MAX_AUDIT_STRING = 2000;

export interface AuditMatchV1 {
  id: string;
  severity: string;
  action: string;
  matched: string;
  where?: string;
  /** The layer that gave the rule its verdict: shipped (hookwarden's own, and the engine's rules), managed (the
   * admin's folder), bundle (the active policy bundle), user or project. Lines from before layers have none. */
  layer?: string;
}

export interface AuditEventV1 {
  schema: 1;
  decision_id: string;
  /** ISO-8601 from the engine's injected clock (decision.audit.timestamp). */
  ts: string;
  session_id: string;
  /** Hook event name, e.g. "PreToolUse". */
  event: string;
  tool?: string;
  tool_use_id?: string;
  /** The agent host that called (the hook command's `--agent`; "claude-code" without it). Every line a hook writes
   * names it; lines written before hosts were named, and a person's CLI lines, have none (read: Claude Code). */
  agent?: string;
  /** The call came from a session nobody can answer an ask in (`claude -p`); replay runs it the same way. */
  headless?: true;
  /** Normalised, redacted hook input with every string truncated; null when it had to be dropped. */
  input: unknown;
  registry_hash: string;
  config_hash: string;
  /** A short hash of the effective policy the call was judged under: managed, bundle, user, project and shipped
   * config and registry (lib/hook/stages/prepare.ts). Lines from before it have none. */
  policy_revision?: string;
  /** The active policy bundle's revision, when one is active. */
  bundle_revision?: string;
  engine_version: string;
  local: {
    matches: AuditMatchV1[];
    max_severity: Severity;
    level: Level;
    confidence: number;
  };
  orchestrator: {
    available: boolean;
    source: string;
    unavailable_reason?: string;
    level?: Level;
    answer?: unknown;
    latency_ms: number;
  };
  rules: string[];
  verdict: Level;
  confidence: number;
  /** What the user and the model were told, as it was at the time: the decision's message (what happened, each
   * pattern's rule id; the merge rules' names, which the hosts leave out) and its recovery hint. Only on lines
   * whose decision was shown (warn, ask, block, a rewrite or an explicit allow); older lines have neither. */
  reason?: string;
  hint?: string;
  latency_ms: number;
  error?: string;
  /** What the session state contributed or changed (read-only status, grants used, approvals remembered). */
  session?: { read_only?: string; grants_used?: string[]; notes?: string[] };
  /** Memory lines (event "memory"): what happened to which fact and under which consent; never the text of a
   * sensitive fact (its masked preview only). `decision` is the hook call or CLI command that caused it. */
  memory?: {
    id: string;
    scope: string;
    consent: string;
    class?: string;
    categories?: string[];
    preview?: string;
    origin?: { kind: string; tool?: string; path?: string; tool_use_id?: string };
    reason?: string;
    decision?: string;
  };
  /** The router (docs/routing.md): its snapshot, what it chose and why, and the best candidates with their scores
   * (4 decimals); for a re-route after a failure, the iteration and the decision it continues. */
  routing?: AuditRoutingV1;
  /** Paths whose strings were masked (e.g. "input.tool_input.command"), or "<part>:dropped". Like OPA's "masked". */
  redactions: string[];
}

export interface AuditRoutingV1 {
  snapshot?: string;
  outcome?: string;
  selected: string[];
  top?: Array<{ id: string; score: number }>;
  vetoed?: Array<{ id: string; reason: string }>;
  reason: string;
  iteration?: number;
  of?: string;
  failed?: string;
}

/** How many ranked candidates an audit line keeps. */
export const AUDIT_ROUTING_TOP = 5;

function routingPart(d: UnifiedRoutingDecision): AuditRoutingV1 | undefined {
  const r = d.routing;
  if (!r) return undefined;
  if ('iteration' in r) return { iteration: r.iteration, of: r.of, failed: r.failed, selected: r.selected, reason: r.reason };
  return {
    snapshot: r.snapshot,
    outcome: r.outcome,
    selected: r.selected,
    top: r.ranked.slice(0, AUDIT_ROUTING_TOP).map((c) => ({ id: c.id, score: c.score })),
    ...(r.vetoed.length ? { vetoed: r.vetoed.slice(0, 20) } : {}),
    reason: r.reason,
  };
}

export type Redactor = (s: string) => { text: string; kinds: string[] };

export interface AuditMeta {
  event: string;
  registryHash: string;
  configHash: string;
  engineVersion: string;
  latencyMs: number;
  rawInput: unknown;
  redact: Redactor;
  error?: string;
  /** The host that called (`--agent`). */
  agent?: string;
  /** The policy's revision and the bundle's (prepare.ts), and the layer of each rule not shipped (a rule id not in
   * it is `shipped`); without them the line has none of the three. */
  policy?: { revision: string; bundleRevision?: string; layers?: Readonly<Record<string, string>> };
}

/** Canonical float: rounded to 3 decimals, -0 → 0, non-finite → 0. */
export function canonicalNumber(x: unknown): number {
  if (typeof x !== 'number' || !Number.isFinite(x)) return 0;
  const r = Math.round(x * 1000) / 1000;
  return r === 0 ? 0 : r;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ANY_SURROGATE = /[\uD800-\uDFFF]/;
/** Lone surrogates replaced; a string with none (nearly all) is returned as it is, without a replace's work. */
const repaired = (s: string): string => (ANY_SURROGATE.test(s) ? s.replace(LONE_SURROGATE, '\uFFFD') : s);

/** Cut to MAX_AUDIT_STRING chars (marker included), never splitting a surrogate pair. */
export function truncateString(s: string, max = MAX_AUDIT_STRING): string {
  if (s.length <= max) return s;
  const marker = `…[+${s.length - max} chars]`;
  let cut = Math.max(0, max - marker.length);
  const code = s.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return s.slice(0, cut) + marker;
}

const MAX_DEPTH = 32;

class Scrubber {
  readonly paths = new Set<string>();
  /**
   * lenient: for text the engine already redacted upstream (match excerpts, orchestrator answers): the redactor
   * runs again as a second line of defence, but if it fails the text is only truncated instead of dropped.
   */
  lenient = false;
  constructor(private readonly redact: Redactor) {}

  /** Redact (may throw), repair, then truncate one string; remembers the path when something was masked. */
  text(s: string, path: string): string {
    let out: string;
    try {
      const r = this.redact(s);
      if (!r || typeof r.text !== 'string') throw new Error('redactor returned no text');
      if (r.text !== s || (Array.isArray(r.kinds) && r.kinds.length > 0)) this.paths.add(path);
      out = r.text;
    } catch (err) {
      if (!this.lenient) throw err;
      out = s;
    }
    return truncateString(repaired(out));
  }

  /** JSON-normalise a value, scrubbing every string. Cycles, functions and symbols are not kept. */
  value(v: unknown, path: string, seen: Set<object>, depth: number): unknown {
    switch (typeof v) {
      case 'string':
        return this.text(v, path);
      case 'number':
        return Number.isFinite(v) ? v : null;
      case 'boolean':
        return v;
      case 'bigint':
        return this.text(v.toString(), path);
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined;
    }
    if (v === null) return null;
    const obj = v as object;
    if (seen.has(obj)) return '[circular]';
    if (depth >= MAX_DEPTH) return '[too deep]';
    if (obj instanceof Date) return Number.isNaN(obj.getTime()) ? null : obj.toISOString();
    if (ArrayBuffer.isView(obj)) return `[binary ${obj.byteLength} bytes]`;
    seen.add(obj);
    try {
      if (Array.isArray(obj)) {
        const list: unknown[] = new Array(obj.length);
        for (let i = 0; i < obj.length; i++) {
          const out = this.value(obj[i], `${path}[${i}]`, seen, depth + 1);
          list[i] = out === undefined ? null : out;
        }
        return list;
      }
      const out: Record<string, unknown> = {};
      const keys = Object.keys(obj);
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i] as string;
        const item = this.value((obj as Record<string, unknown>)[key], `${path}.${key}`, seen, depth + 1);
        if (item !== undefined) out[truncateString(repaired(key), 200)] = item;
      }
      return out;
    } finally {
      seen.delete(obj);
    }
  }

  /** Scrub a whole part; on any failure (e.g. the redactor throws) the part is dropped, never written raw. */
  part(v: unknown, path: string, lenient = false): { ok: true; value: unknown } | { ok: false } {
    const before = new Set(this.paths);
    this.lenient = lenient;
    try {
      return { ok: true, value: this.value(v, path, new Set(), 0) };
    } catch {
      // Forget paths recorded for the dropped part; record the drop instead.
      this.paths.clear();
      for (const p of before) this.paths.add(p);
      this.paths.add(`${path}:dropped`);
      return { ok: false };
    } finally {
      this.lenient = false;
    }
  }
}

function roundAnswerFloats(answer: unknown): unknown {
  if (answer && typeof answer === 'object') {
    const iv = (answer as { intervention?: { userEScore?: unknown } }).intervention;
    if (iv && typeof iv === 'object' && typeof iv.userEScore === 'number') iv.userEScore = canonicalNumber(iv.userEScore);
  }
  return answer;
}

/**
 * The reason and hint of a decision that was shown. The call's redact stage already cleaned both before they were
 * rendered (lib/hook/stages/redact.ts), so they are only cut to size here; after an internal error (no redact stage
 * ran, `error` is set) they are scrubbed like the error itself.
 */
function told(s: Scrubber, d: FinalDecision, scrub: boolean): Pick<AuditEventV1, 'reason' | 'hint'> {
  if (!(d.action === 'block' || d.action === 'ask' || d.action === 'warn' || d.updatedInput !== undefined || d.explicitAllow)) return {};
  const one = (text: string, path: string): string | undefined => {
    if (!scrub) return truncateString(repaired(text));
    const r = s.part(text, path);
    return r.ok && typeof r.value === 'string' ? r.value : undefined;
  };
  const reason = one(d.message, 'reason');
  const hint = d.hints.length ? one(d.hints.join(' '), 'hint') : undefined;
  return { ...(reason !== undefined ? { reason } : {}), ...(hint !== undefined ? { hint } : {}) };
}

export function buildAuditEvent(d: UnifiedRoutingDecision, meta: AuditMeta): AuditEventV1 {
  const s = new Scrubber(meta.redact);

  const input = s.part(meta.rawInput, 'input');

  const matches: AuditMatchV1[] = (d.local.matches ?? []).map((m, i) => {
    const base = `local.matches[${i}]`;
    const matched = s.part(m.matched, `${base}.matched`, true);
    const out: AuditMatchV1 = {
      id: m.id,
      severity: m.severity,
      action: m.action,
      matched: matched.ok && typeof matched.value === 'string' ? matched.value : '[dropped]',
    };
    if (m.where !== undefined) {
      const where = s.part(m.where, `${base}.where`, true);
      out.where = where.ok && typeof where.value === 'string' ? where.value : '[dropped]';
    }
    if (meta.policy) out.layer = meta.policy.layers?.[m.id] ?? 'shipped';
    return out;
  });

  const o = d.orchestration;
  const orchestrator: AuditEventV1['orchestrator'] = { available: o.available, source: o.source, latency_ms: 0 };
  if (o.unavailableReason !== undefined) {
    const r = s.part(o.unavailableReason, 'orchestrator.unavailable_reason', true);
    orchestrator.unavailable_reason = r.ok && typeof r.value === 'string' ? r.value : '[dropped]';
  }
  if (o.level !== undefined) orchestrator.level = o.level;
  if (o.answer !== undefined) {
    const a = s.part(o.answer, 'orchestrator.answer', true);
    if (a.ok) orchestrator.answer = roundAnswerFloats(a.value);
  }
  orchestrator.latency_ms = canonicalNumber(o.latencyMs);

  let error: string | undefined;
  if (meta.error !== undefined) {
    const e = s.part(meta.error, 'error');
    error = e.ok && typeof e.value === 'string' ? e.value : '[dropped]';
  }

  let session: AuditEventV1['session'];
  const sa = d.audit.session;
  if (sa && (sa.readOnly || sa.grantsUsed?.length || sa.notes?.length)) {
    const part = s.part(
      {
        ...(sa.readOnly ? { read_only: sa.readOnly } : {}),
        ...(sa.grantsUsed?.length ? { grants_used: sa.grantsUsed } : {}),
        ...(sa.notes?.length ? { notes: sa.notes } : {}),
      },
      'session',
      true,
    );
    if (part.ok) session = part.value as AuditEventV1['session'];
  }

  const shown = told(s, d.decision, meta.error !== undefined);

  const t = typeof d.audit.timestamp === 'number' ? new Date(d.audit.timestamp).getTime() : Number.NaN;
  const ts = isoUtc(Number.isNaN(t) ? 0 : t);

  const ev: AuditEventV1 = {
    schema: 1,
    decision_id: d.audit.decisionId,
    ts,
    session_id: d.input.sessionId,
    event: meta.event,
    ...(d.input.toolName !== undefined ? { tool: d.input.toolName } : {}),
    ...(d.input.toolUseId !== undefined ? { tool_use_id: d.input.toolUseId } : {}),
    ...(meta.agent ? { agent: meta.agent } : {}),
    ...(d.input.headless ? { headless: true as const } : {}),
    input: input.ok ? (input.value ?? null) : null,
    registry_hash: meta.registryHash,
    config_hash: meta.configHash,
    ...(meta.policy ? { policy_revision: meta.policy.revision } : {}),
    ...(meta.policy?.bundleRevision !== undefined ? { bundle_revision: meta.policy.bundleRevision } : {}),
    engine_version: meta.engineVersion,
    local: {
      matches,
      max_severity: d.local.maxSeverity,
      level: d.local.level,
      confidence: canonicalNumber(d.local.confidence),
    },
    orchestrator,
    rules: [...(d.audit.decisionRules ?? [])],
    verdict: d.decision.action,
    confidence: canonicalNumber(d.decision.confidence),
    ...shown,
    latency_ms: canonicalNumber(meta.latencyMs),
    ...(error !== undefined ? { error } : {}),
    ...(session ? { session } : {}),
    redactions: [...s.paths],
  };
  const routing = routingPart(d);
  if (routing) {
    const part = s.part(routing, 'routing', true);
    if (part.ok) ev.routing = part.value as AuditRoutingV1;
    ev.redactions = [...s.paths];
  }
  return ev;
}
