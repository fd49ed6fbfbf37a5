// A hook as installed: `<name>.js`, the small compile-cache loader (scripts/shims/compile-cache.cjs; the build copies it
// to `<name>.cjs`, the file install's commands run: lib/cli/hook-command.ts hookEntry), and beside it
// `<name>.code.js`, the bundle itself in pure ASCII. The loader reads the code as latin1: measured on node 20, a
// 590 KB bundle carried as a string literal inside the hook file cost ~25 ms more per call (V8 scans and unescapes
// the literal, then keeps a second copy), and UTF-8 text with a few non-ASCII characters ~9 ms more (the whole
// source becomes a two-byte string). Used by the build and by tests that build probe bundles of their own.

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The code with every non-ASCII character written as a \u escape. esbuild leaves them raw inside regular
 * expression literals; there (with or without the u flag), in strings and in templates the escape means the same
 * character. A surrogate pair stays a pair, which a u-flag pattern reads as the one code point.
 */
export function asciiOnly(code: string): string {
  return code.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** V8 allocates a string longer than this (its largest regular heap object, 128 KiB, less the string's header)
 * in its large-object space, outside the young generation's first 1 MiB semi-space. */
const LARGE_STRING = 128 * 1024;

/**
 * A code file of 64 to 128 KiB is padded (a trailing comment of spaces) to just over LARGE_STRING: read as a string
 * it then does not fill the young generation, which a hook call's own allocations share. Measured on the 2-core
 * VM: with the shell analyser in a chunk of its own, a Bash call's three code strings (~300 KB) cost a scavenge
 * (~3-4 ms) that a few KB of padding per file avoids (docs/performance.md). Smaller files are left alone.
 */
function padded(code: string): string {
  if (code.length < 64 * 1024 || code.length > LARGE_STRING) return code;
  return `${code}\n//${' '.repeat(LARGE_STRING + 64 - code.length)}`;
}

/** Writes `file`, a bundle's code as the loader runs it, and returns its cache id (`<name>-<hash>`). A cold chunk is
 * only this file: the hook's loader runs it (compile-cache.cjs, `__hwChunk`). */
export function writeCodeFile(file: string, code: string, name: string): string {
  // The function node's CommonJS loader would wrap it in, written here: joined by the loader at run time, the
  // ~230 KB text was copied once more into a new string per call (V8 flattens the concatenation to compile it).
  const ascii = padded(`(function (exports, require, module, __filename, __dirname) {${asciiOnly(code)}\n})`);
  writeFileSync(file, ascii);
  return `${name}-${createHash('sha256').update(ascii).digest('hex').slice(0, 16)}`;
}

/** A second bundle of a hook, for the calls that run a shell command: the shell analyser inside it rather than in
 * a chunk of its own. The loader picks it by the call's tool name (scripts/shims/compile-cache.cjs). */
export interface ShellVariant {
  code: string;
  /** The tool names, as the hosts send them, of a shell command. */
  tools: readonly string[];
}

/** Writes `<outfile>` (the loader) and `<outfile minus .js>.code.js` (the code); returns the cache id. `failExit`:
 * the exit code of a hook whose code file is missing (2 for a guard: the host blocks rather than going ahead); a
 * loader given one is a hook's and reads its stdin first. Without it (a chunk, required by a running hook) the
 * error is thrown to the hook, which fails by its policy.
 * `shell`: the hook's shell variant, written beside it as `<name>.bash.code.js` with a cache id of its own. */
export function writeHookFile(outfile: string, code: string, name = basename(outfile, '.js'), failExit?: number, shell?: ShellVariant): string {
  const base = basename(outfile, '.js');
  const codeFile = `${base}.code.js`;
  const id = writeCodeFile(join(dirname(outfile), codeFile), code, name);
  const loader = readFileSync(join(root, 'scripts', 'shims', 'compile-cache.cjs'), 'utf8');
  const args = [JSON.stringify(codeFile), JSON.stringify(id), 'module', 'require', '__filename', '__dirname'];
  if (failExit !== undefined || shell) args.push(failExit === undefined ? 'undefined' : String(failExit));
  if (shell) {
    // `.bash`, not `-bash`: the loader clears a hook's older caches by the prefix `v8-<name>-`.
    const file = `${base}.bash.code.js`;
    const shellId = writeCodeFile(join(dirname(outfile), file), shell.code, `${name}.bash`);
    args.push(JSON.stringify({ codeFile: file, id: shellId, tools: shell.tools }));
  }
  writeFileSync(outfile, `${loader}\nhwRunCached(${args.join(', ')});\n`);
  return id;
}
