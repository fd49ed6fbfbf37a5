// The agent's final message from a Claude Code transcript, for a Stop input without `last_assistant_message`.
// The transcript is JSONL written asynchronously by Claude Code: it may lag, end in a partial line or hold lines
// this reader does not know. Only its tail is read (synchronously: a hook runs once and exits), and nothing here
// ever throws: a transcript that cannot be read simply yields no message.
//
// Line shapes that matter:
//   {"type":"assistant","message":{"id":"msg_…","role":"assistant","content":[{"type":"text","text":"…"},
//     {"type":"tool_use",…}]}}   one API message may span several consecutive lines sharing message.id
//   {"type":"user","message":{"role":"user","content":"…" | [{"type":"tool_result",…}]}}
// Other types (summary, system, file-history-snapshot, attachment …) are skipped, and so are sidechain lines
// (`isSidechain: true`, a subagent's conversation) and synthetic API-error lines (`isApiErrorMessage: true`).

import { readProblem, readRegularTail } from '../fs/read.js';

/** How much of the transcript's end is read by default. */
export const DEFAULT_TAIL_BYTES = 512 * 1024;

type Line = Record<string, unknown>;

const isObject = (v: unknown): v is Line => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The last `maxBytes` of the file as text, starting on a whole line. The path comes from the host: it is opened
 * non-blocking and read only if it is a regular file (a FIFO, /dev/zero or a folder yields nothing at once), with
 * a size and a time bound (lib/fs/read.ts). */
function readTail(path: string, maxBytes: number, note?: (line: string) => void): string | undefined {
  const r = readRegularTail(path, { maxBytes });
  if (r.status !== 'ok') {
    if (r.status !== 'missing') note?.(`transcript ${path} not read (${readProblem(r)})`);
    return undefined;
  }
  let bytes = r.bytes;
  if (r.cut) {
    // Drop the byte before the tail and, unless it ended a line, the partial first line.
    const nl = bytes[0] === 0x0a ? 0 : bytes.indexOf(0x0a);
    if (nl < 0) return '';
    bytes = bytes.subarray(nl + 1);
  }
  // Invalid UTF-8 becomes U+FFFD; it never throws.
  return bytes.toString('utf8');
}

function parse(line: string): Line | undefined {
  if (!line.trim()) return undefined;
  try {
    const v: unknown = JSON.parse(line);
    return isObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The text blocks of an assistant line's message, in order (string content counts as one text block). */
function textBlocks(line: Line): string[] {
  const message = line.message;
  if (!isObject(message)) return [];
  const content = message.content;
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  const out: string[] = [];
  for (const block of content) {
    if (isObject(block) && block.type === 'text' && typeof block.text === 'string') out.push(block.text);
  }
  return out;
}

/**
 * The text of the final assistant message: the text blocks of the trailing assistant lines after the last
 * tool_result or user line, joined with "\n". Reads at most the last `maxBytes` (default 512 KiB) of the file
 * (skipping a partial first line), tolerates a partial last line and malformed lines, never throws; returns
 * undefined when the file is missing, unreadable, or has no assistant text at the end.
 */
export function lastAssistantText(path: string, maxBytes: number = DEFAULT_TAIL_BYTES, note?: (line: string) => void): string | undefined {
  try {
    const limit = Number.isFinite(maxBytes) && maxBytes >= 1 ? Math.floor(maxBytes) : DEFAULT_TAIL_BYTES;
    const tail = readTail(path, limit, note);
    if (tail === undefined) return undefined;
    const lines = tail.split('\n');
    const texts: string[][] = [];
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = parse(lines[i]!);
      if (!line || line.isSidechain === true) continue;
      if (line.type === 'user') break;
      if (line.type !== 'assistant' || line.isApiErrorMessage === true) continue;
      texts.push(textBlocks(line));
    }
    const text = texts.reverse().flat().join('\n');
    return text.trim() ? text : undefined;
  } catch {
    return undefined;
  }
}

/** How much of a transcript is searched for a tool call (the end of it: proposals are recent). */
export const TOOL_USE_SEARCH_BYTES = 16 * 1024 * 1024;

/**
 * The tool call with this tool_use id in the transcript (main conversation or a subagent's): its tool name and
 * input. Reads at most the last `maxBytes` (16 MiB); lines not mentioning the id are not parsed. Never throws;
 * undefined when the file or the call is not there.
 */
export function findToolUse(
  path: string,
  toolUseId: string,
  maxBytes: number = TOOL_USE_SEARCH_BYTES,
  note?: (line: string) => void,
): { name: string; input: Record<string, unknown> } | undefined {
  try {
    if (!toolUseId) return undefined;
    const tail = readTail(path, Number.isFinite(maxBytes) && maxBytes >= 1 ? Math.floor(maxBytes) : TOOL_USE_SEARCH_BYTES, note);
    if (!tail) return undefined;
    const needle = JSON.stringify(toolUseId);
    for (const raw of tail.split('\n')) {
      if (!raw.includes(needle)) continue;
      const line = parse(raw);
      const content = line && isObject(line.message) ? line.message.content : undefined;
      if (line?.type !== 'assistant' || !Array.isArray(content)) continue;
      for (const block of content) {
        if (isObject(block) && block.type === 'tool_use' && block.id === toolUseId && typeof block.name === 'string' && isObject(block.input)) {
          return { name: block.name, input: block.input };
        }
      }
    }
    return undefined;
  } catch {
    return undefined;
  }
}
