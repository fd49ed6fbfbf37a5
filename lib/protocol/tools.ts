// Another host's tool, renamed to the one hookwarden's registry speaks of (Bash, Write, Edit, Read), so the shell,
// path and secret rules apply. A file tool's path becomes `file_path` (hosts say `absolute_path` or `path`); the
// other arguments are kept as they are, so a rewrite sends the host's own keys back. Unknown tools keep their names.

type Obj = Record<string, unknown>;

export type HookwardenTool = 'Bash' | 'Write' | 'Edit' | 'Read';

export function renameTool(name: string, input: Obj, table: Readonly<Record<string, HookwardenTool>>): { tool_name: string; tool_input: Obj } {
  const tool = table[name];
  if (!tool) return { tool_name: name, tool_input: input };
  if (tool === 'Bash') return { tool_name: tool, tool_input: input };
  return { tool_name: tool, tool_input: { ...input, file_path: input.file_path ?? input.absolute_path ?? input.path } };
}
