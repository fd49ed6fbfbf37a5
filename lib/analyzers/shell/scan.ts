// Pre-tokenising scanner. shell-quote knows nothing of $(…), backticks, process substitution, heredocs,
// newlines or fd numbers, so this pass, which tracks quoting, pulls those out first: substitutions and
// heredoc bodies become placeholders (see SubTable), unquoted newlines become `;`, comments go, `2>`
// gets an fd marker. It also returns the text with quoted regions blanked, for structural fact checks.

import { scanHeredocBody, takeExpansion } from './expansions.js';
import { FD_MARK } from './markers.js';
import { findClose, isWordBreak, parseHeredocStart } from './scan-helpers.js';
import type { SubTable } from './subs.js';

export interface ScanResult {
  /** Text for shell-quote, with placeholders. */
  text: string;
  /** The source with quoted text, substitutions and comments blanked out. */
  masked: string;
  error?: string;
}

interface PendingHeredoc {
  id: number;
  delim: string;
  strip: boolean;
  quoted: boolean;
}

const FD_RE = /\d{1,4}(?=[<>])/y;

export function scanShell(src: string, table: SubTable): ScanResult {
  const n = src.length;
  const out: string[] = [];
  const mask = new Uint8Array(n);
  const pending: PendingHeredoc[] = [];
  let state: 'N' | 'S' | 'D' | 'A' = 'N';
  let error: string | undefined;
  let wordStart = true;
  let i = 0;

  const fail = (m: string | undefined): void => {
    if (m && !error) error = m;
  };

  const readHeredocs = (pos: number): number => {
    let p = pos;
    for (const h of pending) {
      const lines: string[] = [];
      let found = false;
      while (p < n) {
        let e = src.indexOf('\n', p);
        if (e < 0) e = n;
        let line = src.slice(p, e);
        if (line.endsWith('\r')) line = line.slice(0, -1);
        if (h.strip) line = line.replace(/^\t+/, '');
        p = e + 1;
        if (line === h.delim) {
          found = true;
          break;
        }
        lines.push(line);
      }
      if (!found) fail('unterminated heredoc');
      const body = lines.join('\n');
      table.setInner(h.id, h.quoted ? body : scanHeredocBody(body, table));
    }
    pending.length = 0;
    const end = Math.min(p, n);
    mask.fill(1, pos, end);
    return end;
  };

  while (i < n) {
    const c = src[i] as string;
    if (state === 'S' || state === 'A') {
      if (state === 'A' && c === '\\' && i + 1 < n) {
        out.push(c, src[i + 1] as string);
        mask.fill(1, i, i + 2);
        i += 2;
        continue;
      }
      out.push(c);
      if (c === "'") state = 'N';
      else mask[i] = 1;
      i++;
      continue;
    }
    // Unquoted or double-quoted.
    if (c === '\\') {
      if (src[i + 1] === '\n') {
        i += 2;
        continue;
      }
      out.push(src.slice(i, i + 2));
      if (state === 'D') mask.fill(1, i, i + 2);
      i += 2;
      wordStart = false;
      continue;
    }
    const t = takeExpansion(src, i, table);
    if (t) {
      fail(t.error);
      out.push(t.out);
      mask.fill(1, i, t.end);
      i = t.end;
      wordStart = false;
      continue;
    }
    if (state === 'D') {
      out.push(c);
      if (c === '"') state = 'N';
      else mask[i] = 1;
      i++;
      continue;
    }
    // Unquoted only.
    if (c === "'" || c === '"') {
      state = c === "'" ? 'S' : 'D';
      out.push(c);
      i++;
      wordStart = false;
      continue;
    }
    if (c === '$' && src[i + 1] === "'") {
      state = 'A';
      out.push("$'");
      i += 2;
      wordStart = false;
      continue;
    }
    if ((c === '<' || c === '>') && src[i + 1] === '(') {
      const end = findClose(src, i + 2);
      const inner = end < 0 ? src.slice(i + 2) : src.slice(i + 2, end);
      if (end < 0) fail('unterminated process substitution');
      out.push(table.placeholder(table.add(c === '<' ? '<()' : '>()', inner)));
      const stop = end < 0 ? n : end + 1;
      mask.fill(1, i, stop);
      i = stop;
      wordStart = false;
      continue;
    }
    if (c === '<' && src[i + 1] === '<') {
      if (src[i + 2] === '<') {
        out.push('<<<');
        i += 3;
        wordStart = true;
        continue;
      }
      const h = src[i + 2] === '(' ? undefined : parseHeredocStart(src, i);
      if (h) {
        const id = table.add('heredoc', '', h.quoted);
        pending.push({ id, delim: h.delim, strip: h.strip, quoted: h.quoted });
        out.push(' <<< ', table.placeholder(id), ' ');
        i = h.end;
        wordStart = true;
        continue;
      }
    }
    if (c === '#') {
      if (wordStart) {
        let e = src.indexOf('\n', i);
        if (e < 0) e = n;
        mask.fill(1, i, e);
        i = e;
      } else {
        out.push('\\#');
        i++;
      }
      continue;
    }
    if (c === '\n') {
      out.push(' ; ');
      i++;
      wordStart = true;
      if (pending.length) i = readHeredocs(i);
      continue;
    }
    if (wordStart && c >= '0' && c <= '9') {
      FD_RE.lastIndex = i;
      const m = FD_RE.exec(src);
      if (m) {
        out.push(' ', FD_MARK, m[0]);
        i += m[0].length;
        wordStart = false;
        continue;
      }
    }
    out.push(c);
    wordStart = isWordBreak(c);
    i++;
  }

  if (state !== 'N') {
    fail('unbalanced quote');
    out.push(state === 'D' ? '"' : "'");
  }
  if (pending.length) {
    readHeredocs(n);
    fail('unterminated heredoc');
  }

  let masked = '';
  if (n > 0) {
    const chars: string[] = new Array<string>(n);
    for (let k = 0; k < n; k++) chars[k] = mask[k] ? ' ' : (src[k] as string);
    masked = chars.join('');
  }
  return error ? { text: out.join(''), masked, error } : { text: out.join(''), masked };
}
