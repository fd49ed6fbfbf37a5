// The house's one rule of direction: every import between lib/ folders points down the layer table below
// (docs/ARCHITECTURE.md), so there is no cycle between folders, and a lower layer never learns of a higher one.
// Type-only and dynamic imports count: a reader has to follow them too. A new folder must be given a layer here.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const LIB = join(import.meta.dirname, '..', 'lib');

/** Bottom (0) to top. Files directly in lib/ (errors.ts, hash64.ts, terminal-text.ts) are "(root)". */
const LAYERS: Record<string, number> = {
  '(root)': 0, // errors, the content hash, what may be printed of untrusted text
  vocab: 0, // the verdict lattice, severities, matches, the orchestrator's words, durations
  text: 0, // words and stems
  fs: 1, // the only way hookwarden opens its files
  registry: 2,
  config: 3,
  catalogue: 3,
  session: 4,
  keter: 4,
  analyzers: 4,
  memory: 5,
  policy: 5, // central policy bundles: format, keys, verify, fetch, activate (docs/team.md)
  engine: 6,
  audit: 7,
  protocol: 7,
  hook: 8,
  replay: 9,
  serve: 9,
  export: 9, // the shipper: audit lines to OpenTelemetry
  cli: 10,
};

interface Edge {
  from: string;
  to: string;
  file: string;
  target: string;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

const folderOf = (file: string): string => {
  const parts = relative(LIB, file).split('/');
  return parts.length === 1 ? '(root)' : (parts[0] as string);
};

/** Every relative import, re-export and dynamic import between two folders of lib/. */
function folderEdges(): Edge[] {
  const out: Edge[] = [];
  const spec = /(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;
  for (const file of sources(LIB)) {
    for (const m of readFileSync(file, 'utf8').matchAll(spec)) {
      const target = resolve(dirname(file), m[2] as string).replace(/\.js$/, '.ts');
      const from = folderOf(file);
      const to = folderOf(target);
      if (from !== to) out.push({ from, to, file: relative(LIB, file), target: relative(LIB, target) });
    }
  }
  return out;
}

/** Folders that reach each other (Tarjan's strongly connected components of more than one folder). */
function cycles(edges: Edge[]): string[][] {
  const adj = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!adj.has(e.from)) adj.set(e.from, new Set());
    if (!adj.has(e.to)) adj.set(e.to, new Set());
    adj.get(e.from)?.add(e.to);
  }
  let n = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, n);
    low.set(v, n++);
    stack.push(v);
    on.add(v);
    for (const w of adj.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const c: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w !== undefined) {
          on.delete(w);
          c.push(w);
        }
      } while (w !== undefined && w !== v);
      if (c.length > 1) found.push(c.sort());
    }
  };
  for (const v of [...adj.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

describe('lib/ layering', () => {
  const edges = folderEdges();

  it('has no import cycle between folders', () => {
    const found = cycles(edges);
    const explain = found.map((c) => `${c.join(' ↔ ')}:\n${edges.filter((e) => c.includes(e.from) && c.includes(e.to)).map((e) => `  ${e.file} → ${e.target}`).join('\n')}`);
    expect(explain).toEqual([]);
  });

  it('gives every folder a layer, and every import points to a lower one', () => {
    const folders = new Set(sources(LIB).map(folderOf));
    expect([...folders].filter((f) => LAYERS[f] === undefined), 'folders with no layer in test/architecture.test.ts').toEqual([]);
    const upward = edges.filter((e) => (LAYERS[e.to] ?? 99) >= (LAYERS[e.from] ?? -1)).map((e) => `${e.file} (${e.from}, layer ${LAYERS[e.from]}) → ${e.target} (${e.to}, layer ${LAYERS[e.to]})`);
    expect(upward).toEqual([]);
  });

  it('keeps every file readable in one sitting: none over 400 lines', () => {
    const long = sources(LIB)
      .map((f) => ({ file: relative(LIB, f), lines: readFileSync(f, 'utf8').split('\n').length }))
      .filter((f) => f.lines > 400)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });

  it('sees the imports it checks (a scanner that finds nothing would pass anything)', () => {
    expect(edges.length).toBeGreaterThan(200);
    expect(edges).toContainEqual(expect.objectContaining({ from: 'hook', to: 'engine' }));
    // Type-only and dynamic imports count too.
    expect(edges.some((e) => e.file === 'engine/types.ts' && e.to === 'session')).toBe(true);
  });
});

/** Module-level regex literals with a Unicode property class (\p{L}, \p{N}, \p{Lu}, \p{Cc}…): V8 builds the class
 * when the literal is evaluated, 50-300 us each, so at module level every hook call pays it at start-up whether or not
 * it runs the regex (docs/performance.md). \p{Extended_Pictographic} is small (~8 us) and allowed. */
export function topLevelUnicodeRegexes(text: string): string[] {
  const lines = text.split('\n');
  const out: string[] = [];
  lines.forEach((line, i) => {
    const decl = /^(?:export )?(?:const|let|var) (\w+)(?::[^=]+)? =\s*(.*)$/.exec(line);
    if (!decl) return;
    const init = decl[2] || (lines[i + 1] ?? '').trim();
    if (!init.startsWith('/')) return;
    if (/\\p\{(?!Extended_Pictographic\})/.test(init)) out.push(`${decl[1]} (line ${i + 1})`);
  });
  return out;
}

describe('start-up cost rules', () => {
  it('builds no regex with a Unicode property class at module level: such a regex is built on first use (lazy)', () => {
    const found = sources(LIB).flatMap((f) => topLevelUnicodeRegexes(readFileSync(f, 'utf8')).map((r) => `${relative(LIB, f)}: ${r}`));
    expect(found).toEqual([]);
  });

  it('sees such a regex where there is one', () => {
    expect(topLevelUnicodeRegexes("const A = /(?<![\\p{L}\\p{N}_])x/iu;\nexport const B =\n  /^\\p{Lu}/u;\nconst C = lazy(() => /\\p{L}/u);\nconst D = /\\p{Extended_Pictographic}/u;\n  const E = /\\p{L}/u;")).toEqual(['A (line 1)', 'B (line 2)']);
  });
});
