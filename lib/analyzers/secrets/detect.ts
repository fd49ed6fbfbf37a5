// Credential detection and redaction with the registry's secret patterns. The same detector feeds verdicts,
// the audit log and every message hookwarden prints, so nothing it recognises is ever written out.

import { toRegExp } from '../../registry/regex.js';
import { mightMatch } from '../../registry/regex-literal.js';
import { mayHoldRun } from '../../registry/regex-run.js';
import type { CompiledSecret } from '../../registry/types.js';

export type SecretScope = CompiledSecret['scopes'][number];

export interface SecretFinding {
  pattern: CompiledSecret;
  start: number;
  end: number;
}

/** Eight or more of one character in a row (`ghp_xxxx…`, `AKIAXXXX…`, `sk_live_0000…`) is a placeholder: a random
 * token has such a run with negligible probability. */
const PLACEHOLDER_RUN = /(.)\1{7,}/;

export const isPlaceholder = (value: string): boolean => PLACEHOLDER_RUN.test(value);

/** Scanning stops here: a hook must stay bounded on huge inputs. Text beyond is judged unscanned. */
export const MAX_SCAN_CHARS = 512 * 1024;

export function findSecrets(text: string, patterns: CompiledSecret[], scope?: SecretScope): SecretFinding[] {
  const hay = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  const out: SecretFinding[] = [];
  // Indexed: this runs for every string an audit line holds, and for-of's iterator results were most of its cost.
  for (let i = 0; i < patterns.length; i++) {
    const p = patterns[i] as CompiledSecret;
    if (scope && !p.scopes.includes(scope)) continue;
    // Neither check compiles the regex: a text lacking its literals, or its run of key characters, is skipped.
    if (!mightMatch(p.regex, hay) || !mayHoldRun(p.regex, hay)) continue;
    const re = toRegExp(p.regex, 'g');
    for (let m = re.exec(hay); m; m = re.exec(hay)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      if (p.allow.some((a) => m[0].includes(a)) || isPlaceholder(m[0])) continue;
      out.push({ pattern: p, start: m.index, end: m.index + m[0].length });
    }
  }
  return out.length > 1 ? out.sort((a, b) => a.start - b.start || b.end - a.end) : out;
}

/** Secret values another detector (secretlint) found during this call, with the id to redact them as. */
export type KnownSecrets = ReadonlyMap<string, string>;

/** A stretch of text to redact and the id it is redacted as. */
interface Span {
  start: number;
  end: number;
  id: string;
}

/** Occurrences of known secret values. */
function knownSpans(text: string, known: KnownSecrets): Span[] {
  const out: Span[] = [];
  for (const [value, id] of known) {
    if (value.length < 8) continue; // never redact common short strings
    for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + value.length)) {
      out.push({ start: at, end: at + value.length, id });
    }
  }
  return out;
}

/** Replaces every finding (and every known secret value) with `[REDACTED:<id>]`; returns the ids redacted. */
export function redactSecrets(text: string, patterns: CompiledSecret[], known?: KnownSecrets): { text: string; kinds: string[] } {
  const found = findSecrets(text, patterns);
  if (!found.length && !known?.size) return { text, kinds: [] };
  const spans: Span[] = found.map((f) => ({ start: f.start, end: f.end, id: f.pattern.id }));
  if (known?.size) spans.push(...knownSpans(text, known));
  if (!spans.length) return { text, kinds: [] };
  spans.sort((a, b) => a.start - b.start || b.end - a.end); // widest first where two start together
  let out = '';
  let pos = 0;
  const kinds = new Set<string>();
  for (const f of spans) {
    if (f.start < pos) continue; // overlapping finding already covered
    out += `${text.slice(pos, f.start)}[REDACTED:${f.id}]`;
    pos = f.end;
    kinds.add(f.id);
  }
  out += text.slice(pos);
  return { text: out, kinds: [...kinds].sort() };
}
