// Rule 14: user scope, the phrases that say a fact holds in every project.

import { lazy } from '../../../vocab/lazy.js';

/** User-scope phrases that may stand anywhere in the lead, the cue or the fact. */
export const USER_SCOPE_PHRASE =
  '(?:(?:in|for|on|across)\\s+(?:all|every|each)\\s+(?:(?:of\\s+)?(?:my|our|your)\\s+)?(?:other\\s+|future\\s+)?(?:projects?|repos?|repositories|repository|codebases?|workspaces?)' +
  '|across\\s+(?:(?:all\\s+)?(?:of\\s+)?(?:my|our|your)\\s+|all\\s+)?(?:projects|repos|repositories|codebases|workspaces)' +
  '|regardless\\s+of\\s+(?:the\\s+)?(?:project|repo|repository|codebase)' +
  '|no\\s+matter\\s+(?:which|what)\\s+(?:project|repo|repository|codebase))';

export const USER_ANYWHERE = lazy((): RegExp => new RegExp(`(?<![\\p{L}\\p{N}_])${USER_SCOPE_PHRASE}(?![\\p{L}\\p{N}_])`, 'iu'));
const USER_ANYWHERE_G = lazy((): RegExp => new RegExp(`(?:(?<![\\s,;–—-])[\\s,;–—-]+)?(?<![\\p{L}\\p{N}_])${USER_SCOPE_PHRASE}(?![\\p{L}\\p{N}_])`, 'giu'));
export const GLOBAL_WORD = lazy(() => /(?<![\p{L}\p{N}_-])(?:globally|everywhere)(?![\p{L}\p{N}_-])/iu);
/** Words after which "globally" / "everywhere" is technical, not a scope ("installed globally"). */
const TECHNICAL_BEFORE_GLOBAL =
  'install(?:ed|s)?|available|defined|declared|registered|exposed|linked|scoped|unique|imported|used|referenced|called|applied|enabled|set|visible|accessible|shared|cached|mounted|exported|replaced|changed|updated|renamed';
const GLOBAL_AT_START = /^(?:globally|everywhere)\s*[,:–—-]?\s+/iu;
const GLOBAL_AT_END = lazy((): RegExp => new RegExp(`(?<![\\s,;–—-])(?<!\\b(?:${TECHNICAL_BEFORE_GLOBAL}))[\\s,;–—-]+(?:globally|everywhere)[\\s!.,;:]*$`, 'iu'));

/** Rule 14 on the fact: the phrases removed, and whether one was there. */
export function takeScope(fact: string): { fact: string; user: boolean } {
  let user = false;
  let f = fact;
  if (USER_ANYWHERE().test(f)) {
    user = true;
    f = f.replace(USER_ANYWHERE_G(), '');
  }
  if (GLOBAL_AT_START.test(f)) {
    user = true;
    f = f.replace(GLOBAL_AT_START, '');
  }
  if (GLOBAL_AT_END().test(f)) {
    user = true;
    f = f.replace(GLOBAL_AT_END(), '');
  }
  f = f.replace(/^[\s,;:–—-]+/u, '');
  return { fact: f, user };
}
