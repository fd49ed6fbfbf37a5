// tool_input as Claude Code sends it for each file tool (field names as in its tool schemas).

export const FILE_TOOLS = ['Read', 'Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'Grep', 'Glob'] as const;
export type FileTool = (typeof FILE_TOOLS)[number];

export function toolInput(tool: FileTool, path: string, content = 'export const x = 1;\n'): Record<string, unknown> {
  switch (tool) {
    case 'Read':
      return { file_path: path };
    case 'Write':
      return { file_path: path, content };
    case 'Edit':
      return { file_path: path, old_string: 'x', new_string: content };
    case 'MultiEdit':
      return { file_path: path, edits: [{ old_string: 'x', new_string: content }] };
    case 'NotebookEdit':
      return { notebook_path: path, new_source: content, cell_id: 'c1', edit_mode: 'replace' };
    case 'Grep':
      return { pattern: 'KEY', path };
    case 'Glob':
      return { pattern: '**/*', path };
  }
}
