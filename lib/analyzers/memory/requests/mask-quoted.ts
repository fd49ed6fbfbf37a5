// Rule 3: quoted matter (fences, block quotes, inline code, double quotes) masked for the cue search.

import { dataSpans } from '../../quoted.js';

/** Replaces quoted matter for the cue search: not whitespace, not a word character, not a sentence mark. */
const MASK = '\uE000';

const FENCE = /^\s*(`{3,}|~{3,})/u;
const QUOTED_ID = /^([`"“”\s]*)(m-[0-9a-f]{10})([`"“”\s]*)$/u;

/** Rule 3: the text with quoted matter masked, same length. */
export function maskQuoted(text: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const f = FENCE.exec(line);
    if (fence) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length && !line.slice(f[0].length).trim()) fence = undefined;
      out.push(' '.repeat(line.length));
      continue;
    }
    if (f && !(f[1]![0] === '`' && line.slice(f[0].length).includes('`'))) {
      fence = f[1];
      out.push(' '.repeat(line.length));
      continue;
    }
    if (/^\s*>/.test(line)) {
      out.push(' '.repeat(line.length));
      continue;
    }
    if (!line.includes('`') && !line.includes('"') && !line.includes('“')) {
      out.push(line);
      continue;
    }
    let masked = '';
    let at = 0;
    for (const [a, b] of dataSpans(line)) {
      const inner = line.slice(a, b);
      const id = QUOTED_ID.exec(inner);
      masked += line.slice(at, a) + (id ? ' '.repeat(id[1]!.length) + id[2]! + ' '.repeat(id[3]!.length) : MASK.repeat(b - a));
      at = b;
    }
    out.push(masked + line.slice(at));
  }
  return out.join('\n');
}
