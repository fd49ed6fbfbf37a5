// Process wrapper for a hook bundle: read all of stdin, run, write one result, exit with its code.
// fs.readFileSync(0)/fs.writeSync avoid the cost of initialising process.stdin/stdout streams.

import { readFileSync, writeSync } from 'node:fs';
import { oneLine } from '../errors.js';
import { AGENTS, isAgent, type AgentName } from '../protocol/adapter.js';
import { dirname, join } from 'node:path';
import { readEmbeddedFile } from '../registry/lazy-kinds.js';
import type { EmbeddedRegistry } from '../registry/resolve.js';
import { newDecisionId } from './ids.js';
import { bundleFile } from './locations.js';
import { GUARD_HOOKS, type HookName } from './hooks.js';
import { heartbeat } from './heartbeat.js';
import { pathFactsUsed } from './path-facts.js';
import type { HookRun } from './runtime.js';
import type { Routers } from './routers.js';
import { mark, startTiming, timingLine } from './timing.js';
import { runHook } from './run-hook.js';

/** The compiled registry as JSON text: JSON.parse is far cheaper at start-up than compiling a 90 KB object literal. */
declare const __HW_EMBEDDED__: string | undefined;
declare const __HW_VERSION__: string | undefined;

export const ENGINE_VERSION = typeof __HW_VERSION__ === 'string' ? __HW_VERSION__ : '0.0.0-dev';
/** A hook bundle's registry file beside it (lib/registry/lazy-kinds.ts); the CLI embeds it in __HW_EMBEDDED__. */
declare const __HW_REGISTRY_FILE__: string | undefined;

/** Why a hook bundle's registry file could not be read: the call then ends by the failure policy (main below). */
let registryProblem: string | undefined;

function embedded(): EmbeddedRegistry | null {
  if (typeof __HW_REGISTRY_FILE__ === 'string') {
    const e = readEmbeddedFile(join(dirname(bundleFile()), __HW_REGISTRY_FILE__));
    if ('problem' in e) {
      registryProblem = e.problem;
      return null;
    }
    return e;
  }
  return typeof __HW_EMBEDDED__ === 'string' ? (JSON.parse(__HW_EMBEDDED__) as EmbeddedRegistry) : null;
}

export const EMBEDDED: EmbeddedRegistry | null = embedded();

/** What the hook shares with its loader (scripts/shims/compile-cache.cjs): the stdin it already read, or failed to
 * (taken once; a bundle run without the loader reads its own), and the kind of call this was (callShape). */
const fromLoader = globalThis as { __hwStdin?: { buf: Buffer } | { err: unknown }; __hwShape?: string };

/** The kind of call, as far as the code it ran goes: what it judged, its verdict, whether it checked paths. A code
 * cache that has not seen a call of this kind takes in the code the call compiled (scripts/shims/compile-cache.cjs). */
export function callShape(result: HookRun, pathsChecked: boolean): string {
  const d = result.decision;
  if (!d) return result.exitCode === 0 ? 'none' : 'error';
  return `${d.input.domain}:${d.decision.action}${pathsChecked ? '+paths' : ''}`;
}

function readStdin(): Buffer {
  const read = fromLoader.__hwStdin;
  fromLoader.__hwStdin = undefined;
  try {
    if (read) {
      if ('err' in read) throw read.err;
      return read.buf;
    }
    return readFileSync(0);
  } catch (err) {
    // EAGAIN on a non-blocking TTY or a closed descriptor: treat as empty input.
    if ((err as NodeJS.ErrnoException).code === 'EAGAIN' || (err as NodeJS.ErrnoException).code === 'EOF') return Buffer.alloc(0);
    throw err;
  }
}

function writeAll(fd: number, text: string): void {
  const buf = Buffer.from(text, 'utf8');
  let off = 0;
  while (off < buf.length) off += writeSync(fd, buf, off);
}

/** The host named by the installed command (`--agent <name>`; Claude Code without it), or why it is not one. */
export function agentArg(argv: readonly string[]): { agent: AgentName } | { error: string } {
  const i = argv.indexOf('--agent');
  if (i < 0) return { agent: 'claude-code' };
  const name = argv[i + 1] ?? '';
  return isAgent(name) ? { agent: name } : { error: `unknown --agent "${oneLine(name, 40)}" (known: ${AGENTS.join(', ')})` };
}

export async function main(hook: HookName, routers: Routers): Promise<void> {
  const timing = startTiming(process.env);
  mark('init');
  let code: number;
  try {
    const host = agentArg(process.argv.slice(2));
    if ('error' in host) throw new Error(host.error);
    // Without its registry a hook would judge with none: a half-copied install fails like a missing code file.
    if (registryProblem) throw new Error(registryProblem);
    const stdin = readStdin();
    mark('stdin');
    const result = await runHook(hook, stdin, {
      agent: host.agent,
      env: process.env,
      now: Date.now,
      newId: () => newDecisionId(),
      embedded: EMBEDDED,
      engineVersion: ENGINE_VERSION,
      routers,
    });
    fromLoader.__hwShape = callShape(result, pathFactsUsed());
    if (result.stdout) writeAll(1, result.stdout);
    if (result.stderr) writeAll(2, result.stderr);
    const refused = heartbeat(result.beat, 'command', process.env);
    if (refused) writeAll(2, `hookwarden: ${refused}\n`);
    if (timing) {
      mark('write');
      writeAll(2, timingLine());
    }
    code = result.exitCode;
  } catch (err) {
    // Last resort: nothing on stdout, one line on stderr, guards fail closed.
    code = GUARD_HOOKS.has(hook) ? 2 : 1;
    try {
      writeAll(2, `hookwarden: internal error: ${oneLine(err)}\n`);
    } catch {
      // stderr gone: the exit code still says it.
    }
  }
  process.exit(code);
}
