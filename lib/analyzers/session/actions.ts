// What a Bash command does for the session (runs tests, commits, deploys…), by the registry's action
// patterns matched structurally per segment, and whether it may run in a read-only session.

import { classifyIntent } from '../shell/intent/index.js';
import { fileAccesses, matchShell } from '../shell/index.js';
import type { Segment, ShellAnalysis, ShellContext } from '../shell/types.js';
import type { ActionKind, CompiledAction, CompiledShell } from '../../registry/types.js';

export interface ActionHit {
  id: string;
  does: ActionKind;
}

/** Action patterns as shell patterns, so the one structural matcher serves both (built once per list). */
const asShell = new WeakMap<readonly CompiledAction[], CompiledShell[]>();
function shellForm(actions: readonly CompiledAction[]): CompiledShell[] {
  let s = asShell.get(actions);
  if (!s) {
    s = actions.map((a) => ({ id: a.id, pack: a.pack, severity: a.severity, action: a.action, message: a.message, hint: a.hint, kind: 'shell', match: a.match }));
    asShell.set(actions, s);
  }
  return s;
}

const only = (seg: Segment): ShellAnalysis => ({ segments: [seg], facts: [] });

/** Every action the command performs, one per pattern id, registry order. */
export function commandActions(analysis: ShellAnalysis, actions: readonly CompiledAction[], ctx: ShellContext): ActionHit[] {
  if (analysis.parseError || !actions.length) return [];
  const byId = new Map(actions.map((a) => [a.id, a]));
  return matchShell(analysis, shellForm(actions), ctx).map((m) => ({ id: m.id, does: (byId.get(m.id) as CompiledAction).does }));
}

export interface ReadOnlyJudgement {
  readOnly: boolean;
  reason: string;
}

/**
 * A command may run in a read-only session when every segment is provably read-only (the shell intent
 * classifier) or is one of the registry's read-only-safe actions (test runners, type-checks, lint without
 * fixes), and nothing in it writes or deletes a file (redirects, tee, `sed -i` — /dev/null excepted).
 */
export function judgeReadOnly(analysis: ShellAnalysis, actions: readonly CompiledAction[], ctx: ShellContext): ReadOnlyJudgement {
  if (analysis.parseError) return { readOnly: false, reason: `the command could not be parsed (${analysis.parseError})` };
  if (analysis.facts.length) return { readOnly: false, reason: `the analyzer flagged ${analysis.facts.join(', ')}` };
  const writes = fileAccesses(analysis).find((a) => a.op !== 'read' && a.path !== '/dev/null');
  if (writes) return { readOnly: false, reason: `${writes.via} ${writes.op === 'delete' ? 'deletes' : 'writes'} ${writes.path}` };
  const safe = shellForm(actions.filter((a) => a.readOnlySafe));
  const rest = analysis.segments.filter((seg) => matchShell(only(seg), safe, ctx).length === 0);
  if (!rest.length) return { readOnly: true, reason: 'it only runs checks (tests, type-checks, linters) that are allowed in read-only mode' };
  const intent = classifyIntent({ ...analysis, segments: rest });
  return intent.intent === 'write-or-unknown'
    ? { readOnly: false, reason: intent.reason }
    : { readOnly: true, reason: intent.reason };
}
