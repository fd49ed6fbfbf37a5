// A session's state between hook calls, as plain data, and the pure functions that read and change it.
// Hooks never change state directly: routes return effects, and the hook runner applies them under the
// session file's lock (lib/session/session-file.ts), so parallel tool calls cannot lose each other's updates.

import { applyRouting, type RoutingEffect, type RoutingMemory } from './routing-state.js';
import type { SessionConfig } from '../config/types.js';
import type { ActionKind } from '../registry/types.js';
import { parseDuration } from '../vocab/duration.js';

export const STATE_VERSION = 1;

/** Bounds: a state file stays small whatever the session does. */
export const LIMITS = { changed: 200, actions: 100, pending: 64, grants: 64, nudges: 32, proposals: 32 } as const;

export interface ChangedFile {
  path: string;
  tool: string;
  seq: number;
}

export interface ActionRecord {
  kind: ActionKind;
  turn: number;
  seq: number;
  /** Redacted excerpt of the command. */
  command: string;
  /** The command failed or was interrupted (PostToolUseFailure): it ran, but backs no result and checks nothing. */
  failed?: true;
}

/** What a remembered approval is about: one rule and the target it fired on (a file, a command excerpt). */
export interface GrantKey {
  rule: string;
  target: string;
}

export interface PendingAsk {
  toolUseId: string;
  at: number;
  keys: GrantKey[];
  permissionMode?: string;
}

export interface Grant {
  id: string;
  /** A rule id ("bash-git/push-force") or a pack ("bash-git"); absent for capability grants. */
  rule?: string;
  /** "FileWrite", "SystemExecute", "MCP:github"… */
  capability?: string;
  /** Only this target; absent = every target. */
  target?: string;
  /** Epoch ms; absent = the rest of the session. */
  until?: number;
  createdAt: number;
  source: 'approval' | 'cli';
}

/** Low-sensitivity facts a memory-writing tool call proposed: stored in hookwarden's memory at the end of the
 * turn (Stop) if the tool ran (PostToolUse), dropped otherwise. Sensitive facts are never held here. */
export interface MemoryProposal {
  toolUseId: string;
  turn: number;
  tool: string;
  /** The memory-target pattern that named the tool or file. */
  target: string;
  /** The memory file written, as displayed (absent for memory tools). */
  path?: string;
  /** The agent loads this file itself (CLAUDE.md): its facts are not injected again at session start. */
  loadedByAgent?: boolean;
  ran: boolean;
  facts: Array<{ id: string; hash: string; text: string }>;
}

export interface TurnReadOnly {
  turn: number;
  cue: string;
  id: string;
}

export interface SessionState {
  v: typeof STATE_VERSION;
  sessionId: string;
  projectDir: string;
  createdAt: number;
  updatedAt: number;
  /** Orders every recorded event; grants and nudges refer to it. */
  seq: number;
  /** Incremented by every user prompt. */
  turn: number;
  /** Sticky mode, set by a prompt prefix or `hookwarden mode`. */
  mode: 'normal' | 'readonly';
  modeBy?: string;
  /** Read-only for one turn, set by a prompt cue. */
  turnReadOnly?: TurnReadOnly;
  /** Files changed since the last verification, oldest first. */
  changed: ChangedFile[];
  /** Changed files not listed because `changed` was full. */
  changedMore: number;
  lastWriteSeq: number;
  verified?: { seq: number; how: string };
  actions: ActionRecord[];
  pending: PendingAsk[];
  grants: Grant[];
  /** What a Stop already blocked or reminded about: blocks happen once. */
  nudged: { verifyWriteSeq?: number; claims: string[] };
  /** Memory proposals of this turn waiting for the tool to run and the turn to end (absent in older files). */
  proposals?: MemoryProposal[];
  /** The latest routing decision and the candidates that failed (routing-state.ts; absent in older files). */
  routing?: RoutingMemory;
}

