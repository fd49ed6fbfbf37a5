// Codex's requirements.toml, edited as text: hookwarden's hooks are one marked block of `[[hooks.<Event>]]` tables at
// the end of the file, and `--managed-only` one marked top-level line at its start. Everything else (the admin's keys,
// tables, comments, blank lines, their order and spelling) stays byte for byte, and uninstall removes exactly the
// block and the line. No TOML library is used: none of the small ones keeps comments and layout on a round trip, and
// the part hookwarden owns is small enough to write and find by its markers.
//
// TOML puts top-level keys before the first table header, so the switch goes on the first line; array-of-tables
// headers may be appended anywhere after, so the block goes last. A file that did not end with a newline gets one
// before the block, and the block then ends without one (uninstall knows to take that newline back).

import { HOOK_TIMEOUT_SECONDS, type HostProfile } from '../settings.js';

const BEGIN = '# >>> hookwarden: managed hooks (`hookwarden uninstall --managed --agent codex` removes this block)';
const END = '# <<< hookwarden';
export const ONLY_LINE = 'allow_managed_hooks_only = true # added by `hookwarden install --managed-only`';

/** A TOML basic string. */
const str = (s: string): string => JSON.stringify(s).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The block's tables for each event the profile wires. */
export function codexBlock(profile: HostProfile, command: (hook: string) => string): string {
  const lines = [BEGIN];
  for (const e of profile.events) {
    lines.push(`[[hooks.${e.event}]]`);
    if (e.matcher !== undefined) lines.push(`matcher = ${str(e.matcher)}`);
    lines.push(`[[hooks.${e.event}.hooks]]`, 'type = "command"', `command = ${str(command(e.hook))}`, `timeout = ${HOOK_TIMEOUT_SECONDS}`);
  }
  lines.push(END);
  return lines.join('\n');
}

interface Found {
  start: number;
  end: number;
  text: string;
}

/** Where the block is (its text without the separating newline), or null. */
function findBlock(text: string): Found | null {
  const start = text.indexOf(`${BEGIN}\n`);
  if (start < 0) return null;
  const endAt = text.indexOf(`\n${END}`, start);
  if (endAt < 0) return null;
  const end = endAt + 1 + END.length;
  return { start, end, text: text.slice(start, end) };
}

/** The top-level part of a TOML text: the lines before the first table header. */
function topLines(text: string): string[] {
  const lines = text.split('\n');
  const header = lines.findIndex((l) => /^\s*\[/.test(l));
  return header < 0 ? lines : lines.slice(0, header);
}

export type TomlEdit = { text: string; changed: boolean } | { refused: string };

/** The text with the block (and with `only`, the switch line) in place; unchanged when both already are. */
export function installToml(text: string, block: string, only: boolean): TomlEdit {
  let next = text;
  const found = findBlock(next);
  if (found && found.text !== block) next = next.slice(0, found.start) + block + next.slice(found.end);
  else if (!found) next = next === '' || next.endsWith('\n') ? `${next}${block}\n` : `${next}\n${block}`;
  if (only && !next.startsWith(`${ONLY_LINE}\n`)) {
    const theirs = topLines(next).find((l) => /^\s*allow_managed_hooks_only\s*=/.test(l));
    if (theirs && !/=\s*true\s*(#.*)?$/.test(theirs)) return { refused: `it already says \`${theirs.trim()}\`: change that line yourself, or install without --managed-only` };
    if (!theirs) next = `${ONLY_LINE}\n${next}`;
  }
  if (!only && next.startsWith(`${ONLY_LINE}\n`)) next = next.slice(ONLY_LINE.length + 1);
  return { text: next, changed: next !== text };
}

/** The text without hookwarden's block and switch line; `removed` counts what went (0: nothing of ours). */
export function removeToml(text: string): { text: string; removed: number } {
  let next = text;
  let removed = 0;
  if (next.startsWith(`${ONLY_LINE}\n`)) {
    next = next.slice(ONLY_LINE.length + 1);
    removed++;
  }
  const found = findBlock(next);
  if (found) {
    // A block followed by its newline came after the admin's own last newline; one that ends the file without a
    // newline was preceded by one hookwarden added.
    if (next[found.end] === '\n') next = next.slice(0, found.start) + next.slice(found.end + 1);
    else next = next.slice(0, found.start > 0 && next[found.start - 1] === '\n' ? found.start - 1 : found.start) + next.slice(found.end);
    removed++;
  }
  return { text: next, removed };
}

/** Whether a requirements.toml text holds hookwarden's block. */
export const hasCodexBlock = (text: string): boolean => findBlock(text) !== null;
