// A hook bundle's embedded registry, parsed kind by kind when first read. A Bash call reads the shell, path and
// secret patterns; parsing the memory and convention patterns as well (and keeping them alive through the call's
// young-generation collections) was measured at a few ms of every call (docs/performance.md).
//
// The build (scripts/build.ts) writes each hook's registry beside it (`<hook>.registry.json`): a header line (the
// registry without its patterns, the kind at each position, where each kind's text lies) and then one JSON text per
// kind. Kept out of the hook's code, the ~150 KB of pattern text is neither read with the code nor carried in its
// V8 code cache; `patterns` and the per-kind lists of viewOf() (select.ts) parse only what is asked for.
//
// The file is pure ASCII (JSON's \u escapes for anything else), so a kind's text is a latin1 slice of the bytes,
// decoded only when that kind is first read. Decoding the whole file as UTF-8 made one two-byte string of ~350 KB
// per call, which with the rest of a call's young allocations cost a scavenge (~3-4 ms, docs/performance.md).

import { readFileSync } from 'node:fs';
import type { EmbeddedRegistry } from './resolve.js';
import { isCandidate, programKey, type ProgramKey } from './shell-candidates.js';
import type { CompiledPattern, CompiledRegistry, CompiledShell } from './types.js';

type Kind = CompiledPattern['kind'];

/** The embedded form: each kind's patterns as JSON text (read when first asked for), and the kind at each
 * position of the full list. */
export interface KindTexts {
  text: (kind: Kind) => string | undefined;
  order: Kind[];
  /** The shell patterns one by one: each one's program key (shell-candidates.ts) and its JSON text. */
  shell?: { keys: ProgramKey[]; text: (i: number) => string };
}

const loaders = new WeakMap<CompiledRegistry, (kind: Kind) => CompiledPattern[]>();
const shellLoaders = new WeakMap<CompiledRegistry, (programs: ReadonlySet<string>) => CompiledShell[]>();

/** A registry's patterns by kind, in order (the file's body). */
function splitByKind(r: CompiledRegistry): { registry: CompiledRegistry; byKind: Partial<Record<Kind, CompiledPattern[]>>; order: Kind[] } {
  const byKind: Partial<Record<Kind, CompiledPattern[]>> = {};
  for (const p of r.patterns) (byKind[p.kind] ??= []).push(p);
  return { registry: { ...r, patterns: [] }, byKind, order: r.patterns.map((p) => p.kind) };
}

/** JSON with every non-ASCII character as a \u escape (they can only stand inside strings), so one byte is one
 * character and a slice of the file's bytes is a slice of its text. */
const asciiJson = (v: unknown): string =>
  JSON.stringify(v).replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The registry with `patterns` (and viewOf's lists) parsed from `kinds` on first read. */
export function withLazyKinds(r: CompiledRegistry, kinds: KindTexts): CompiledRegistry {
  const parsed: Partial<Record<Kind, CompiledPattern[]>> = {};
  const load = (kind: Kind): CompiledPattern[] => {
    let list = parsed[kind];
    if (!list) {
      const text = kinds.text(kind);
      list = text === undefined ? [] : (JSON.parse(text) as CompiledPattern[]);
      parsed[kind] = list;
    }
    return list;
  };
  let all: CompiledPattern[] | undefined;
  const out = { ...r } as CompiledRegistry;
  Object.defineProperty(out, 'patterns', {
    enumerable: true,
    get: () => {
      if (!all) {
        const next: Partial<Record<Kind, number>> = {};
        all = kinds.order.map((k) => {
          const i = next[k] ?? 0;
          next[k] = i + 1;
          return load(k)[i] as CompiledPattern;
        });
      }
      return all;
    },
  });
  loaders.set(out, load);
  const items = kinds.shell;
  if (items) {
    const one: CompiledShell[] = [];
    shellLoaders.set(out, (programs) => {
      // The whole list once parsed is the cheaper source; until then only the candidates are parsed.
      if (parsed.shell) return (parsed.shell as CompiledShell[]).filter((p) => isCandidate(programKey(p), programs));
      const list: CompiledShell[] = [];
      items.keys.forEach((key, i) => {
        if (isCandidate(key, programs)) list.push((one[i] ??= JSON.parse(items.text(i)) as CompiledShell));
      });
      return list;
    });
  }
  return out;
}

/** The per-kind loader of a registry made by withLazyKinds, else undefined. */
export const kindLoaderOf = (r: CompiledRegistry): ((kind: Kind) => CompiledPattern[]) | undefined => loaders.get(r);

/** The shell-candidate loader of a registry read from a hook's file (select.ts shellCandidates), else undefined. */
export const shellLoaderOf = (r: CompiledRegistry): ((programs: ReadonlySet<string>) => CompiledShell[]) | undefined => shellLoaders.get(r);

interface FileHeader {
  embedded: EmbeddedRegistry;
  order: Kind[];
  /** Each kind's text as [start, end) in the text after the header line. */
  spans: Partial<Record<Kind, [number, number]>>;
  /** Each shell pattern's text as [start, end) there too, and its program key. */
  shell?: { spans: Array<[number, number]>; keys: ProgramKey[] };
}

/** The registry file's text for an embedded registry (the build's side of readEmbeddedFile). */
export function embeddedFileText(e: EmbeddedRegistry): string {
  const { registry, byKind, order } = splitByKind(e.registry);
  let body = '';
  const spans: FileHeader['spans'] = {};
  const header: FileHeader = { embedded: { ...e, registry }, order, spans };
  for (const [k, list] of Object.entries(byKind) as Array<[Kind, CompiledPattern[]]>) {
    const start = body.length;
    // A JSON array is its elements' texts joined by commas: each element's span is known as it is written.
    const items = list.map(asciiJson);
    if (k === 'shell') {
      let at = start + 1;
      header.shell = { spans: items.map((t) => [at, (at += t.length + 1) - 1]), keys: (list as CompiledShell[]).map(programKey) };
    }
    body += `[${items.join(',')}]`;
    spans[k] = [start, body.length];
  }
  return `${asciiJson(header)}\n${body}`;
}

/** The embedded registry of a hook bundle, from its file, or why it cannot be read (one line). */
export function readEmbeddedFile(file: string): EmbeddedRegistry | { problem: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    return { problem: `cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'}); reinstall hookwarden` };
  }
  try {
    const nl = bytes.indexOf(10);
    const header = JSON.parse(bytes.toString('latin1', 0, nl)) as FileHeader;
    const body = nl + 1;
    const slice = (span: [number, number]): string => bytes.toString('latin1', body + span[0], body + span[1]);
    const kinds: KindTexts = { text: (kind) => (header.spans[kind] ? slice(header.spans[kind]) : undefined), order: header.order };
    const shell = header.shell;
    if (shell) kinds.shell = { keys: shell.keys, text: (i) => slice(shell.spans[i] as [number, number]) };
    return { ...header.embedded, registry: withLazyKinds(header.embedded.registry, kinds) };
  } catch {
    return { problem: `${file} is not a hookwarden registry file; reinstall hookwarden` };
  }
}
