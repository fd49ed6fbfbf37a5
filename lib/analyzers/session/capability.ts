// Tool → capability (the seed's policy gate): registry data, first matching pattern wins. A tool no pattern
// names counts as a write, so a new or renamed tool is never waved through a read-only session.

import { toRegExp } from '../../registry/regex.js';
import type { CompiledCapability } from '../../registry/types.js';

export const UNKNOWN_TOOL_ID = 'capability/unknown-tool';

export interface ToolCapability {
  /** Pattern id that decided, or UNKNOWN_TOOL_ID. */
  id: string;
  /** e.g. "FileWrite", or "MCP:github" (one capability per MCP server). */
  capability: string;
  access: CompiledCapability['access'];
}

/** `mcp__github__get_issue` → github; plugin servers `mcp__plugin_p_srv__tool` keep their full scoped name. */
export function mcpServerOf(toolName: string): string | undefined {
  const m = /^mcp__(.+?)__/.exec(toolName);
  return m?.[1];
}

export function capabilityOf(toolName: string, patterns: readonly CompiledCapability[], mcpServer?: string): ToolCapability {
  const p = patterns.find((c) => c.tools.some((t) => toRegExp(t).test(toolName)));
  if (!p) return { id: UNKNOWN_TOOL_ID, capability: 'FileWrite', access: 'write' };
  const server = p.capability === 'MCP' ? (mcpServer ?? mcpServerOf(toolName)) : undefined;
  return { id: p.id, capability: server ? `MCP:${server}` : p.capability, access: p.access };
}