export function freshState(sessionId: string, projectDir: string, now: number): SessionState {
  return {
    v: STATE_VERSION,
    sessionId,
    projectDir,
    createdAt: now,
    updatedAt: now,
    seq: 0,
    turn: 0,
    mode: 'normal',
    changed: [],
    changedMore: 0,
    lastWriteSeq: 0,
    actions: [],
    pending: [],
    grants: [],
    nudged: { claims: [] },
  };
}

/** Loose structural check of a parsed file: anything else is treated as corrupt (a fresh state). */
export function isSessionState(v: unknown, sessionId: string): v is SessionState {
  if (!v || typeof v !== 'object') return false;
  const s = v as Partial<SessionState>;
  return (
    s.v === STATE_VERSION &&
    s.sessionId === sessionId &&
    typeof s.seq === 'number' &&
    typeof s.turn === 'number' &&
    typeof s.updatedAt === 'number' &&
    (s.mode === 'normal' || s.mode === 'readonly') &&
    Array.isArray(s.changed) &&
    Array.isArray(s.actions) &&
    Array.isArray(s.pending) &&
    Array.isArray(s.grants) &&
    !!s.nudged &&
    Array.isArray(s.nudged.claims)
  );
}

// ---------------------------------------------------------------------------------------------------
// Queries

export interface ReadOnlyStatus {
  /** Why, for the model: e.g. `the user's prompt said "just investigate"`. */
  why: string;
  scope: 'turn' | 'session';
}

export function readOnlyStatus(s: SessionState): ReadOnlyStatus | undefined {
  if (s.mode === 'readonly') return { why: `the session was made read-only (${s.modeBy ?? 'hookwarden mode readonly'})`, scope: 'session' };
  if (s.turnReadOnly && s.turnReadOnly.turn === s.turn) {
    return { why: `the user's prompt said "${s.turnReadOnly.cue}"`, scope: 'turn' };
  }
  return undefined;
}

export const activeGrants = (s: SessionState, now: number): Grant[] => s.grants.filter((g) => g.until === undefined || g.until > now);

/** Does a grant cover an ask from `rule` on `target`, for a tool needing `capability`? */
export function grantCovers(g: Grant, rule: string, target: string, capability: string): boolean {
  if (g.capability !== undefined) return g.capability === capability;
  if (g.rule === undefined) return false;
  const ruleOk = g.rule === rule || rule.startsWith(`${g.rule}/`);
  return ruleOk && (g.target === undefined || g.target === target);
}

/** Action kinds that count as checking the work. */
export const VERIFYING: ReadonlySet<string> = new Set<ActionKind>(['test', 'build', 'typecheck', 'lint']);

// ---------------------------------------------------------------------------------------------------
// Effects: what a hook call observed or decided, applied under the lock by applyEffects.

export type SessionEffect =
  | { type: 'prompt'; mode?: { mode: 'readonly' | 'normal'; scope: 'turn' | 'session'; cue: string; id: string } }
  | { type: 'ask'; toolUseId: string; keys: GrantKey[]; permissionMode?: string }
  | {
      type: 'observed';
      tool: string;
      toolUseId?: string;
      writes: string[];
      reads: string[];
      actions: Array<{ kind: ActionKind; command: string }>;
      /** The tool failed after it started: its actions are recorded as failed. */
      failed?: true;
    }
  | { type: 'nudged'; verifyWriteSeq?: number; claims?: string[] }
  | { type: 'grant'; grant: Omit<Grant, 'id' | 'createdAt'> }
  | { type: 'revoke'; ids: string[] | 'all' }
  | { type: 'mode'; mode: 'readonly' | 'normal'; by: string }
  | { type: 'memoryProposed'; proposal: Omit<MemoryProposal, 'turn' | 'ran'> }
  | { type: 'memoryRan'; toolUseId: string }
  | { type: 'memoryFlushed'; toolUseIds: string[] }
  | RoutingEffect;

