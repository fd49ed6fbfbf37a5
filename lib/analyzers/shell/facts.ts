// Structural facts derived from the text rather than from one segment.

export const FORK_BOMB = 'fork-bomb';
export const REMOTE_SCRIPT_EXEC = 'remote-script-exec';

/** Programs that fetch remote content. */
export const DOWNLOADERS: ReadonlySet<string> = new Set(['curl', 'wget', 'fetch', 'aria2c', 'http', 'https', 'xh', 'lwp-request']);

const NAME = String.raw`[^\s(){}<>;|&'"\x60$\\]+`;
const DEF_RE = new RegExp(
  String.raw`(?:^|[\s;&|({])(?:function\s+(${NAME})\s*(?:\(\s*\))?|(${NAME})\s*\(\s*\))\s*\{`,
  'g',
);
const BODY_MAX = 4000;
const MAX_DEFINITIONS = 200;

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * A function whose body pipes into itself in the background (`:(){ :|:& };:`, `bomb(){ bomb|bomb& }`).
 * Run on text with quoted regions blanked, so quoted data never counts.
 */
export function hasForkBomb(masked: string): boolean {
  if (!masked.includes('{')) return false;
  DEF_RE.lastIndex = 0;
  let seen = 0;
  for (let m = DEF_RE.exec(masked); m && seen < MAX_DEFINITIONS; m = DEF_RE.exec(masked), seen++) {
    const name = (m[1] ?? m[2]) as string;
    const start = DEF_RE.lastIndex;
    const close = masked.indexOf('}', start);
    if (close < 0) return false;
    const body = masked.slice(start, Math.min(close, start + BODY_MAX));
    const n = escapeRe(name);
    if (new RegExp(String.raw`(?:^|[\s;&|(])${n}\s*\|&?\s*${n}\s*&(?!&)`).test(body)) return true;
  }
  return false;
}
