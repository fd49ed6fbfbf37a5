// What a tool call touches: file paths with the operation, and content it writes. Per Claude Code's tool
// input shapes (Write/Edit/MultiEdit/NotebookEdit/Read/Glob/Grep); unknown tools touch nothing we can name.

import { globSamples } from '../analyzers/shell/glob-samples.js';
import type { PathOp } from '../registry/types.js';

export interface FileTarget {
  path: string;
  op: PathOp;
  field: string;
}

export interface WrittenContent {
  text: string;
  field: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

const WRITE_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);
/** Tools that read file contents into the conversation. Glob and LS list names only: not a read of contents. */
const READ_TOOLS = new Set(['Read', 'Grep', 'NotebookRead']);
const LIST_TOOLS = new Set(['Glob', 'LS']);

export function fileTargets(toolName: string, input: unknown): FileTarget[] {
  const i = obj(input);
  if (WRITE_TOOLS.has(toolName)) {
    const field = i.notebook_path !== undefined ? 'notebook_path' : 'file_path';
    const p = str(i[field]);
    return p ? [{ path: p, op: 'write', field: `tool_input.${field}` }] : [];
  }
  if (READ_TOOLS.has(toolName)) {
    const field = i.file_path !== undefined ? 'file_path' : i.notebook_path !== undefined ? 'notebook_path' : 'path';
    const p = str(i[field]);
    const out: FileTarget[] = p ? [{ path: p, op: 'read', field: `tool_input.${field}` }] : [];
    // Grep's glob filter names the files it reads (`glob: ".env*"`): judge sample names it can match.
    const glob = toolName === 'Grep' ? str(i.glob) : undefined;
    if (glob) {
      for (const sample of globSamples(glob) ?? [glob]) out.push({ path: `${p ?? '.'}/${sample}`, op: 'read', field: 'tool_input.glob' });
    }
    return out;
  }
  return [];
}

export function writtenContent(toolName: string, input: unknown): WrittenContent[] {
  const i = obj(input);
  const out: WrittenContent[] = [];
  const push = (v: unknown, field: string): void => {
    const s = str(v);
    if (s) out.push({ text: s, field });
  };
  if (toolName === 'Write') push(i.content, 'tool_input.content');
  if (toolName === 'Edit') push(i.new_string, 'tool_input.new_string');
  if (toolName === 'NotebookEdit') push(i.new_source, 'tool_input.new_source');
  if (toolName === 'MultiEdit' && Array.isArray(i.edits)) {
    i.edits.forEach((e, n) => push(obj(e).new_string, `tool_input.edits.${n}.new_string`));
  }
  return out;
}

/** The routing domain of a tool call: bash_command | file_write | file_read | tool_other. */
export function toolDomain(toolName: string): string {
  if (toolName === 'Bash') return 'bash_command';
  if (WRITE_TOOLS.has(toolName)) return 'file_write';
  if (READ_TOOLS.has(toolName) || LIST_TOOLS.has(toolName)) return 'file_read';
  return 'tool_other';
}
