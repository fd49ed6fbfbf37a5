// The command lines install writes for a hook (and for the CLI), and the forms of every earlier version it still
// knows as its own: which node flags, which path form, the PATH bin. Nothing here reads or writes a file.

import { join } from 'node:path';

const escape = (p: string): string => p.replace(/(["\\$`])/g, '\\$1');
/** `p` in double quotes for a POSIX shell. */
export const quote = (p: string): string => `"${escape(p)}"`;

/**
 * The file a hook command runs in dist/hooks/: `<hook>.cjs`, CommonJS by its name, so node neither reads a
 * package.json to learn the module type nor asks whether the file is ESM: 0.1–0.2 ms of every call
 * (docs/performance.md). The `<hook>.js` beside it is the same loader, kept for the commands 0.5 and earlier wrote.
 */
export const hookEntry = (hook: string): string => `${hook}.cjs`;
/** A hook's entry file under an install root. */
export const hookEntryPath = (root: string, hook: string): string => join(root, 'dist', 'hooks', hookEntry(hook));

/** `node "<file>"`, quoted for a POSIX shell. */
export const nodeCommand = (file: string): string => `node ${quote(file)}`;

/** The command found on PATH that runs one hook bundle of a global install (bin/hookwarden-hook.cjs). */
export const HOOK_BIN = 'hookwarden-hook';

/**
 * Where an installed command finds the hook bundles (docs/install-scopes.md):
 *  - a string: this machine's install root, an absolute path (user and local scope, --settings);
 *  - `{ project }`: the install root relative to the project (`node_modules/hookwarden`, or '' when the project is
 *    the checkout), for a committed file: `node "$CLAUDE_PROJECT_DIR/<rel>/dist/hooks/<hook>.cjs"`;
 *  - `{ bin }`: `hookwarden-hook <hook>`, found on PATH (a global install), for a committed file.
 */
export type HookPlace = string | { project: string } | { bin: true };

/** A bundle's path relative to the project, after `prefix` (the project variable, or '' for a path relative to the
 * folder the host runs project hooks in), escaped for double quotes. */
export const relativeBundle = (prefix: string, rel: string, hook: string): string => `${prefix}${rel ? `${escape(rel)}/` : ''}dist/hooks/${hookEntry(hook)}`;

/**
 * Node's flags in every hook command install writes. `--jitless`: V8 runs the hook in its interpreter and makes no
 * machine code at run time. A hook call runs each piece of its code a few times at most, so compiling machine code
 * (baseline code, regular expressions) costs more than it wins back: 0.3–1.2 ms less per call on the bench, a
 * rare huge input (a 200 KB command) ~25% slower; and model-written input never reaches code V8 generated for it
 * (docs/performance.md). `--no-expose-wasm`: what `--jitless` implies anyway, said outright, or node 20 prints a
 * warning about the two on stderr, which a host may show the model. The PATH bin (`hookwarden-hook`) runs without
 * them: a shebang cannot carry flags portably.
 */
export const HOOK_NODE_FLAGS: readonly string[] = ['--jitless', '--no-expose-wasm'];
/** HOOK_NODE_FLAGS as written in a command line. */
export const NODE_FLAGS_TEXT = HOOK_NODE_FLAGS.join(' ');

/** Which of HOOK_NODE_FLAGS a hook command passes to node: the words between node (bare or a quoted path) and the
 * bundle's quoted path (none in an older install's command or the PATH bin's). */
export const nodeFlagsOf = (command: string): string[] => {
  const words = (/^\s*(?:"(?:[^"\\]|\\.)*"|\S+)((?:\s+--[a-z-]+)*)\s+"/.exec(command)?.[1] ?? '').trim().split(/\s+/);
  return HOOK_NODE_FLAGS.filter((f) => words.includes(f));
};

/** The exact command install writes: node with the bundle's path (absolute, or under $CLAUDE_PROJECT_DIR), or the
 * hook bin on PATH; never npx, never the CLI. */
export function hookCommand(place: HookPlace, hook: string): string {
  if (typeof place === 'string') return `node ${NODE_FLAGS_TEXT} ${quote(hookEntryPath(place, hook))}`;
  if ('bin' in place) return `${HOOK_BIN} ${hook}`;
  return `node ${NODE_FLAGS_TEXT} "${relativeBundle('$CLAUDE_PROJECT_DIR/', place.project, hook)}"`;
}

/** The command of a host that is not Claude Code: the same bundle, told which host it answers (`--agent`). */
export const agentCommand =
  (agent: string) =>
  (place: HookPlace, hook: string): string =>
    `${hookCommand(place, hook)} --agent ${agent}`;

const HOOK_NAME = '(?:user-prompt|pre-tool-use|post-tool-use|stop|session-start)';
const AGENT_TAIL = '(?:\\s+--agent\\s+[a-z-]+)?';
/**
 * Every command form any version of install wrote, whatever the root and whichever host it named: `node "<root>/
 * dist/hooks/<hook>.cjs"` (`.js` in 0.5 and earlier; Cursor's names node by its path), with HOOK_NODE_FLAGS after node
 * or (0.5 and earlier) none, the project-relative forms, and the PATH bin. A user's own unquoted
 * `node /x/dist/hooks/stop.js` is not one of ours.
 */
// Flags are letters and dashes: no regex escaping. A flag install stops writing must be kept here, or the commands
// that carry it stop being ours.
const OUR_FLAG = `(?:${HOOK_NODE_FLAGS.join('|')})`;
const OUR_COMMAND = new RegExp(
  `^(?:node|"[^"]+")(?:\\s+${OUR_FLAG})*\\s+"(?:(?:[^"\\\\]|\\\\.)*/)?dist/hooks/${HOOK_NAME}\\.c?js"${AGENT_TAIL}$|^${HOOK_BIN}\\s+${HOOK_NAME}${AGENT_TAIL}$`,
);

/** Whether a command line is one install wrote (any version, any install root). */
export const isOurCommand = (command: string): boolean => OUR_COMMAND.test(command.trim());
