// Cold chunks: code a hook call rarely runs, kept out of the hook bundles and loaded on first use.
//
// esbuild splits code only for ESM output, and the hooks are CommonJS (node's ESM loader costs 5-10 ms per start).
// So the split is done here: each chunk is its own bundle (dist/hooks/chunk-<name>.code.js, wrapped like a hook's
// code), and inside a hook bundle every import of a chunk's entry module resolves to a small stub whose exports are
// forwarding functions: the first call of any runs the chunk, synchronously, through the hook's loader (`__hwChunk`,
// scripts/shims/compile-cache.cjs) with its own code cache. The sources are unchanged (tests and the CLI import the modules directly); only the hook bundles are
// split. What a call costs is in docs/performance.md; which code a call runs was measured with V8 coverage.
//
// A chunk carries its own copy of the small modules it shares with the hook (vocabulary, fs helpers). That is only
// safe for stateless modules, and `instanceof` across the copies would fail: the chunks below hold pure functions
// whose callers use their results as data.

import { build, type Plugin } from 'esbuild';
import { TOOLS as COPILOT } from '../lib/protocol/copilot/parse.js';
import { TOOLS as CURSOR } from '../lib/protocol/cursor/parse.js';
import { TOOLS as DROID } from '../lib/protocol/droid/adapter.js';
import { TOOLS as GEMINI } from '../lib/protocol/gemini/parse.js';
import { TOOLS as OPENCODE } from '../lib/protocol/opencode/parse.js';
import { TOOLS as QWEN } from '../lib/protocol/qwen/adapter.js';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface Chunk {
  name: string;
  /** The modules whose imports become stubs: a source path under the project, or a package name. */
  entries: string[];
  why: string;
  /** Chunks this one loads through stubs of its own (built before it, so that its stubs know their cache ids). */
  nests?: string[];
  /** The hooks whose bundles load it (default: every hook). */
  hooks?: string[];
}

/** The shell analyser's chunk of each hook that has one. Such a hook is built twice: with the chunk (the calls of
 * every other tool never load it) and with the analyser inside (`<hook>.bash.code.js`), which its loader runs for a
 * shell command: one code file and one code cache instead of two, ~1.4 ms less per Bash call (docs/performance.md). */
export const SHELL_CHUNK: Readonly<Record<string, string>> = { 'pre-tool-use': 'shell', 'post-tool-use': 'shell-observe' };

/** The tool names of a shell command as the hosts send them: Claude Code's and Codex's `Bash`, and every name the
 * other hosts' adapters rename to it (lib/protocol). Only which bundle loads depends on it. */
export const SHELL_TOOLS: readonly string[] = [
  ...new Set([
    'Bash',
    ...[COPILOT, CURSOR, DROID, GEMINI, OPENCODE, QWEN].flatMap((table) => Object.entries(table).flatMap(([name, tool]) => (tool === 'Bash' ? [name] : []))),
  ]),
];

export const CHUNKS: Chunk[] = [
  {
    // Not cold for Bash, which runs the hook's shell variant with the analyser inside (SHELL_CHUNK above). Half of
    // a pre-tool-use bundle and a third of post-tool-use's is the shell analyser, with ~1.5 ms of tables to build
    // at start-up, and most tool calls (Read, Edit, Write, Glob, Grep, MCP tools) never parse a command: the hook's
    // own build loads it only for a shell call the loader did not recognise. pre-tool-use judges a command with all
    // of it; post-tool-use only reads what a command did, with the analyser's core.
    name: 'shell',
    entries: ['lib/analyzers/shell/index.ts', 'lib/analyzers/shell/intent/index.ts', 'lib/analyzers/shell/interactive/index.ts'],
    why: 'the shell analyser, only for a Bash call before it runs',
    nests: ['interpreters'],
    hooks: ['pre-tool-use'],
  },
  {
    // The same code, in the post-tool-use hook's reading of what a command did.
    name: 'shell-observe',
    entries: ['lib/analyzers/shell/index.ts'],
    why: 'the shell analyser, only for a Bash call after it ran',
    nests: ['interpreters'],
    hooks: ['post-tool-use'],
  },
  {
    name: 'registry-compile',
    entries: ['lib/registry/load.ts', 'lib/registry/compile.ts'],
    why: 'zod schemas, picomatch and the glob compiler: only when an edited registry is not in the compile cache',
  },
  {
    // The judgement (engine) and the git runner (hook) in one file: a call that needs one needs the other.
    name: 'consequence',
    entries: ['lib/engine/consequence/index.ts', 'lib/hook/repo-probe.ts'],
    why: 'what a git work-loser would destroy and the git probe that tells, only for a command a work-loser pattern matched',
  },
  {
    name: 'hosts',
    entries: ['lib/protocol/hosts.ts'],
    why: 'the adapters of the hosts other than Claude Code, only for a hook command run with --agent <host>',
  },
  { name: 'picomatch', entries: ['picomatch'], why: 'session.verifyIgnore globs, only at a Stop that has changed files to sort' },
  {
    name: 'interpreters',
    entries: ['lib/analyzers/shell/interpreters/eval.ts'],
    why: 'the python/node/ruby/perl/php code readers, only for a command that runs inline interpreter code',
  },
  {
    name: 'memory-judge',
    entries: ['lib/analyzers/memory/proposals.ts', 'lib/engine/memory-judge.ts'],
    why: 'reading and judging proposed facts, only once a call writes a memory file or store (the target check stays in the hook)',
  },
  // zod: the stdin is checked by hand (stdin-check.ts) and the embedded KETER answers in-process, so zod is
  // loaded only to word a refused stdin, to check a config file, or to validate a remote KETER answer.
  { name: 'stdin-schema', entries: ['lib/protocol/claude-code/schema.ts'], why: 'the words of a refused stdin' },
  { name: 'config-schema', entries: ['lib/config/schema.ts'], why: 'only when a config file is there to check' },
  { name: 'keter-validate', entries: ['lib/keter/validate.ts'], why: 'only for an http KETER answer' },
];

