// Timing of the catalogue's two paths as a hook process sees them (not a test: `npx tsx test/catalogue/measure.ts`).
// lib/catalogue is bundled with the hooks' esbuild options (CommonJS, node20, minified) and wrapped like a hook file
// (scripts/shims/compile-cache.cjs: V8's code cache under $HOOKWARDEN_HOME/cache, primed by one cold run first, as a
// hook's first call primes it), then run in a fresh node process per sample; each process times its own call with
// process.hrtime, so node's start-up and the bundle's compile are not counted. MEASURE_NO_CODE_CACHE=1 loads the
// plain bundle instead (every function compiled on first use: the first hook call after an install).
//   discover  cold discovery of 100 generated candidates: list + read + parse + build, nothing cached (budget 15 ms)
//   floor     the same listing and lib/fs reads without parsing or building: what the file system costs
//   miss      the router's index with no cache file (lib/hook/router-io.ts): discovery, index build, cache write
//   hit       the router's index with the cache current: list + stat + cache read
//   hit-stub  the same in a bundle whose front-matter reader and field builder are stubs: the difference to `hit` is
//             what the parser's presence in the bundle costs the warm path (it is never called there)
// Env: MEASURE_RUNS (default 15), MEASURE_N (candidates, default 100).

import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { routerCacheFile } from '../../lib/hook/router-io.js';
import { generateCandidates, tempLayout } from './helpers.js';
import { writeHookFile } from '../../scripts/hook-file.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RUNS = Number(process.env.MEASURE_RUNS ?? 15);
const N = Number(process.env.MEASURE_N ?? 100);
const NO_CODE_CACHE = process.env.MEASURE_NO_CODE_CACHE === '1';

const ENTRY = `
import { loadRouterIndex } from './lib/hook/router-io.js';
import { discoverCatalogue } from './lib/catalogue/discover.js';
import { listCandidates } from './lib/catalogue/walk.js';
import { readRegularFile } from './lib/fs/read.js';
const [mode, projectDir, home, hookwardenHome] = process.argv.slice(2);
// The lexicon and hash a registry would give; the router's cost does not depend on which.
const registry = { hash: 'measure', lexicon: { stopwords: ['the', 'a', 'and'], synonyms: [['slow', 'latency']] } };
const load = () => {
  const r = loadRouterIndex({ projectDir, home, hookwardenHome, cacheDir: hookwardenHome + '/cache', writeCache: true }, registry);
  return { catalogue: { candidates: r.index.candidates, skipped: [] }, from: r.from === 'cache' ? 'cache' : 'discovered' };
};
const floor = () => {
  const l = listCandidates(projectDir, home);
  for (const f of l.files) readRegularFile(f.path, { maxBytes: f.size + 1024 });
  return { catalogue: { candidates: l.files, skipped: l.skipped }, from: 'listed and read' };
};
const t0 = process.hrtime.bigint();
const r = mode === 'discover' ? { catalogue: discoverCatalogue({ projectDir, home }), from: 'discovered' } : mode === 'floor' ? floor() : load();
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
process.stdout.write(JSON.stringify({ ms, from: r.from, candidates: r.catalogue.candidates.length, skipped: r.catalogue.skipped.length }));
`;

/** Replaces the cold path's parser and field builder: a bundle that cannot parse, to weigh the real one's presence. */
const stubParser: Plugin = {
  name: 'stub-parser',
  setup(b) {
    b.onResolve({ filter: /\/(frontmatter|fields)\.js$/ }, (a) => ({ path: a.path, namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, (a) => ({
      loader: 'js',
      contents: a.path.endsWith('frontmatter.js')
        ? 'export function parseFrontMatter() { throw new Error("stub"); }\nexport function frontText() { throw new Error("stub"); }'
        : 'export function buildCandidate() { throw new Error("stub"); }',
    }));
  },
};

async function bundle(out: string, plugins: Plugin[]): Promise<number> {
  const r = await build({
    stdin: { contents: ENTRY, resolveDir: root, loader: 'ts', sourcefile: 'measure-entry.ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    write: false,
    plugins,
    define: { 'import.meta.url': '"file:///measure.js"' },
    logLevel: 'silent',
  });
  const code = r.outputFiles[0]?.text ?? '';
  if (NO_CODE_CACHE) writeFileSync(out, code);
  else writeHookFile(out, code, `measure-${out.endsWith('stub.cjs') ? 'stub' : 'real'}`);
  return code.length;
}

interface Sample {
  ms: number;
  from: string;
  candidates: number;
  skipped: number;
}

function run(file: string, mode: string, args: string[]): Sample {
  const env: NodeJS.ProcessEnv = { ...process.env, HOOKWARDEN_HOME: args[2] };
  delete env.NODE_EXTRA_CA_CERTS;
  const r = spawnSync(process.execPath, [file, mode, ...args], { encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(`${mode}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Sample;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;
const fmt = (xs: number[]): string => `median ${median(xs).toFixed(2)} ms (min ${Math.min(...xs).toFixed(2)}, max ${Math.max(...xs).toFixed(2)})`;

async function main(): Promise<void> {
  const l = tempLayout('hw-catalogue-measure-');
  generateCandidates(l.project, N);
  const real = join(l.base, 'real.cjs');
  const stub = join(l.base, 'stub.cjs');
  const realSize = await bundle(real, []);
  const stubSize = await bundle(stub, [stubParser]);
  const args = [l.project, l.home, l.hwHome];
  const cache = routerCacheFile({ cacheDir: join(l.hwHome, 'cache'), projectDir: l.project, home: l.home });
  const samples: Record<string, number[]> = { discover: [], floor: [], miss: [], hit: [], 'hit-stub': [] };
  let seen: Sample | undefined;
  // Prime V8's code cache of each bundle with a cold run (it is written at the exit of a process that had none).
  run(real, 'discover', args);
  run(stub, 'load', args);
  for (let i = 0; i < RUNS; i++) {
    seen = run(real, 'discover', args);
    samples.discover?.push(seen.ms);
    samples.floor?.push(run(real, 'floor', args).ms);
    rmSync(cache, { force: true });
    const miss = run(real, 'load', args);
    if (miss.from !== 'discovered') throw new Error('expected a miss');
    samples.miss?.push(miss.ms);
    const hit = run(real, 'load', args);
    if (hit.from !== 'cache') throw new Error('expected a hit');
    samples.hit?.push(hit.ms);
    const hitStub = run(stub, 'load', args);
    if (hitStub.from !== 'cache') throw new Error('expected a hit from the stub bundle');
    samples['hit-stub']?.push(hitStub.ms);
  }
  process.stdout.write(`${N} candidates (${seen?.candidates} found, ${seen?.skipped} skipped), ${RUNS} fresh processes each, node ${process.version}, ${NO_CODE_CACHE ? 'no code cache' : 'V8 code cache primed'}\n`);
  process.stdout.write(`bundle ${(realSize / 1024).toFixed(1)} KiB; with the parser stubbed ${(stubSize / 1024).toFixed(1)} KiB\n`);
  for (const [k, xs] of Object.entries(samples)) process.stdout.write(`${k.padEnd(9)} ${fmt(xs)}\n`);
  rmSync(l.base, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  process.stderr.write(`measure failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