export interface ApplyContext {
  now: number;
  config: Pick<SessionConfig, 'rememberApprovals'>;
}

export interface ApplyResult {
  state: SessionState;
  /** One line per notable change, for the audit (approval remembered, grant created/revoked, mode). */
  notes: string[];
  /** Grants created by this application (approvals remembered, CLI grants). */
  created: Grant[];
  revoked: Grant[];
}

/** Approvals in these permission modes prove nothing: Claude Code did not ask the user. */
const NO_PROMPT_MODES = new Set(['bypassPermissions', 'dontAsk']);

const pushBounded = <T>(list: T[], item: T, max: number): void => {
  list.push(item);
  if (list.length > max) list.splice(0, list.length - max);
};

function addGrant(s: SessionState, g: Omit<Grant, 'id' | 'createdAt'>, now: number): Grant | undefined {
  const same = activeGrants(s, now).find(
    (x) => x.rule === g.rule && x.capability === g.capability && x.target === g.target && (x.until ?? Infinity) >= (g.until ?? Infinity),
  );
  if (same) return undefined;
  s.seq += 1;
  const grant: Grant = { id: `g${s.seq}`, ...g, createdAt: now };
  // Expired grants go first, then the oldest remembered approvals; explicit grants are kept longest.
  s.grants = activeGrants(s, now);
  s.grants.push(grant);
  while (s.grants.length > LIMITS.grants) {
    const i = s.grants.findIndex((x) => x.source === 'approval');
    s.grants.splice(i >= 0 ? i : 0, 1);
  }
  return grant;
}

function describeGrant(g: Grant): string {
  const what = g.capability ?? g.rule ?? '?';
  return `${g.id} ${what}${g.target !== undefined ? ` on ${g.target}` : ''}`;
}

function observe(s: SessionState, e: Extract<SessionEffect, { type: 'observed' }>, ctx: ApplyContext, out: ApplyResult): void {
  if (e.toolUseId) {
    const i = s.pending.findIndex((p) => p.toolUseId === e.toolUseId);
    if (i >= 0) {
      const [ask] = s.pending.splice(i, 1) as [PendingAsk];
      const remember = ctx.config.rememberApprovals;
      if (remember !== 'off' && !NO_PROMPT_MODES.has(ask.permissionMode ?? '')) {
        const window = remember === 'session' ? undefined : parseDuration(remember);
        for (const k of ask.keys) {
          const g = addGrant(s, { rule: k.rule, target: k.target, source: 'approval', ...(window ? { until: ctx.now + window } : {}) }, ctx.now);
          if (g) {
            out.created.push(g);
            out.notes.push(`approval remembered: ${describeGrant(g)}`);
          }
        }
      }
    }
  }
  for (const path of e.writes) {
    s.seq += 1;
    s.lastWriteSeq = s.seq;
    delete s.verified;
    const at = s.changed.findIndex((c) => c.path === path);
    if (at >= 0) s.changed.splice(at, 1);
    if (s.changed.length >= LIMITS.changed) {
      s.changed.shift();
      s.changedMore += 1;
    }
    s.changed.push({ path, tool: e.tool, seq: s.seq });
  }
  if (e.reads.length && s.changed.length) {
    const read = new Set(e.reads);
    const before = s.changed.length;
    s.changed = s.changed.filter((c) => !read.has(c.path));
    if (before && !s.changed.length && !s.changedMore) {
      s.seq += 1;
      s.verified = { seq: s.seq, how: `re-read ${e.reads.join(', ')}` };
    }
  }
  for (const a of e.actions) {
    s.seq += 1;
    pushBounded(s.actions, { kind: a.kind, turn: s.turn, seq: s.seq, command: a.command, ...(e.failed ? { failed: true as const } : {}) }, LIMITS.actions);
    // A check that failed verified nothing: the files stay unchecked, and Stop says the last check failed.
    if (!e.failed && VERIFYING.has(a.kind) && (s.changed.length || s.changedMore)) {
      s.changed = [];
      s.changedMore = 0;
      s.verified = { seq: s.seq, how: `${a.kind}: ${a.command}` };
    }
  }
}

