// A hook bundle's embedded registry, parsed kind by kind when first read. A Bash call reads the shell, path and
// secret patterns; parsing the memory and convention patterns as well (and keeping them alive through the call's
// young-generation collections) was measured at a few ms of every call (docs/performance.md).
//
// The build (scripts/build.ts) writes each hook's registry beside it (`<hook>.registry.json`): a header line (the
// registry without its patterns, and where each part of the body lies) and then the body: one JSON text per kind,
// the kind at each position of the full list, and the shell and path item tables (item-tables.ts). Kept out of the
// hook's code, the ~150 KB of pattern text is neither read with the code nor carried in its V8 code cache;
// `patterns`, the per-kind lists of viewOf() and a call's candidates (select.ts) parse only what is asked for. The
// header is kept small on purpose: it is parsed on every call, and what it allocates counts towards the young
// generation's first collection (docs/performance.md).
//
// The file is pure ASCII (JSON's \u escapes for anything else), so a kind's text is a latin1 slice of the bytes,
// decoded only when that kind is first read. Decoding the whole file as UTF-8 made one two-byte string of ~350 KB
// per call, which with the rest of a call's young allocations cost a scavenge (~3-4 ms, docs/performance.md).

import { closeSync, openSync, readSync } from 'node:fs';
import { isCandidate, isPathCandidate, isPathKeyCandidate, programKey, type PathKey, type PathProbe } from './candidates.js';
import { ITEMIZED, itemTable, shellItems, type Itemized, type ItemTable, type PathTable, type ShellTable } from './item-tables.js';
import type { EmbeddedRegistry } from './resolve.js';
import type { CompiledPath, CompiledPattern, CompiledRegistry, CompiledShell } from './types.js';

type Kind = CompiledPattern['kind'];

/** The embedded form, each part read when first asked for: each kind's patterns as JSON text, the kind at each
 * position of the full list, and for the itemized kinds their item tables and each item's text. */
export interface KindTexts {
  text: (kind: Kind) => string | undefined;
  order: () => Kind[];
  items?: {
    table: (kind: Itemized) => ItemTable | undefined;
    /** The texts of items `list` (ascending), whose spans are `at`. */
    texts: (at: number[], list: readonly number[]) => string[];
  };
  /** Per gated kind, every keyword its patterns need (GATED below). */
  words?: (kind: Kind) => readonly string[] | undefined;
}

/** A call's candidates among a registry's patterns (select.ts shellCandidates, pathCandidates). */
export interface CandidateLoader {
  shell: (keys: ReadonlySet<string>) => CompiledShell[];
  path: (probe: PathProbe) => CompiledPath[];
}

const loaders = new WeakMap<CompiledRegistry, (kind: Kind) => CompiledPattern[]>();
const wordLists = new WeakMap<CompiledRegistry, (kind: Kind) => readonly string[] | undefined>();

/** Kinds whose every pattern needs one of its lowercase keywords in the text: the file's header carries their union,
 * so that a text holding none of them never parses the kind (a prompt's memory cues, ~19 KB of JSON, were parsed
 * on every prompt and most prompts hold no cue). */
const GATED = ['memory-cue'] as const;

/** Every keyword the patterns of a gated kind need, from a registry read from a hook's file; else undefined (the
 * caller then reads the kind). */
