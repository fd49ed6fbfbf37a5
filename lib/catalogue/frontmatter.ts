// A Markdown file's front matter: the YAML between a first line `---` and the next line `---`, as Claude Code
// reads agent, skill and command files. Only the discovery's cold path calls into this module (and the YAML reader
// behind it); a prompt served from the router's cached index never does (lib/hook/router-io.ts).

import { parseYamlSubset, type YamlMap } from './yaml-block.js';

export type { YamlMap, YamlValue } from './yaml-block.js';

export type FrontMatter =
  /** `data` is empty when the file has no front matter (`present: false`); `body` is the text after it. */
  | { ok: true; present: boolean; data: YamlMap; body: string }
  | { ok: false; reason: string };

/** A `---` line, maybe with trailing blanks, from `pos` to its line end. */
function isFence(text: string, pos: number, end: number): boolean {
  if (!text.startsWith('---', pos)) return false;
  for (let i = pos + 3; i < end; i++) if (text.charCodeAt(i) !== 32 && text.charCodeAt(i) !== 9) return false;
  return true;
}

/** Splits and parses a file's text. Never throws; a malformed front matter yields a one-line reason. */
export function parseFrontMatter(raw: string): FrontMatter {
  // A BOM and Windows line ends are common in files edited on Windows; YAML itself sees plain "\n".
  let text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  const firstEnd = text.indexOf('\n');
  if (!isFence(text, 0, firstEnd < 0 ? text.length : firstEnd)) return { ok: true, present: false, data: new Map(), body: text };
  // The closing fence: the next line that is `---` (searched by its line break, natively).
  for (let nl = firstEnd; nl >= 0; nl = text.indexOf('\n---', nl + 1)) {
    const start = nl + 1;
    const lineEnd = text.indexOf('\n', start);
    const end = lineEnd < 0 ? text.length : lineEnd;
    if (!isFence(text, start, end)) continue;
    const parsed = parseYamlSubset(text.slice(firstEnd + 1, start), 2);
    if (!parsed.ok) return parsed;
    return { ok: true, present: true, data: parsed.value, body: lineEnd < 0 ? '' : text.slice(lineEnd + 1) };
  }
  return { ok: false, reason: 'no closing --- line after the front matter' };
}

/** How much of the body is decoded after the front matter: a command without description needs its first line. */
const BODY_PREVIEW_BYTES = 4096;
const FENCE_AFTER_BREAK = Buffer.from('\n---');

/**
 * A file's bytes as text up to the end of its front matter plus the start of its body: agent and skill bodies run to
 * kilobytes that discovery never looks at, and decoding them all was a measurable part of a cold discovery.
 */
export function frontText(bytes: Buffer): string {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let upTo = bom + BODY_PREVIEW_BYTES;
  if (bytes.indexOf('---', bom) === bom) {
    upTo = bytes.length; // no closing fence: parseFrontMatter says so, from the whole text
    for (let at = bytes.indexOf(FENCE_AFTER_BREAK, bom); at >= 0; at = bytes.indexOf(FENCE_AFTER_BREAK, at + 1)) {
      let end = at + 4;
      while (end < bytes.length && (bytes[end] === 0x20 || bytes[end] === 0x09 || bytes[end] === 0x0d)) end++;
      if (end === bytes.length || bytes[end] === 0x0a) {
        upTo = end + BODY_PREVIEW_BYTES;
        break;
      }
    }
  }
  return bytes.toString('utf8', 0, Math.min(upTo, bytes.length));
}
