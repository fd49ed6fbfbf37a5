// What override files may change in the loaded patterns, in file order (user, then project):
//  - `disable` switches a pattern off, and `actions` ("bash-publish/npm-publish": "block") changes what it answers
//    (`off` = disable): one line instead of a whole new pattern.
//  - The user's file may do either to any pattern. A project's file is a cloned repository's: unless the user's own
//    config trusts that project (`trustedProjects`), it may switch off or soften only its own patterns and advice
//    (warn, context); it may never disable or loosen what blocks or asks, and its own patterns may not widen what
//    counts as read-only. What it tried is ignored and named (one issue each: shown at session start, by `doctor`
//    and in every audit line's `error`), the rest of the file still applies.
//  - The managed layer (the admin's folder and the active policy bundle, applied first: bundle, then managed) sets a
//    floor: what it defines, and any verdict its `actions` set, no user or project file (trusted or not) may disable
//    or soften, and what it disabled no lower file may switch back on. Tightening is allowed.
// docs/configuration.md "Pattern overrides" and docs/team.md "The managed layer" have the rules and the reasons.

import { ACTION_SEVERITY, actionToLevel, levelRank, type PatternAction } from '../vocab/levels.js';
import type { LoadedPattern, LoadedSources, RegistryIssue, SourceScope } from './load.js';
import type { ActionOverride, PatternSource } from './schema.js';
import { UNTRUSTED_PROJECT } from '../vocab/trust.js';


/** One `disable` entry or one `actions` entry of an override file. */
export interface OverrideEntry {
  id: string;
  action: ActionOverride;
  /** Where the file said it: `disable` or `actions.<id>`, as its issues name it. */
  field: string;
  file: string;
  scope: SourceScope;
  trusted: boolean;
}

/** A pattern's verdict when it matches, for the kinds that have one (a path pattern: its strongest operation). */
function actionOf(p: PatternSource): PatternAction | null {
  if (p.kind === 'shell' || p.kind === 'intent' || p.kind === 'secret') return p.action;
  if (p.kind === 'path') {
    const on = Object.values(p.on).filter((a): a is 'block' | 'ask' | 'warn' => !!a);
    return on.reduce<PatternAction>((a, b) => (strength(b) > strength(a) ? b : a), 'context');
  }
  return null;
}

/** On the verdict lattice (levels.ts); `off` is below every verdict. */
const strength = (a: ActionOverride | PatternAction | null): number => (a === null || a === 'off' ? -1 : levelRank(actionToLevel(a)));

function withAction(p: PatternSource, action: PatternAction): PatternSource | string {
  if (p.kind === 'path') {
    if (action === 'context') return 'a path pattern answers block, ask or warn';
    const on = Object.fromEntries(Object.keys(p.on).map((op) => [op, action]));
    return { ...p, on };
  }
  if (p.kind === 'shell' || p.kind === 'intent' || p.kind === 'secret') return { ...p, action, severity: ACTION_SEVERITY[action] };
  return `a ${p.kind} pattern has no verdict to change`;
}

/** Whether an untrusted project is held back from this change of `target`. */
function loosens(e: OverrideEntry, target: LoadedPattern): boolean {
  if (e.scope !== 'project' || e.trusted || target.scope === 'project') return false;
  const now = actionOf(target.pattern);
  if (now === null) return true; // session and memory patterns: switching them off can only loosen or leak
  if (e.action === 'off') return strength(now) >= strength('ask');
  return strength(e.action) < strength(now);
}

/** An untrusted project's own pattern that would widen what counts as read-only, and why. */
function widensReadOnly(lp: LoadedPattern): string | null {
  if (lp.scope !== 'project' || lp.trusted) return null;
  const p = lp.pattern;
  if (p.kind === 'capability' && p.access !== 'write') return `a project's capability pattern may only mark tools as writing (${p.access} ignored)`;
  if (p.kind === 'mode' && p.mode === 'normal') return "a project's mode pattern may only enter read-only mode";
  if (p.kind === 'action' && p.readOnlySafe) return "a project's action pattern may not be readOnlySafe";
  return null;
}

/** Overrides apply lowest rank first, each file's in its order: the managed layer before what it holds. */
const RANK: Record<SourceScope, number> = { shipped: 0, bundle: 1, managed: 2, user: 3, project: 4 };
const isManaged = (scope: SourceScope): boolean => scope === 'managed' || scope === 'bundle';

/** What the managed layer holds a pattern at: the file that set it and the verdict lower files may not go below. */
interface Floor {
  file: string;
  action: PatternAction | null;
}

/** Why the managed layer holds this lower entry back, or null. */
function heldByManaged(e: OverrideEntry, floor: Floor | undefined, disabledBy: ReadonlyMap<string, string>): string | null {
  if (isManaged(e.scope)) return null;
  const off = disabledBy.get(e.id);
  if (off !== undefined) return e.action === 'off' ? null : `ignored: disabled by the managed policy (${off}); a lower file cannot switch it back on`;
  if (!floor) return null;
  if (e.action === 'off' || strength(e.action) < strength(floor.action)) return `ignored: set by the managed policy (${floor.file})`;
  return null;
}

/** Applies every override entry to the loaded patterns; returns the ids switched off and pushes an issue for each
 * entry ignored. */
export function applyOverrides(out: LoadedSources, given: readonly OverrideEntry[]): string[] {
  const byId = new Map(out.patterns.map((lp, i) => [lp.pattern.id, i]));
  const off = new Set<string>();
  /** Ids the managed layer switched off → its file. */
  const disabledBy = new Map<string, string>();
  const ignore = (e: Pick<OverrideEntry, 'file' | 'id'>, field: string, message: string): void => {
    out.issues.push({ file: e.file, id: e.id, field, message } satisfies RegistryIssue);
  };
  const floors = new Map<string, Floor>(
    out.patterns.filter((lp) => isManaged(lp.scope)).map((lp) => [lp.pattern.id, { file: lp.file, action: actionOf(lp.pattern) }]),
  );
  const entries = [...given].sort((a, b) => RANK[a.scope] - RANK[b.scope]);
  for (const e of entries) {
    const { field } = e;
    const i = byId.get(e.id);
    const target = i === undefined ? undefined : out.patterns[i];
    if (!target || i === undefined) {
      ignore(e, field, 'no pattern has this id');
      continue;
    }
    const held = heldByManaged(e, floors.get(e.id), disabledBy);
    if (held) {
      ignore(e, field, held);
      continue;
    }
    if (loosens(e, target)) {
      ignore(e, field, `ignored: ${UNTRUSTED_PROJECT}`);
      continue;
    }
    if (e.action === 'off') {
      off.add(e.id);
      if (isManaged(e.scope) && !disabledBy.has(e.id)) disabledBy.set(e.id, e.file);
      continue;
    }
    const changed = withAction(target.pattern, e.action);
    if (typeof changed === 'string') ignore(e, field, changed);
    else {
      out.patterns[i] = { ...target, pattern: changed, changedBy: { file: e.file, scope: e.scope } };
      if (isManaged(e.scope)) floors.set(e.id, { file: e.file, action: actionOf(changed) });
    }
  }
  out.patterns = out.patterns.flatMap((lp) => {
    const why = widensReadOnly(lp);
    if (!why) return [lp];
    ignore({ file: lp.file, id: lp.pattern.id }, 'kind', `ignored: ${why}; ${UNTRUSTED_PROJECT}`);
    return lp.pattern.kind === 'action' ? [{ ...lp, pattern: { ...lp.pattern, readOnlySafe: false } }] : [];
  });
  return [...off];
}