export const kindWordsOf = (r: CompiledRegistry, kind: (typeof GATED)[number]): readonly string[] | undefined => wordLists.get(r)?.(kind);
const candidateLoaders = new WeakMap<CompiledRegistry, CandidateLoader>();

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
        all = kinds.order().map((k) => {
          const i = next[k] ?? 0;
          next[k] = i + 1;
          return load(k)[i] as CompiledPattern;
        });
      }
      return all;
    },
  });
  loaders.set(out, load);
  if (kinds.words) wordLists.set(out, kinds.words);
  const items = kinds.items;
  if (items) {
    const tables: Partial<Record<Itemized, ItemTable | null>> = {};
    const one: Partial<Record<Itemized, CompiledPattern[]>> = {};
    // The whole list once parsed is the cheaper source; until then only the listed items are parsed. `list` may give
    // a superset (shell: by key), which `exact` narrows.
    const pick = <T extends CompiledPattern>(kind: Itemized, list: (t: ItemTable) => number[], exact: (p: T) => boolean): T[] => {
      const whole = parsed[kind];
      const table = whole ? null : tables[kind] === undefined ? (tables[kind] = items.table(kind) ?? null) : tables[kind];
      if (!table) {
        // As viewOf: a hook's subset without the kind is a build mistake, to fail loudly, never to judge with none.
        if (r.kinds && !r.kinds.includes(kind)) throw new Error(`this hook's embedded registry carries no ${kind} patterns`);
        return (load(kind) as T[]).filter(exact);
      }
      const cache = (one[kind] ??= []);
      const wanted = list(table);
      const missing = wanted.filter((i) => cache[i] === undefined);
      if (missing.length > 0) {
        const texts = items.texts(table.at, missing);
        for (let k = 0; k < missing.length; k++) cache[missing[k] as number] = JSON.parse(texts[k] as string) as CompiledPattern;
      }
      const listed = wanted.map((i) => cache[i] as T);
      return kind === 'shell' ? listed.filter(exact) : listed;
    };
    candidateLoaders.set(out, {
      shell: (keys) => pick<CompiledShell>('shell', (t) => shellItems(t as ShellTable, keys), (p) => isCandidate(programKey(p), keys)),
      path: (probe) =>
        pick<CompiledPath>(
          'path',
          (t) => {
            const { keys } = t as PathTable;
            const out: number[] = [];
            for (let i = 0; i < keys.length; i++) if (isPathKeyCandidate(keys[i] as PathKey, probe)) out.push(i);
            return out;
          },
          (p) => isPathCandidate(p, probe),
        ),
    });
  }
  return out;
}

/** The per-kind loader of a registry made by withLazyKinds, else undefined. */
export const kindLoaderOf = (r: CompiledRegistry): ((kind: Kind) => CompiledPattern[]) | undefined => loaders.get(r);

/** The candidate loader of a registry read from a hook's file, else undefined. */
export const candidateLoaderOf = (r: CompiledRegistry): CandidateLoader | undefined => candidateLoaders.get(r);

type Part = Kind | 'order' | `items:${Itemized}`;

/** Under this, node's Buffer.allocUnsafe takes a slice of its pool, already in memory: a longer read touches fresh
 * pages (~14 us each, docs/performance.md). */
const RUN_BYTES = 4095;

interface FileHeader {
  embedded: EmbeddedRegistry;
  /** Where each part lies in the text after the header line, [start, end): each kind's patterns (a JSON array),
   * `order` (the kind at each position of the full list) and each itemized kind's item table (item-tables.ts). */
  spans: Partial<Record<Part, [number, number]>>;
  /** Per gated kind (GATED), the union of its patterns' keywords. */
  words?: Partial<Record<Kind, string[]>>;
}

/** The registry file's text for an embedded registry (the build's side of readEmbeddedFile). */
export function embeddedFileText(e: EmbeddedRegistry): string {
  const byKind: Partial<Record<Kind, CompiledPattern[]>> = {};
  for (const p of e.registry.patterns) (byKind[p.kind] ??= []).push(p);
  let body = '';
  const spans: FileHeader['spans'] = {};
  const add = (part: Part, text: string): void => {
    spans[part] = [body.length, body.length + text.length];
    body += text;
  };
  const tables: Array<[Itemized, ItemTable]> = [];
  for (const [k, list] of Object.entries(byKind) as Array<[Kind, CompiledPattern[]]>) {
    // A JSON array is its elements' texts joined by commas: each element's span is known as it is written.
    const items = list.map(asciiJson);
    if ((ITEMIZED as readonly string[]).includes(k)) {
      const at: number[] = [];
      let from = body.length + 1;
      for (const t of items) {
        at.push(from, from + t.length);
        from += t.length + 1;
      }
      tables.push([k as Itemized, itemTable(k as Itemized, list, at)]);
    }
    add(k, `[${items.join(',')}]`);
  }
  add('order', asciiJson(e.registry.patterns.map((p) => p.kind)));
  for (const [k, t] of tables) add(`items:${k}`, asciiJson(t));
  const words: FileHeader['words'] = {};
  for (const k of GATED) {
    const list = byKind[k] as Array<{ keywords: string[] }> | undefined;
    if (list) words[k] = [...new Set(list.flatMap((p) => p.keywords))].sort();
  }
  const header: FileHeader = { embedded: { ...e, registry: { ...e.registry, patterns: [] } }, spans, words };
  return `${asciiJson(header)}\n${body}`;
}

