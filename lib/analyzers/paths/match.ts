// Path patterns: picomatch globs (compiled to RegExp at build time) against every normalised form of a path.
// A pattern says per operation what touching a match means (its tier's policy; see docs/policy.md).

import type { Match } from '../../vocab/match.js';
import { toRegExp } from '../../registry/regex.js';
import { isPathCandidate } from '../../registry/candidates.js';
import type { CompiledPath, PathOp } from '../../registry/types.js';
import type { NormalisedPath } from './normalise.js';

/** A pattern's globs as one alternation per side (one regex test per form instead of one per glob: a command
 * naming thousands of files stays fast). Built once per pattern and flag set. */
const joined = new WeakMap<CompiledPath, Map<string, { include: RegExp; exclude: RegExp | null }>>();

function regexesOf(p: CompiledPath, fold: boolean): { include: RegExp; exclude: RegExp | null } {
  let byFlags = joined.get(p);
  if (!byFlags) joined.set(p, (byFlags = new Map()));
  const key = fold ? 'i' : '';
  let r = byFlags.get(key);
  if (!r) {
    const one = (rs: CompiledPath['include']): RegExp | null => {
      if (!rs.length) return null;
      const flags = [...new Set(rs.map((x) => x.flags).join('') + key)].sort().join('');
      return rs.length === 1 ? toRegExp(rs[0]!, key) : new RegExp(rs.map((x) => `(?:${x.source})`).join('|'), flags);
    };
    r = { include: one(p.include) ?? /(?!)/, exclude: one(p.exclude) };
    byFlags.set(key, r);
  }
  return r;
}

export function pathPatternHits(path: NormalisedPath, p: CompiledPath): boolean {
  // Outside-the-project tier, and the literals the globs need (registry/candidates.ts): without them the joined
  // regex is neither compiled nor run; a hook process compiled ~16 of them for one path (~8 ms).
  if (!isPathCandidate(p, path)) return false;
  const { include, exclude } = regexesOf(p, path.caseInsensitive);
  return path.forms.some((f) => include.test(f)) && !(exclude && path.forms.some((f) => exclude.test(f)));
}

const VERB: Record<PathOp, string> = { read: 'reading', write: 'writing', delete: 'deleting' };

/** A pattern that names content (`whenContent`) judges only writes that carry it: `~/.npmrc` with an
 * `_authToken=` line, not a `registry=` line. Unknown content (undefined) never carries it. */
function contentHolds(p: CompiledPath, op: PathOp, content: string | undefined): boolean {
  if (!p.whenContent) return true;
  return op === 'write' && content !== undefined && toRegExp(p.whenContent).test(content);
}

export function matchPath(path: NormalisedPath, op: PathOp, patterns: CompiledPath[], where: string, content?: string): Match[] {
  const out: Match[] = [];
  for (const p of patterns) {
    const rule = p.on[op];
    if (!rule || !contentHolds(p, op, content) || !pathPatternHits(path, p)) continue;
    out.push({
      id: p.id,
      kind: 'path',
      severity: rule.severity,
      action: rule.action,
      message: `${VERB[op]} ${p.message}`,
      hint: p.hint,
      matched: `${op} ${path.display}`,
      where,
    });
  }
  return out;
}
