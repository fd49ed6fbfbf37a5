// Path patterns: picomatch globs (compiled to RegExp at build time) against every normalised form of a path.
// A pattern says per operation what touching a match means (its tier's policy; see docs/policy.md).

import type { Match } from '../../engine/types.js';
import { toRegExp } from '../../registry/regex.js';
import type { CompiledPath, PathOp } from '../../registry/types.js';
import type { NormalisedPath } from './normalise.js';

export function pathPatternHits(path: NormalisedPath, p: CompiledPath): boolean {
  if (p.outsideProject && !path.outsideProject) return false;
  const flags = path.caseInsensitive ? 'i' : '';
  const test = (rs: CompiledPath['include']): boolean => path.forms.some((f) => rs.some((r) => toRegExp(r, flags).test(f)));
  return test(p.include) && !test(p.exclude);
}

const VERB: Record<PathOp, string> = { read: 'reading', write: 'writing', delete: 'deleting' };

export function matchPath(path: NormalisedPath, op: PathOp, patterns: CompiledPath[], where: string): Match[] {
  const out: Match[] = [];
  for (const p of patterns) {
    const rule = p.on[op];
    if (!rule || !pathPatternHits(path, p)) continue;
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
