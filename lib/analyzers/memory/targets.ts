// Where the model writes memory (registry `memory-target` patterns): MCP memory tools by name, memory files by
// normalised path. The first pattern that names the tool, or one of the path's forms, wins.

import { toRegExp } from '../../registry/regex.js';
import type { CompiledMemoryTarget } from '../../registry/types.js';

export function memoryTargetForTool(toolName: string, targets: readonly CompiledMemoryTarget[]): CompiledMemoryTarget | undefined {
  return targets.find((t) => t.tools.some((g) => toRegExp(g).test(toolName)));
}

/** `forms`: the path as globs see it (absolute, `~/…`, project-relative; see NormalisedPath). */
export function memoryTargetForPath(
  forms: readonly string[],
  targets: readonly CompiledMemoryTarget[],
  caseInsensitive = false,
): CompiledMemoryTarget | undefined {
  return targets.find((t) => t.paths.some((g) => forms.some((f) => toRegExp(g, caseInsensitive ? 'i' : '').test(f))));
}