const absolute = (entry: string): string => (entry.includes('/') ? join(root, entry) : entry);

/** Every export name of a module, as esbuild sees them. */
async function exportNames(entry: string): Promise<string[]> {
  const r = await build({
    stdin: { contents: `export * from ${JSON.stringify(absolute(entry))};`, resolveDir: root, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    outfile: join(root, 'dist', 'exports-probe.js'),
    logLevel: 'silent',
    external: ['./secretlint-entry.js'],
  });
  return Object.values(r.metafile.outputs)[0]?.exports ?? [];
}

export interface ChunkPlan {
  chunk: Chunk;
  /** Resolved path (or package name) of each entry → its export names. */
  exports: Map<string, string[]>;
  /** Resolved path of each source entry → the export names whose values are functions (what its stub forwards). */
  functions: Map<string, Set<string>>;
}

export async function planChunks(): Promise<ChunkPlan[]> {
  return Promise.all(
    CHUNKS.map(async (chunk) => {
      const exports = new Map<string, string[]>();
      const functions = new Map<string, Set<string>>();
      for (const e of chunk.entries) {
        exports.set(absolute(e), await exportNames(e));
        // The build runs under tsx: the entry's own module tells which exports are functions.
        if (e.includes('/')) {
          const mod = (await import(absolute(e))) as Record<string, unknown>;
          functions.set(absolute(e), new Set(Object.keys(mod).filter((k) => typeof mod[k] === 'function')));
        }
      }
      const seen = new Set<string>();
      for (const names of exports.values()) {
        for (const n of names) {
          if (seen.has(n)) throw new Error(`chunk ${chunk.name}: two entries export ${n}`);
          seen.add(n);
        }
      }
      return { chunk, exports, functions };
    }),
  );
}

/** The chunk's own entry: all its entry modules' exports, re-exported. */
export function chunkEntry(plan: ChunkPlan): { contents: string; resolveDir: string; loader: 'ts' } {
  const lines = [...plan.exports.keys()].map((e) => (e.includes('/') ? `export * from ${JSON.stringify(e)};` : `export { default } from ${JSON.stringify(e)};`));
  return { contents: lines.join('\n'), resolveDir: root, loader: 'ts' };
}

function stubSource(plan: ChunkPlan, entry: string, id: string | undefined): string {
  if (id === undefined) throw new Error(`chunk ${plan.chunk.name} is not built yet: its stubs need its cache id`);
  const names = plan.exports.get(entry) ?? [];
  // Through the hook's loader (scripts/shims/compile-cache.cjs), which every hook bundle runs under.
  const load = `var m;function load(){return m||(m=__hwChunk(${JSON.stringify(`chunk-${plan.chunk.name}.code.js`)},${JSON.stringify(id)}));}`;
  if (!entry.includes('/')) {
    // A CommonJS package (picomatch): the default export is the package's module.exports.
    return `${load}module.exports=new Proxy(function(){},{get:function(_,k){return load().default[k];},apply:function(_,t,a){return load().default.apply(t,a);}});`;
  }
  // An ES module of forwarding functions, which esbuild inlines where they are called. A CommonJS stub of getters
  // was wrapped by esbuild's __toESM at every importing module, each wrap a copy of every getter: ~30 KB of young
  // allocation in every hook call's start-up (docs/performance.md). Only functions are forwarded: a constant cannot
  // be read lazily from an ES module, and one that code outside the chunk imports fails the build here ("No
  // matching export"), never at run time.
  const fns = plan.functions.get(entry) ?? new Set<string>();
  const forwards = names.filter((n) => fns.has(n)).map((n) => `export function ${n}(){return load().${n}.apply(void 0,arguments);}`);
  return `${load}${forwards.join('')}`;
}

/** Inside a bundle: imports of a chunk's entries become stubs (not from inside the chunk itself). `ids`: each built
 * chunk's cache id by name (scripts/hook-file.ts), so that a stub loads it through the hook's loader. `hook`: only the
 * chunks that hook's bundle loads. `inline`: a chunk whose code this bundle carries itself (a shell variant). */
export function chunkStubs(plans: ChunkPlan[], ids: ReadonlyMap<string, string> = new Map(), hook?: string, inline?: string): Plugin {
  const byEntry = new Map<string, ChunkPlan>();
  for (const p of plans) {
    if (hook !== undefined && p.chunk.hooks && !p.chunk.hooks.includes(hook)) continue;
    if (p.chunk.name === inline) continue;
    for (const e of p.exports.keys()) {
      if (byEntry.has(e)) throw new Error(`${e} is an entry of chunks ${byEntry.get(e)!.chunk.name} and ${p.chunk.name} in one bundle`);
      byEntry.set(e, p);
    }
  }
  return {
    name: 'cold-chunks',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (a) => {
        if (a.namespace === 'hw-chunk' || a.kind === 'entry-point') return undefined;
        let key: string | undefined;
        if (byEntry.has(a.path)) key = a.path;
        else if (a.path.startsWith('.')) {
          const abs = resolve(a.resolveDir, a.path).replace(/\.js$/, '.ts');
          if (byEntry.has(abs)) key = abs;
        }
        return key ? { path: key, namespace: 'hw-chunk' } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: 'hw-chunk' }, (a) => {
        const plan = byEntry.get(a.path)!;
        return { contents: stubSource(plan, a.path, ids.get(plan.chunk.name)), loader: 'js' };
      });
    },
  };
}
