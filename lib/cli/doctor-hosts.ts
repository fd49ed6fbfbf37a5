// doctor, per agent host: for each host whose config holds hookwarden's commands, is every event wired, does the
// installed command resolve (node on PATH, the bundle on disk), and does one real call through the installed
// command line, with the host's own stdin, come back as a deny in the host's own shape? A host whose config holds
// none of our commands is not installed: listed once, never failed. Each host's way of trusting a hook is said.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { oneLine } from '../errors.js';
import { readRegularFile } from '../fs/read.js';
import { AGENTS, type AgentName } from '../vocab/agents.js';
import { CURSOR_EVENTS } from './hosts/cursor.js';
import { isOurPlugin } from './hosts/opencode.js';
import { hostFile, hostNotes, onPath, PROFILES } from './hosts/table.js';
import { hookwardenHome } from '../audit/paths.js';
import { hookwardenEvent, ranPhrase } from './doctor-heartbeat.js';
import { commandTarget, installedElsewhere } from './doctor-targets.js';

export type Status = 'ok' | 'warn' | 'fail';
export interface Check {
  status: Status;
  what: string;
  detail: string;
}

/** Where one host keeps hookwarden's entries, and which events install wires there. */
export interface HostSpec {
  agent: AgentName;
  /** The files the host reads hooks from, user scope first. */
  files: string[];
  /** The host's own event names install wires, and the one its guard runs before a tool on. */
  events: readonly string[];
  preToolEvent: string;
  /** How the host comes to run the hook at all (trust), said once it is installed. */
  trust?: string;
  /** The project whose files are read: project-relative commands resolve against it. */
  projectDir: string;
}

interface Found {
  event: string;
  command: string;
  file: string;
  /** The host the command tells the hook it speaks to (`--agent`; none: Claude Code). */
  named: string;
  /** The hook it runs and that bundle's file on this machine. */
  hook: string;
  bundle: string;
}

const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

/** Every command string of ours under the file's `hooks` object, by the event key it sits under (groups or flat lists). */
function commandsIn(file: string, projectDir: string, env: NodeJS.ProcessEnv): Found[] | string {
  const r = readRegularFile(file, { maxBytes: MAX_CONFIG_BYTES });
  if (r.status === 'missing') return [];
  if (r.status !== 'ok') return `cannot read ${file}: ${r.reason}`;
  let json: unknown;
  try {
    json = JSON.parse(r.bytes.toString('utf8') || '{}');
  } catch (err) {
    return `${file} is not JSON: ${oneLine(err, 120)}`;
  }
  const hooks = (json as { hooks?: unknown } | null)?.hooks;
  if (!hooks || typeof hooks !== 'object') return [];
  const out: Found[] = [];
  const walk = (v: unknown, event: string): void => {
    if (Array.isArray(v)) v.forEach((x) => walk(x, event));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const t = (k === 'command' || k === 'bash') && typeof x === 'string' ? commandTarget(x, projectDir, env) : null;
        if (t) out.push({ event, command: x as string, file, named: /--agent\s+([a-z-]+)/.exec(x as string)?.[1] ?? 'claude-code', hook: t.hook, bundle: t.file });
        else walk(x, event);
      }
    }
  };
  for (const [event, v] of Object.entries(hooks)) walk(v, event);
  return out;
}

/** The program a command line starts with, found on PATH (or as a path), or undefined. */
export function resolveProgram(command: string, env: NodeJS.ProcessEnv): string | undefined {
  const program = /^\s*(?:"([^"]+)"|(\S+))/.exec(command);
  const name = program?.[1] ?? program?.[2];
  if (!name) return undefined;
  if (!isAbsolute(name) && !name.includes('/')) return onPath(name, env);
  try {
    return statSync(name).isFile() && (statSync(name).mode & 0o111) !== 0 ? name : undefined;
  } catch {
    return undefined;
  }
}

type Obj = Record<string, unknown>;
const PROJECT_PROBE = '/tmp/hookwarden-doctor-project';
const COMMAND = 'rm -rf /';

/** Each host's stdin for a shell call of `rm -rf /`, and whether its answer is a deny the host itself acts on (the
 * wrong shape is an allow in most hosts: docs/agents.md). */
