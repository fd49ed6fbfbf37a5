import { describe, expect, it } from 'vitest';
import { cellText, printable, safeTerminalText, truncate } from '../lib/terminal-text.js';

// ESC sequences (clear screen, set title), a C1 CSI (0x9b, a one-byte ESC [ on some terminals), and a bidi override
// that would show "exe.txt" as "txt.exe".
const HOSTILE = 'a\u001b[2J\u001b]0;pwned\u0007 \u009b31m \u202Etxt.exe\nnext\tcol\r';

describe('terminal text', () => {
  it('keeps control and bidi characters out of table cells', () => {
    expect(cellText('a\u001b[31mred\u001b[0m\nb\u202Eevil')).toBe('a\uFFFD[31mred\uFFFD[0m b\uFFFDevil');
  });

  it('truncates by code points, the last one an ellipsis', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abcd', 4)).toBe('abcd');
    expect(truncate('😀😀😀', 2)).toBe('😀…');
  });

  it('keeps the lines of multi-line text and escapes every other control and bidi mark', () => {
    expect(safeTerminalText(HOSTILE)).toBe('a\\u001b[2J\\u001b]0;pwned\\u0007 \\u009b31m \\u202etxt.exe\nnext\\u0009col\\u000d');
  });

  it('prints one line that still names the exact text, C1 controls included', () => {
    const out = printable(HOSTILE);
    expect(out).toBe('a\\u001b[2J\\u001b]0;pwned\\u0007 \\u009b31m \\u202etxt.exe\\nnext\\tcol\\r');
    expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(printable('.claude/commands/evil\nname.md')).toBe('.claude/commands/evil\\nname.md');
  });
});
