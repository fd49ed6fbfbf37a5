// Builds one self-contained ESM bundle per hook plus the CLI. The shipped registry is validated and
// compiled here and embedded in every bundle, so a hook call with unchanged patterns loads neither zod
// nor picomatch and compiles no glob.

import { build, type BuildOptions, type Plugin } from 'esbuild';
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CONFIG } from '../lib/config/defaults.js';
import { canonicalHash } from '../lib/registry/hash.js';
import { collectSources, compileFromSources, sourceHashOf, statFingerprintOf, type EmbeddedRegistry } from '../lib/registry/resolve.js';
import { hookEntry } from '../lib/cli/hook-command.js';
import { GUARD_HOOKS, HOOK_KINDS, type HookName } from '../lib/hook/hooks.js';
import { embeddedFileText } from '../lib/registry/lazy-kinds.js';
import { registrySubset } from '../lib/registry/select.js';
import { chunkEntry, chunkStubs, planChunks, SHELL_CHUNK, SHELL_TOOLS, type ChunkPlan } from './build-chunks.js';
import { writeCodeFile, writeHookFile } from './hook-file.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const HOOK_NAMES = ['user-prompt', 'pre-tool-use', 'post-tool-use', 'stop', 'session-start'] as const;

async function embeddedRegistry(): Promise<EmbeddedRegistry> {
  const sources = collectSources({ shippedDir: join(root, 'patterns'), overrides: [], cacheDir: null });
  const { registry, issues } = await compileFromSources(sources);
  if (issues.length) {
    throw new Error(`patterns/ has problems; fix them before building:\n  ${issues.join('\n  ')}`);
  }
  return { sourceHash: sourceHashOf(sources), statFingerprint: statFingerprintOf(join(root, 'patterns')) ?? '', registry, issues: [] };
}

/**
 * secretlint is loaded at run time from its own bundle (lib/analyzers/secrets/secretlint.ts); its source-only
 * `import('./secretlint-entry.js')` must never pull secretlint (~85 KB minified) into the hook and CLI bundles:
 * esbuild bundles it even in the branch the __HW_SECRETLINT_REL__ define makes dead.
 */
const secretlintStaysOut: Plugin = {
  name: 'secretlint-stays-out',
  setup(b) {
    b.onResolve({ filter: /(^|[\\/])secretlint-entry(\.[jt]s)?$/ }, (a) => ({ path: a.path, external: true }));
  },
};

/**
 * Inside the secretlint bundle: `debug` (loads tty/util/supports-color, and prints to stderr under DEBUG=*) and
 * @secretlint/profiler (perf_hooks marks kept forever) do nothing for a one-shot scan; no-ops halve the
 * bundle's load time (~11 ms → ~6 ms on the dev machine).
 */
const secretlintShims: Plugin = {
  name: 'secretlint-shims',
  setup(b) {
    const contents: Record<string, string> = {
      debug: 'module.exports = function () { return function () {}; };',
      profiler: 'exports.secretLintProfiler = { mark: function () {} };',
    };
    b.onResolve({ filter: /^debug$/ }, () => ({ path: 'debug', namespace: 'hw-noop' }));
    b.onResolve({ filter: /^@secretlint\/profiler$/ }, () => ({ path: 'profiler', namespace: 'hw-noop' }));
    b.onLoad({ filter: /.*/, namespace: 'hw-noop' }, (a) => ({ loader: 'js', contents: contents[a.path] }));
  },
};


/** A hook's copy of the registry: only the pattern kinds its route reads (HOOK_KINDS), same hash. */
function subsetFor(embedded: EmbeddedRegistry, hook: HookName): EmbeddedRegistry {
  return { ...embedded, registry: registrySubset(embedded.registry, HOOK_KINDS[hook]) };
}

