// When `$HOOKWARDEN_HOME` itself cannot be trusted (a link, someone else's folder, or one others can write:
// lib/fs/private-dir.ts homeProblem), nothing is read from it or written to it: no user config, overrides, caches,
// session state, memory or audit. The call is still judged, with the project's config and the shipped registry,
// and a guard hook fails closed as for an internal error: what the engine blocks stays blocked, anything milder
// becomes the configured internal-error answer (ask by default), naming the problem and the fix (docs/security.md).

import type { UnifiedRoutingDecision } from '../engine/types.js';
import type { Locations } from './locations.js';

export const UNSAFE_HOME_ID = 'engine/unsafe-home';

/** The call's locations with everything under the home left out. */
export function withoutHome(loc: Locations): Locations {
  const mine = (p: string): boolean => p === loc.hookwardenHome || p.startsWith(`${loc.hookwardenHome}/`);
  return {
    ...loc,
    configFiles: loc.configFiles.filter((f) => !mine(f)),
    overrideFiles: loc.overrideFiles.filter((o) => !mine(o.path)),
    cacheDir: '',
    bundleDir: '',
  };
}

/** The one line the user sees on stderr (and, at session start, as the session's notice). */
export function unsafeHomeNote(home: string, problem: string): string {
  return `$HOOKWARDEN_HOME (${home}) ${problem}, so hookwarden refuses it: nothing is recorded (no audit, session state or memory) and guarded calls are asked about until it is fixed: make it a private folder of your own (\`chmod 700\`), or point HOOKWARDEN_HOME elsewhere (docs/security.md)`;
}

/** A guard's decision raised to at least the internal-error answer, with the rule and a hint the model can relay. */
export function unsafeHomeDecision(d: UnifiedRoutingDecision, home: string, problem: string, mode: 'ask' | 'deny'): UnifiedRoutingDecision {
  const hint = `Tell the user that hookwarden's home ${home} ${problem}; they can fix it in their own terminal (\`chmod 700 ${home}\`, or a new private folder as HOOKWARDEN_HOME). Do not change it yourself.`;
  const rule = `UNSAFE_HOME_${mode === 'deny' ? 'DENY' : 'ASK'}`;
  const match = { id: UNSAFE_HOME_ID, kind: 'engine', severity: 'high' as const, action: mode === 'deny' ? ('block' as const) : ('ask' as const), message: 'hookwarden cannot keep its records', hint, matched: `${home} ${problem}` };
  const audit = { ...d.audit, localPatterns: [...d.audit.localPatterns, UNSAFE_HOME_ID], decisionRules: [...d.audit.decisionRules, rule] };
  const local = { ...d.local, matches: [...d.local.matches, match] };
  if (d.decision.action === 'block') {
    const also = ` Also: hookwarden's home ${home} ${problem}, so nothing was recorded [${UNSAFE_HOME_ID}].`;
    return { ...d, local, audit, decision: { ...d.decision, message: d.decision.message + also, hints: [...d.decision.hints, hint] } };
  }
  const action = mode === 'deny' ? 'block' : 'ask';
  const before = d.decision.message ? ` The call itself: ${d.decision.message}` : '';
  const message = `hookwarden ${action}: hookwarden's home ${home} ${problem}, so nothing can be recorded and this call is not let through unseen [${UNSAFE_HOME_ID}]. Rules: ${rule}.${before}`;
  // A rewrite or a self-granted allow no longer stands: the user sees the call as the model wrote it.
  const { updatedInput: _rewrite, explicitAllow: _allow, ...rest } = d.decision;
  return {
    ...d,
    local,
    audit,
    decision: { ...rest, action, shouldProceed: action !== 'block', severity: 'high', message, hints: [hint, ...d.decision.hints] },
  };
}