export const PROBES: Partial<Record<AgentName, { stdin: Obj; denied(json: Obj | null, exitCode: number | null): boolean }>> = {
  'claude-code': {
    stdin: { session_id: 'hookwarden-doctor', cwd: PROJECT_PROBE, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: COMMAND }, tool_use_id: 'doctor' },
    denied: (j) => (j?.hookSpecificOutput as Obj | undefined)?.permissionDecision === 'deny',
  },
  gemini: {
    stdin: { session_id: 'hookwarden-doctor', cwd: PROJECT_PROBE, hook_event_name: 'BeforeTool', timestamp: '1970-01-01T00:00:00Z', tool_name: 'run_shell_command', tool_input: { command: COMMAND } },
    denied: (j) => j?.decision === 'deny',
  },
  codex: {
    stdin: { session_id: 'hookwarden-doctor', turn_id: 'doctor', cwd: PROJECT_PROBE, model: 'doctor', permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: COMMAND }, tool_use_id: 'doctor' },
    denied: (j) => (j?.hookSpecificOutput as Obj | undefined)?.permissionDecision === 'deny',
  },
  qwen: {
    stdin: { session_id: 'hookwarden-doctor', cwd: PROJECT_PROBE, hook_event_name: 'PreToolUse', tool_name: 'run_shell_command', tool_input: { command: COMMAND }, tool_call_id: 'doctor' },
    denied: (j) => (j?.hookSpecificOutput as Obj | undefined)?.permissionDecision === 'deny',
  },
  copilot: {
    stdin: { session_id: 'hookwarden-doctor', cwd: PROJECT_PROBE, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: COMMAND } },
    denied: (j) => j?.permissionDecision === 'deny' || (j?.hookSpecificOutput as Obj | undefined)?.permissionDecision === 'deny',
  },
  droid: {
    stdin: { session_id: 'hookwarden-doctor', cwd: PROJECT_PROBE, hook_event_name: 'PreToolUse', tool_name: 'Execute', tool_input: { command: COMMAND } },
    denied: (j) => (j?.hookSpecificOutput as Obj | undefined)?.permissionDecision === 'deny',
  },
  cursor: {
    stdin: { conversation_id: 'hookwarden-doctor', generation_id: 'doctor', hook_event_name: 'preToolUse', workspace_roots: [PROJECT_PROBE], tool_name: 'Shell', tool_input: { command: COMMAND } },
    denied: (j) => j?.permission === 'deny',
  },
};

/** Every host but Claude Code (whose settings doctor reads on its own) and OpenCode (a plugin: checkOpenCode). */
export function hostSpecs(env: NodeJS.ProcessEnv, cwd: string): HostSpec[] {
  return AGENTS.filter((a) => a !== 'claude-code' && a !== 'opencode').map((agent) => {
    const profile = PROFILES[agent];
    const events = profile ? [...new Set(profile.events.map((e) => e.event))] : CURSOR_EVENTS.map((e) => e.event);
    const pre = profile?.events.find((e) => e.hook === 'pre-tool-use')?.event ?? 'preToolUse';
    const trust = hostNotes(agent, 'project').join('; ');
    return { agent, files: [hostFile(agent, 'user', env, cwd), hostFile(agent, 'project', env, cwd)], events, preToolEvent: pre, ...(trust ? { trust } : {}), projectDir: env.CLAUDE_PROJECT_DIR ?? cwd };
  });
}