/** Applies effects to a copy of the state; the input is not changed. */
export function applyEffects(state: SessionState, effects: readonly SessionEffect[], ctx: ApplyContext): ApplyResult {
  const s: SessionState = structuredClone(state);
  const out: ApplyResult = { state: s, notes: [], created: [], revoked: [] };
  for (const e of effects) {
    switch (e.type) {
      case 'prompt':
        s.turn += 1;
        if (s.turnReadOnly && s.turnReadOnly.turn < s.turn) delete s.turnReadOnly;
        if (e.mode?.scope === 'turn' && e.mode.mode === 'readonly') {
          s.turnReadOnly = { turn: s.turn, cue: e.mode.cue, id: e.mode.id };
          out.notes.push(`read-only for this turn (cue "${e.mode.cue}")`);
        } else if (e.mode) {
          const was = s.mode;
          s.mode = e.mode.mode;
          if (s.mode === 'readonly') s.modeBy = `prompt ${e.mode.cue}`;
          else delete s.modeBy;
          if (was !== s.mode) out.notes.push(`mode ${s.mode} (prompt ${e.mode.cue})`);
        }
        break;
      case 'ask': {
        const i = s.pending.findIndex((p) => p.toolUseId === e.toolUseId);
        if (i >= 0) s.pending.splice(i, 1);
        const ask: PendingAsk = { toolUseId: e.toolUseId, at: ctx.now, keys: e.keys };
        if (e.permissionMode) ask.permissionMode = e.permissionMode;
        pushBounded(s.pending, ask, LIMITS.pending);
        break;
      }
      case 'observed':
        observe(s, e, ctx, out);
        break;
      case 'routed':
      case 'routeFailed':
        applyRouting(s, e, out.notes);
        break;
      case 'nudged':
        if (e.verifyWriteSeq !== undefined) s.nudged.verifyWriteSeq = e.verifyWriteSeq;
        for (const c of e.claims ?? []) if (!s.nudged.claims.includes(c)) pushBounded(s.nudged.claims, c, LIMITS.nudges);
        break;
      case 'grant': {
        const g = addGrant(s, e.grant, ctx.now);
        if (g) {
          out.created.push(g);
          out.notes.push(`grant created: ${describeGrant(g)}`);
        }
        break;
      }
      case 'revoke': {
        const gone = e.ids === 'all' ? s.grants : s.grants.filter((g) => (e.ids as string[]).includes(g.id));
        s.grants = s.grants.filter((g) => !gone.includes(g));
        out.revoked.push(...gone);
        for (const g of gone) out.notes.push(`grant revoked: ${describeGrant(g)}`);
        break;
      }
      case 'memoryProposed': {
        const list = (s.proposals ?? []).filter((p) => p.toolUseId !== e.proposal.toolUseId);
        pushBounded(list, { ...e.proposal, turn: s.turn, ran: false }, LIMITS.proposals);
        s.proposals = list;
        break;
      }
      case 'memoryRan':
        for (const p of s.proposals ?? []) if (p.toolUseId === e.toolUseId) p.ran = true;
        break;
      case 'memoryFlushed':
        s.proposals = (s.proposals ?? []).filter((p) => !e.toolUseIds.includes(p.toolUseId));
        break;
      case 'mode':
        if (s.mode !== e.mode) out.notes.push(`mode ${e.mode} (${e.by})`);
        s.mode = e.mode;
        if (e.mode === 'readonly') s.modeBy = e.by;
        else {
          delete s.modeBy;
          delete s.turnReadOnly;
        }
        break;
    }
  }
  // Asks never answered (denied, or the call never ran) expire with the approval window's upper bound.
  s.pending = s.pending.filter((p) => ctx.now - p.at < 24 * 3_600_000);
  s.updatedAt = ctx.now;
  return out;
}