/** The embedded registry of a hook bundle, from its file, or why it cannot be read (one line). Only the header line
 * is read now; each part is read from the file when first asked for, through a descriptor held for the process
 * (a file replaced meanwhile, by an upgrade, is still read whole from the one opened). Reading the whole ~230 KB
 * file into fresh memory was ~60 page faults of every call, and a call reads a tenth of it (docs/performance.md). */
export function readEmbeddedFile(file: string): EmbeddedRegistry | { problem: string } {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    return { problem: `cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'}); reinstall hookwarden` };
  }
  const read = (length: number, position: number): Buffer => {
    // Under 4 KB a buffer comes from node's pool, already in memory.
    const buf = Buffer.allocUnsafe(length);
    let got = 0;
    while (got < length) {
      const n = readSync(fd, buf, got, length - got, position + got);
      if (n === 0) break;
      got += n;
    }
    return got === length ? buf : buf.subarray(0, got);
  };
  try {
    let head = read(3072, 0);
    let nl = head.indexOf(10);
    for (let size = 3072 * 4; nl < 0 && head.length >= size / 4; size *= 4) {
      head = read(size, 0);
      nl = head.indexOf(10);
    }
    if (nl < 0) throw new Error('no header line');
    const header = JSON.parse(head.toString('latin1', 0, nl)) as FileHeader;
    const body = nl + 1;
    const part = (span: [number, number] | undefined): string | undefined => {
      if (!span) return undefined;
      const bytes = read(span[1] - span[0], body + span[0]);
      if (bytes.length !== span[1] - span[0]) throw new Error(`${file} is cut short; reinstall hookwarden`);
      return bytes.toString('latin1');
    };
    const kinds: KindTexts = {
      text: (kind) => part(header.spans[kind]),
      words: (kind) => header.words?.[kind],
      order: () => JSON.parse(part(header.spans.order) ?? '[]') as Kind[],
      items: {
        table: (kind) => {
          const text = part(header.spans[`items:${kind}`]);
          return text === undefined ? undefined : (JSON.parse(text) as ItemTable);
        },
        texts: (at, list) => {
          // Items lie in order, a comma apart: neighbours within a pooled buffer's size are read with one call (a
          // Bash call's ~10 candidates were ~10 reads, ~70 us each).
          const out: string[] = [];
          for (let k = 0; k < list.length; ) {
            const start = at[2 * (list[k] as number)] as number;
            let end = at[2 * (list[k] as number) + 1] as number;
            let j = k + 1;
            for (; j < list.length && (at[2 * (list[j] as number) + 1] as number) - start <= RUN_BYTES; j++) end = at[2 * (list[j] as number) + 1] as number;
            const run = part([start, end]) as string;
            for (; k < j; k++) out.push(run.slice((at[2 * (list[k] as number)] as number) - start, (at[2 * (list[k] as number) + 1] as number) - start));
          }
          return out;
        },
      },
    };
    return { ...header.embedded, registry: withLazyKinds(header.embedded.registry, kinds) };
  } catch {
    closeSync(fd);
    return { problem: `${file} is not a hookwarden registry file; reinstall hookwarden` };
  }
}
