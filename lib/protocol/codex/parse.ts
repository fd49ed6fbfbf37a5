// Codex CLI (0.169) hook stdin → hookwarden's event. Codex already speaks Claude Code's shape (PreToolUse,
// PostToolUse, UserPromptSubmit, Stop, SessionStart; shell calls as `Bash {command}`), so events pass through,
// except its patch tool: `apply_patch` carries a patch whose `*** Add/Update/Delete File:` lines name the files.
// One added file is judged as a Write of its added lines (secrets in them count), one updated file as an Edit, and
// anything else as the shell command with the same effect on the same paths (`tee` writes them, `rm` deletes), so
// path rules apply to every file a patch touches. Read from ../shared/reference/agent-protocols.md §1.

type Obj = Record<string, unknown>;

const EVENTS = new Set(['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SessionStart']);

interface PatchFile {
  op: 'add' | 'update' | 'delete';
  path: string;
  added: string[];
}

/** The files a Codex patch touches, with the lines it adds to each. */
export function patchFiles(patch: string): PatchFile[] {
  const files: PatchFile[] = [];
  for (const line of patch.split('\n')) {
    const m = /^\*\*\* (Add|Update|Delete) File: (.+?)\s*$/.exec(line);
    if (m) files.push({ op: (m[1] as string).toLowerCase() as PatchFile['op'], path: m[2] as string, added: [] });
    else if (line.startsWith('+') && files.length) files[files.length - 1]?.added.push(line.slice(1));
  }
  return files;
}

const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

function patchAsTool(input: Obj): { tool_name: string; tool_input: Obj } {
  const patch = typeof input.command === 'string' ? input.command : typeof input.patch === 'string' ? input.patch : '';
  const files = patchFiles(patch);
  const only = files.length === 1 ? files[0] : undefined;
  if (only?.op === 'add') return { tool_name: 'Write', tool_input: { file_path: only.path, content: only.added.join('\n') } };
  if (only?.op === 'update') return { tool_name: 'Edit', tool_input: { file_path: only.path, old_string: '', new_string: only.added.join('\n') } };
  const writes = files.filter((f) => f.op !== 'delete').map((f) => q(f.path));
  const deletes = files.filter((f) => f.op === 'delete').map((f) => q(f.path));
  const parts = [...(writes.length ? [`tee -- ${writes.join(' ')} < /dev/null`] : []), ...(deletes.length ? [`rm -- ${deletes.join(' ')}`] : [])];
  // A patch naming no file is judged as what it is: text handed to a tool hookwarden cannot read.
  return parts.length ? { tool_name: 'Bash', tool_input: { command: parts.join('; ') } } : { tool_name: 'apply_patch', tool_input: input };
}

export function codexToEvent(json: Obj): Obj | null {
  if (!EVENTS.has(String(json.hook_event_name))) return null;
  const out: Obj = { ...json };
  // Codex sends transcript_path: null when it keeps none.
  if (out.transcript_path === null) delete out.transcript_path;
  if (json.tool_name === 'apply_patch' && json.tool_input && typeof json.tool_input === 'object') Object.assign(out, patchAsTool(json.tool_input as Obj));
  return out;
}