async function main(): Promise<void> {
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const embedded = await embeddedRegistry();
  const chunks = await planChunks();
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  mkdirSync(join(root, 'dist', 'hooks'), { recursive: true });
  writeFileSync(join(root, 'dist', 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
  const common: BuildOptions = {
    bundle: true,
    platform: 'node',
    // CommonJS on purpose: node's ESM loader costs ~5-10 ms of start-up per call, and a CommonJS file
    // still runs when copied somewhere without a package.json (dist/package.json keeps it CommonJS here).
    format: 'cjs',
    target: 'node20',
    minify: process.env.HW_NO_MINIFY !== '1',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [secretlintStaysOut],
    // import.meta.url as the bundle file's URL, computed when first read, and the file itself for locations.ts
    // (node:url's pathToFileURL and back was ~0.5 ms of every hook call).
    banner: { js: "const __hwMeta={file:__filename,get url(){return require('node:url').pathToFileURL(__filename).href;}};" },
    define: {
      'import.meta.url': '__hwMeta.url',
      __HW_EMBEDDED__: JSON.stringify(JSON.stringify(embedded)),
      __HW_VERSION__: JSON.stringify(version),
      __HW_DEFAULT_CONFIG_HASH__: JSON.stringify(canonicalHash(DEFAULT_CONFIG)),
    },
  };
  // The cold chunks the hook bundles load on first use (scripts/build-chunks.ts), first: a hook's stubs name each
  // chunk's cache id.
  const chunkIds = new Map<string, string>();
  // secretlint's recommended preset, loaded by the hooks only for texts that could hold a secret (see
  // lib/analyzers/secrets/secretlint.ts). Written like a chunk, a loader plus its code with a V8 code cache: compiling
  // ~85 KB on every load was ~5 ms of each call using it. Built first: a hook and a chunk run its code through their
  // own loader by its cache id (the loader file is for the CLI, which has none: requiring it cost a hook ~0.5 ms),
  // and only the CLI is given the loader file's path.
  const secretlintId = await build({
    ...common,
    entryPoints: [join(root, 'lib', 'analyzers', 'secrets', 'secretlint-entry.ts')],
    outfile: join(root, 'dist', 'hooks', 'secretlint.cjs'),
    write: false,
    plugins: [secretlintShims],
    define: { 'import.meta.url': '__hwMeta.url' },
  }).then((result) => writeHookFile(join(root, 'dist', 'hooks', 'secretlint.cjs'), result.outputFiles[0]?.text ?? '', 'secretlint'));
  const secretlintById = { __HW_SECRETLINT_ID__: JSON.stringify(secretlintId) };
  const buildChunk = async (plan: ChunkPlan): Promise<void> => {
    const nested = chunks.filter((c) => plan.chunk.nests?.includes(c.chunk.name));
    const result = await build({
      ...common,
      stdin: chunkEntry(plan),
      outfile: join(root, 'dist', 'hooks', `chunk-${plan.chunk.name}.js`),
      write: false,
      plugins: [secretlintStaysOut, chunkStubs(nested, chunkIds)],
      define: { ...common.define, __HW_EMBEDDED__: 'undefined', __HW_PATTERNS_REL__: JSON.stringify('../../patterns'), ...secretlintById },
    });
    const name = `chunk-${plan.chunk.name}`;
    chunkIds.set(plan.chunk.name, writeCodeFile(join(root, 'dist', 'hooks', `${name}.code.js`), result.outputFiles[0]?.text ?? '', name));
  };
  // Chunks that load others come after them.
  await Promise.all(chunks.filter((c) => !c.chunk.nests).map(buildChunk));
  await Promise.all(chunks.filter((c) => c.chunk.nests).map(buildChunk));
  await Promise.all([
    ...HOOK_NAMES.map(async (name) => {
      const outfile = join(root, 'dist', 'hooks', `${name}.js`);
      const hookBundle = async (inline?: string): Promise<string> => {
        const result = await build({
          ...common,
          entryPoints: [join(root, 'hooks', `${name}.ts`)],
          outfile,
          write: false,
          plugins: [secretlintStaysOut, chunkStubs(chunks, chunkIds, name, inline)],
          define: {
            ...common.define,
            // The registry is a file beside the hook, parsed kind by kind (lib/registry/lazy-kinds.ts).
            __HW_REGISTRY_FILE__: JSON.stringify(`${name}.registry.json`),
            __HW_EMBEDDED__: 'undefined',
            __HW_PATTERNS_REL__: JSON.stringify('../../patterns'),
            ...secretlintById,
          },
        });
        return result.outputFiles[0]?.text ?? '';
      };
      const inline = SHELL_CHUNK[name];
      const [code, shellCode] = await Promise.all([hookBundle(), inline ? hookBundle(inline) : undefined]);
      // The hook file is the compile-cache loader; the code sits beside it in <name>.code.js (scripts/hook-file.ts).
      writeHookFile(outfile, code, name, GUARD_HOOKS.has(name) ? 2 : 1, shellCode === undefined ? undefined : { code: shellCode, tools: SHELL_TOOLS });
      // Commands run `<name>.cjs` (lib/cli/hook-command.ts hookEntry: node takes it as CommonJS by its name, with no
      // package.json lookup); `<name>.js`, the same loader, stays for the commands 0.5 and earlier wrote.
      copyFileSync(outfile, join(root, 'dist', 'hooks', hookEntry(name)));
      writeFileSync(join(root, 'dist', 'hooks', `${name}.registry.json`), embeddedFileText(subsetFor(embedded, name)));
    }),
    build({
      ...common,
      entryPoints: [join(root, 'lib', 'cli', 'bin.ts')],
      outfile: join(root, 'dist', 'cli.js'),
      banner: { js: `#!/usr/bin/env node\n${common.banner?.js ?? ''}` },
      define: {
        ...common.define,
        __HW_PATTERNS_REL__: JSON.stringify('../patterns'),
        __HW_SECRETLINT_REL__: JSON.stringify('hooks/secretlint.cjs'),
      },
    }),
  ]);
  chmodSync(join(root, 'dist', 'cli.js'), 0o755);
  // Every file a hook call may load, for doctor (lib/cli/doctor-bundles.ts): a missing chunk only shows when a call
  // needs it.
  const hookFiles = readdirSync(join(root, 'dist', 'hooks')).filter((f) => f !== 'files.json').sort();
  writeFileSync(join(root, 'dist', 'hooks', 'files.json'), `${JSON.stringify(hookFiles)}\n`);
  process.stdout.write(`built ${HOOK_NAMES.length} hooks, ${chunks.length} cold chunks and the CLI (registry ${embedded.registry.hash.slice(0, 12)}, ${embedded.registry.patterns.length} patterns)\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`build failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
