// Path patterns: picomatch globs (compiled to RegExp at build time) against every normalised form of a path.

import type { Match } from '../../engine/types.js';
import { toRegExp } from '../../registry/regex.js';
import type { CompiledPath, PathOp } from '../../registry/types.js';
import type { NormalisedPath } from './normalise.js';

export function matchPath(path: NormalisedPath, op: PathOp, patterns: CompiledPath[], where: string): Match[] {
  const out: Match[] = [];
  for (const p of patterns) {
    if (!p.ops.includes(op)) continue;
    const hit = path.forms.some((f) => p.include.some((r) => toRegExp(r).test(f)));
    if (!hit) continue;
    if (path.forms.some((f) => p.exclude.some((r) => toRegExp(r).test(f)))) continue;
    out.push({
      id: p.id,
      kind: 'path',
      severity: p.severity,
      action: p.action,
      message: p.message,
      hint: p.hint,
      matched: `${op} ${path.display}`,
      where,
    });
  }
  return out;
}
