// Builds one self-contained ESM bundle per hook plus the CLI. The shipped registry is validated and
// compiled here and embedded in every bundle, so a hook call with unchanged patterns loads neither zod
// nor picomatch and compiles no glob.

import { build, type BuildOptions } from 'esbuild';
import { chmodSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectSources, compileFromSources, sourceHashOf, type EmbeddedRegistry } from '../lib/registry/resolve.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const HOOK_NAMES = ['user-prompt', 'pre-tool-use', 'post-tool-use', 'stop', 'session-start'] as const;

async function embeddedRegistry(): Promise<EmbeddedRegistry> {
  const sources = collectSources({ shippedDir: join(root, 'patterns'), overrides: [], cacheDir: null });
  const { registry, issues } = await compileFromSources(sources);
  if (issues.length) {
    throw new Error(`patterns/ has problems; fix them before building:\n  ${issues.join('\n  ')}`);
  }
  return { sourceHash: sourceHashOf(sources), registry, issues: [] };
}

async function main(): Promise<void> {
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const embedded = await embeddedRegistry();
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  mkdirSync(join(root, 'dist', 'hooks'), { recursive: true });
  const common: BuildOptions = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    // Bundled CommonJS dependencies (pino) call require() for node built-ins.
    banner: { js: "import{createRequire as __hwCR}from'node:module';const require=__hwCR(import.meta.url);" },
    define: {
      __HW_EMBEDDED__: JSON.stringify(embedded),
      __HW_VERSION__: JSON.stringify(version),
    },
  };
  await Promise.all([
    ...HOOK_NAMES.map((name) =>
      build({
        ...common,
        entryPoints: [join(root, 'hooks', `${name}.ts`)],
        outfile: join(root, 'dist', 'hooks', `${name}.js`),
        define: { ...common.define, __HW_PATTERNS_REL__: JSON.stringify('../../patterns') },
      }),
    ),
    build({
      ...common,
      entryPoints: [join(root, 'lib', 'cli', 'bin.ts')],
      outfile: join(root, 'dist', 'cli.js'),
      banner: { js: `#!/usr/bin/env node\n${common.banner?.js ?? ''}` },
      define: { ...common.define, __HW_PATTERNS_REL__: JSON.stringify('../patterns') },
    }),
  ]);
  chmodSync(join(root, 'dist', 'cli.js'), 0o755);
  process.stdout.write(`built ${HOOK_NAMES.length} hooks and the CLI (registry ${embedded.registry.hash.slice(0, 12)}, ${embedded.registry.patterns.length} patterns)\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`build failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
