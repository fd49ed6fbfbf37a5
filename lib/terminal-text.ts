// Text from files, commands and audit lines made safe to print on a terminal: whatever a cloned repository or a
// judged command holds, it can neither drive the terminal (C0/C1 controls, ESC) nor reorder what is shown (bidi
// overrides, "Trojan Source"). Shared by every command that prints such text.

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const escaped = (c: string): string => SHORT_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** One terminal cell: whitespace runs → one space, control and bidi characters → U+FFFD, trimmed. */
export function cellText(s: string): string {
  return s.replace(/[\t\n\r\v\f ]+/g, ' ').replace(UNSAFE, '\uFFFD').trim();
}

/** Multi-line text made safe for a terminal: newlines kept, other controls and bidi marks shown as \uXXXX. */
export function safeTerminalText(s: string): string {
  return s.replace(UNSAFE, (c) => (c === '\n' ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** One printable line that still names the exact text (a file name holding a line break reads `evil\nname.md`):
 * line breaks and tabs as `\n` `\r` `\t`, other controls and bidi marks as \uXXXX. */
export function printable(s: string): string {
  return s.replace(UNSAFE, escaped);
}

/** Cut to `max` characters (code points), the last one an ellipsis. */
export function truncate(s: string, max: number): string {
  const chars = [...s];
  if (chars.length <= max) return s;
  return max <= 1 ? '…' : `${chars.slice(0, max - 1).join('')}…`;
}