/** One call through the installed command line, in a scratch HOOKWARDEN_HOME (the user's audit is not touched). */
function realCall(spec: HostSpec, command: string, env: NodeJS.ProcessEnv): Check {
  const what = `${spec.agent} call`;
  const probe = PROBES[spec.agent];
  if (!probe) return { status: 'warn', what, detail: 'no probe for this host: the installed command was not run' };
  const scratch = mkdtempSync(join(tmpdir(), 'hookwarden-doctor-'));
  try {
    // As the host runs a project hook: in the project, with $CLAUDE_PROJECT_DIR (project-relative commands).
    const callEnv: NodeJS.ProcessEnv = { ...env, HOOKWARDEN_HOME: scratch, CLAUDE_PROJECT_DIR: spec.projectDir };
    delete callEnv.NODE_EXTRA_CA_CERTS;
    const r = spawnSync('/bin/sh', ['-c', command], { cwd: spec.projectDir, input: JSON.stringify(probe.stdin), env: callEnv, encoding: 'utf8', timeout: 10_000 });
    let json: Obj | null = null;
    try {
      json = r.stdout.trim() ? (JSON.parse(r.stdout) as Obj) : null;
    } catch {
      // not JSON: not a deny any host reads
    }
    // A deny in the host's shape that names the rule (an internal-error deny would not).
    if (probe.denied(json, r.status) && r.stdout.includes('[bash-filesystem/')) return { status: 'ok', what, detail: `the installed command denies \`${COMMAND}\` in ${spec.agent}'s own shape` };
    return { status: 'fail', what, detail: `the installed command did not deny \`${COMMAND}\` (exit ${r.status}): ${oneLine(r.stderr || r.stdout || r.error || 'no output', 160)}` };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The checks of one host, or null when none of its files holds a command of ours (not installed). */
export function checkHost(spec: HostSpec, env: NodeJS.ProcessEnv, opts: { call: boolean; now?: number; root?: string }): Check[] | null {
  const checks: Check[] = [];
  const found: Found[] = [];
  for (const file of spec.files) {
    const r = commandsIn(file, spec.projectDir, env);
    if (typeof r === 'string') checks.push({ status: 'fail', what: spec.agent, detail: r });
    else found.push(...r);
  }
  if (!found.length && !checks.length) return null;
  // A hook told another host's name answers in that host's shape, which this host reads as an allow (the trap).
  const wrong = found.find((f) => f.named !== spec.agent);
  if (wrong) checks.push({ status: 'fail', what: spec.agent, detail: `${wrong.file} runs hookwarden for ${wrong.named} under ${wrong.event}: ${spec.agent} reads that answer as no answer or an allow (re-run \`hookwarden install --agent ${spec.agent}\`)` });
  const files = [...new Set(found.map((f) => f.file))];
  const missing = spec.events.filter((e) => !found.some((f) => f.event === e));
  const stale = found.filter((f) => !existsSync(f.bundle));
  const node = found[0] ? resolveProgram(found[0].command, env) : undefined;
  const where = stale[0] && opts.root ? installedElsewhere(stale[0].bundle, opts.root, spec.projectDir, env) : undefined;
  const fix = where ? `; hookwarden is installed at ${where}: re-run \`hookwarden install --agent ${spec.agent}\` from there` : ` (rebuild, or re-run \`hookwarden install --agent ${spec.agent}\`)`;
  if (stale.length) checks.push({ status: 'fail', what: spec.agent, detail: `${stale[0]!.file} runs ${stale[0]!.bundle}, which does not exist${fix}` });
  else if (missing.length) checks.push({ status: 'fail', what: spec.agent, detail: `${files.join(', ')}: no entry for ${missing.join(', ')} (re-run \`hookwarden install --agent ${spec.agent}\`)` });
  else if (found[0] && !node) checks.push({ status: 'fail', what: spec.agent, detail: `${found[0].command.split(' ')[0]} is not on PATH, so the host cannot start the hook` });
  else checks.push({ status: 'ok', what: spec.agent, detail: `${spec.events.length} events in ${files.join(', ')}` });
  if (files.length > 1) checks.push({ status: 'warn', what: spec.agent, detail: `installed in ${files.length} files (${files.join(', ')}): every call is judged and audited twice` });
  if (spec.trust) checks.push({ status: 'ok', what: `${spec.agent} trust`, detail: spec.trust });
  // When each installed event last ran (its heartbeat), read before doctor's own call below.
  if (opts.now !== undefined && !stale.length) checks.push(...heartbeats(spec, found, hookwardenHome(env), opts.now));
  const pre = found.find((f) => f.event === spec.preToolEvent);
  if (opts.call && pre && !stale.length && node) checks.push(realCall(spec, pre.command, env));
  return checks;
}

/** One line per installed event: when the host last ran it, or that it never did (then a warning: the host is not
 * running hookwarden; its trust note above says the usual why). */
function heartbeats(spec: HostSpec, found: Found[], home: string, now: number): Check[] {
  return spec.events.flatMap((event) => {
    const f = found.find((x) => x.event === event);
    if (!f) return [];
    const ran = ranPhrase(home, spec.agent, hookwardenEvent(event, f.hook), 'command', now);
    return [{ status: ran.ran ? 'ok' : 'warn', what: `${spec.agent} ${event}`, detail: ran.text }] as Check[];
  });
}

/** OpenCode: the plugin file is ours and points at bundles that exist; the real call imports the installed plugin
 * and runs its tool.execute.before on `rm -rf /`, which must throw (returning is an allow in OpenCode). */
export async function checkOpenCode(env: NodeJS.ProcessEnv, cwd: string, opts: { call: boolean; now?: number }): Promise<Check[] | null> {
  const files = [hostFile('opencode', 'user', env, cwd), hostFile('opencode', 'project', env, cwd)].filter((f) => {
    const r = readRegularFile(f, { maxBytes: MAX_CONFIG_BYTES });
    return r.status === 'ok' && isOurPlugin(r.bytes.toString('utf8'));
  });
  if (!files.length) return null;
  const checks: Check[] = [];
  const text = (readRegularFile(files[0]!, { maxBytes: MAX_CONFIG_BYTES }) as { bytes: Buffer }).bytes.toString('utf8');
  // This machine's bundles by path, or (a committed project plugin) a path relative to the plugin file.
  const dir = /const HOOKS_DIR = ("(?:[^"\\]|\\.)*");/.exec(text)?.[1];
  const rel = /const HOOKS_DIR = fileURLToPath\(new URL\(("(?:[^"\\]|\\.)*"), import\.meta\.url\)\);/.exec(text)?.[1];
  const hooksDir = dir ? (JSON.parse(dir) as string) : rel ? resolve(dirname(files[0]!), JSON.parse(rel) as string) : undefined;
  const node = resolveProgram('node', env);
  if (!hooksDir || !existsSync(join(hooksDir, 'pre-tool-use.js'))) checks.push({ status: 'fail', what: 'opencode', detail: `${files[0]} runs bundles in ${hooksDir ?? '(none named)'}, which do not exist (re-run \`hookwarden install --agent opencode\`)` });
  else if (!node) checks.push({ status: 'fail', what: 'opencode', detail: 'node is not on PATH, so the plugin cannot run the hooks (every tool call is blocked)' });
  else checks.push({ status: 'ok', what: 'opencode', detail: `plugin ${files.join(', ')}` });
  if (files.length > 1) checks.push({ status: 'warn', what: 'opencode', detail: `installed in ${files.length} places (${files.join(', ')}): every call is judged and audited twice` });
  checks.push({ status: 'ok', what: 'opencode trust', detail: hostNotes('opencode', 'project').join('; ') });
  // The plugin's three hooks (tool.execute.before/after, chat.message), by hookwarden's event: when each last ran.
  const now = opts.now;
  if (now !== undefined && checks[0]?.status === 'ok') {
    for (const event of ['PreToolUse', 'PostToolUse', 'UserPromptSubmit']) {
      const ran = ranPhrase(hookwardenHome(env), 'opencode', event, 'command', now);
      checks.push({ status: ran.ran ? 'ok' : 'warn', what: `opencode ${event}`, detail: ran.text });
    }
  }
  if (opts.call && checks[0]?.status === 'ok') checks.push(await openCodeCall(files[0]!));
  return checks;
}

type ToolBefore = (input: Obj, output: { args: Obj }) => Promise<void>;

async function openCodeCall(file: string): Promise<Check> {
  const what = 'opencode call';
  const scratch = mkdtempSync(join(tmpdir(), 'hookwarden-doctor-'));
  // The plugin's hook processes inherit this process's environment: point them at a scratch home for this call.
  const saved = process.env.HOOKWARDEN_HOME;
  process.env.HOOKWARDEN_HOME = scratch;
  try {
    const mod = (await import(`${pathToFileURL(file).href}?doctor=${Date.now()}`)) as Record<string, unknown>;
    const make = Object.values(mod).find((v): v is (i: Obj) => Promise<Record<string, ToolBefore>> => typeof v === 'function');
    const hooks = make ? await make({ directory: scratch, worktree: scratch }) : undefined;
    const before = hooks?.['tool.execute.before'];
    if (!before) return { status: 'fail', what, detail: `${file} exports no tool.execute.before hook` };
    try {
      await before({ tool: 'bash', sessionID: 'hookwarden-doctor', callID: 'doctor' }, { args: { command: COMMAND } });
    } catch (err) {
      // hookwarden's deny names the rule; a plugin that could not run the hook throws too, without one.
      return /\[bash-filesystem\//.test(String((err as Error)?.message)) ? { status: 'ok', what, detail: `the installed plugin denies \`${COMMAND}\` (it throws, as OpenCode needs)` } : { status: 'fail', what, detail: `the plugin threw, but not hookwarden's deny: ${oneLine(err, 160)}` };
    }
    return { status: 'fail', what, detail: `the installed plugin let \`${COMMAND}\` through` };
  } catch (err) {
    return { status: 'fail', what, detail: `cannot load ${file}: ${oneLine(err, 160)}` };
  } finally {
    if (saved === undefined) delete process.env.HOOKWARDEN_HOME;
    else process.env.HOOKWARDEN_HOME = saved;
    rmSync(scratch, { recursive: true, force: true });
  }
}
