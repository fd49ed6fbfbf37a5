// hookwarden doctor: is this installation sound? One line per check (ok / warn / FAIL), exit 1 if any failed.
// Checks: node version; the built bundles; Claude Code settings entries for each event install wires (present, pointing at
// bundles that exist, not installed twice); every other host installed (doctor-hosts.ts); writable state and audit folders; config and registry valid; the
// daemon reachable when http hooks are installed; and what the installed mode costs here: one real hook call
// through the command hook or the daemon, timed, beside `node -e 0` (doctor-timing.ts).

import { existsSync, unlinkSync } from 'node:fs';
import { ensurePrivateDir, homeProblem } from '../../fs/private-dir.js';
import { createExclusive } from '../../fs/write.js';
import { join } from 'node:path';
import { HOOKS, type HookName } from '../../hook/hooks.js';
import { missingBundleFile } from '../doctor-bundles.js';
import { managedCheck } from '../doctor-managed.js';
import { locate, projectConfigFile, type Locations } from '../../hook/locations.js';
import { projectTrusted } from '../../hook/project-trust.js';
import type { HookwardenConfig } from '../../config/types.js';
import { prepare } from '../../hook/stages/prepare.js';
import type { Route } from '../../registry/types.js';
import { missingRouteTargets } from '../route-checks.js';
import { oneLine } from '../../errors.js';
import { parseArgs, type CliIO, type Command } from '../io.js';
import { runtimeFor } from '../runtime.js';
import { HOOK_EVENTS, readSettings } from '../settings.js';
import { nodeFlagsOf } from '../hook-command.js';
import { installRoot } from './install.js';
import { discoverCatalogue } from '../../catalogue/discover.js';
import { summarise } from '../../catalogue/summary.js';
import { printable } from '../../terminal-text.js';
import { checkHost, checkOpenCode, hostSpecs, type Check } from '../doctor-hosts.js';
import { inManaged, managedSources } from '../doctor-hook-sources.js';
import { ranPhrase } from '../doctor-heartbeat.js';
import { hookwardenPlugins, pluginBundle } from '../doctor-plugin.js';
import { commandTarget, installedElsewhere } from '../doctor-targets.js';
import { healthz, timeInstalledMode, type InstalledGuard } from '../doctor-timing.js';
import { policyBundleCheck } from '../doctor-policy.js';


const MIN_NODE_MAJOR = 20;
const HOOK_NAMES = Object.keys(HOOKS) as HookName[];

interface Entry {
  /** The settings event it is under. */
  event: string;
  hook: HookName;
  kind: 'command' | 'http';
  /** The bundle path (command) or URL (http). */
  target: string;
  /** A command's node flags of ours (HOOK_NODE_FLAGS) as written: timed with them. */
  nodeFlags?: string[];
  file: string;
  /** An http entry's Authorization header, as written. */
  authorization?: string;
}

/** The settings files Claude Code reads for this project, in its order (user, project, local). */
function settingsFiles(loc: Locations): string[] {
  return [join(loc.home, '.claude', 'settings.json'), join(loc.projectDir, '.claude', 'settings.json'), join(loc.projectDir, '.claude', 'settings.local.json')];
}

/** hookwarden's entries in one settings file: commands running a `dist/hooks/<hook>.js` (by any form install writes,
 * resolved to the file on this machine), http hooks to `/hooks/<hook>`. */
function entriesIn(file: string, loc: Locations, env: NodeJS.ProcessEnv): Entry[] | string {
  let settings: ReturnType<typeof readSettings>;
  try {
    settings = readSettings(file);
  } catch (err) {
    return `cannot read ${file}: ${oneLine(err)}`;
  }
  const out: Entry[] = [];
  for (const [event, groups] of Object.entries(settings.hooks ?? {})) {
    if (!Array.isArray(groups)) continue;
    for (const g of groups) {
      for (const h of Array.isArray(g?.hooks) ? g.hooks : []) {
        if (h?.type === 'command' && typeof h.command === 'string') {
          const t = commandTarget(h.command, loc.projectDir, env);
          if (t && HOOK_NAMES.includes(t.hook as HookName)) out.push({ event, hook: t.hook as HookName, kind: 'command', target: t.file, nodeFlags: nodeFlagsOf(h.command), file });
        } else if (h?.type === 'http' && typeof h.url === 'string') {
          const m = /\/hooks\/([a-z-]+)$/.exec(h.url);
          const hook = m?.[1] as HookName | undefined;
          const headers: Record<string, unknown> = h.headers && typeof h.headers === 'object' ? (h.headers as Record<string, unknown>) : {};
          const auth = Object.entries(headers).find(([k, v]) => k.toLowerCase() === 'authorization' && typeof v === 'string')?.[1] as string | undefined;
          if (hook && HOOK_NAMES.includes(hook)) out.push({ event, hook, kind: 'http', target: h.url, file, ...(auth !== undefined ? { authorization: auth } : {}) });
        }
      }
    }
  }
  return out;
}

/** Claude Code's entries, one line per event; with none at all while `others` hosts are installed, one line
 * saying so (a Gemini-only user is not failed for Claude Code). */
function checkSettings(loc: Locations, others: number, env: NodeJS.ProcessEnv, root: string, now: number, managed = false): { checks: Check[]; entries: Entry[] } {
  const checks: Check[] = [];
  const entries: Entry[] = [];
  for (const file of settingsFiles(loc)) {
    const found = entriesIn(file, loc, env);
    if (typeof found === 'string') checks.push({ status: 'fail', what: 'settings', detail: found });
    else entries.push(...found);
  }
  const plugins = hookwardenPlugins(loc.home, settingsFiles(loc)).filter((p) => p.enabled);
  if (!entries.length && !checks.length && !plugins.length && managed) {
    checks.push({ status: 'ok', what: 'claude-code', detail: 'installed by the managed settings only (`claude hooks from`, below); user and project settings carry none' });
    return { checks, entries };
  }
  if (!entries.length && !checks.length && !plugins.length && others > 0) {
    checks.push({ status: 'ok', what: 'claude-code', detail: 'not installed (`hookwarden install` adds it); other hosts are, below' });
    return { checks, entries };
  }
  // One line per event install wires (PostToolUse and PostToolUseFailure both run post-tool-use).
  for (const { event, hook } of HOOK_EVENTS) {
    const mine = entries.filter((e) => e.event === event && e.hook === hook);
    const what = `hook ${event}`;
    const plugin = plugins[0];
    if (plugin) {
      // The plugin's hooks.json wires every event: say so, and whether a settings entry runs the hook a second time.
      const b = pluginBundle(plugin, hook);
      const ran = ranPhrase(loc.hookwardenHome, 'claude-code', event, 'command', now);
      if (!b.exists) checks.push({ status: 'fail', what, detail: `plugin ${plugin.id} runs ${b.file}, which does not exist (a plugin from a git source has no build: install it from the npm source, docs/install.md)` });
      else if (mine.length || plugins.length > 1) checks.push({ status: 'warn', what, detail: `installed ${mine.length + plugins.length} times (plugin ${plugins.map((p) => p.id).join(', ')}${mine.length ? ` and ${[...new Set(mine.map((e) => e.file))].join(', ')}` : ''}): every call is judged and audited twice; keep one (\`hookwarden uninstall\` removes the settings entries)` });
      else checks.push({ status: ran.ran ? 'ok' : 'warn', what, detail: `plugin ${plugin.id} → ${b.file}; ${ran.text}` });
      continue;
    }
    if (!mine.length) {
      checks.push({ status: 'fail', what, detail: 'not installed (run `hookwarden install`)' });
      continue;
    }
    const stale = mine.filter((e) => e.kind === 'command' && !existsSync(e.target));
    const ran = ranPhrase(loc.hookwardenHome, 'claude-code', event, mine[0]!.kind, now);
    if (stale.length) {
      // A moved checkout or a removed package: say where hookwarden is now, if it is anywhere.
      const where = installedElsewhere(stale[0]!.target, root, loc.projectDir, env);
      const fix = where ? `; hookwarden is installed at ${where}: re-run \`hookwarden install\` from there` : ' (rebuild, or re-run `hookwarden install`)';
      checks.push({ status: 'fail', what, detail: `${stale[0]!.file} runs ${stale[0]!.target}, which does not exist${fix}` });
    } else if (mine.length > 1) checks.push({ status: 'warn', what, detail: `installed ${mine.length} times (${[...new Set(mine.map((e) => e.file))].join(', ')}): every call is judged and audited twice` });
    else if (!ran.ran) checks.push({ status: 'warn', what, detail: `${mine[0]!.kind} → ${mine[0]!.target}; ${ran.text}: Claude Code has not run it here (restart it, trust the folder, check /hooks)` });
    else checks.push({ status: 'ok', what, detail: `${mine[0]!.kind} → ${mine[0]!.target}; ${ran.text}` });
  }
  return { checks, entries };
}

/** $HOOKWARDEN_HOME itself: a link, someone else's folder or one others can write is refused by every hook. */
function privateHome(home: string): Check {
  const problem = homeProblem(home);
  if (problem) return { status: 'fail', what: 'hookwarden home', detail: `${home} ${problem}: hookwarden records nothing and asks about every call until it is fixed (docs/security.md)` };
  return { status: 'ok', what: 'hookwarden home', detail: `${home} is private` };
}

/** A folder hookwarden must write: created if missing (and checked, as the hooks do), then a file written and removed. */
function writable(dir: string, what: string, home: string): Check {
  try {
    ensurePrivateDir(dir, home);
    const probe = join(dir, `.doctor-${process.pid}.tmp`);
    createExclusive(probe, 'ok');
    unlinkSync(probe);
    return { status: 'ok', what, detail: `${dir} is writable` };
  } catch (err) {
    return { status: 'fail', what, detail: `${dir} is not writable: ${oneLine(err)}` };
  }
}

async function checkDaemon(entries: Entry[]): Promise<Check | undefined> {
  const http = entries.find((e) => e.kind === 'http');
  if (!http) return undefined;
  const base = http.target.replace(/\/hooks\/[a-z-]+$/, '');
  const problem = await healthz(`${base}/healthz`, 1000);
  return problem
    ? { status: 'fail', what: 'daemon', detail: `http hooks are installed but ${base} is not answering (${problem}); start it with \`hookwarden serve\`` }
    : { status: 'ok', what: 'daemon', detail: `${base} answers` };
}

/** The PreToolUse entry whose cost doctor measures: an http one when there is one (the daemon is then what Claude Code
 * waits for), else the first command one; none when Claude Code has no PreToolUse entry of ours. */
function installedGuard(entries: Entry[]): InstalledGuard | undefined {
  const mine = entries.filter((e) => e.event === 'PreToolUse' && e.hook === 'pre-tool-use');
  const e = mine.find((x) => x.kind === 'http') ?? mine[0];
  return e && { kind: e.kind, target: e.target, ...(e.nodeFlags ? { nodeFlags: e.nodeFlags } : {}), ...(e.authorization !== undefined ? { authorization: e.authorization } : {}) };
}

/** What the router can suggest here (lib/catalogue), read afresh; malformed agent, skill or command files warn. */
/** Whether the project's own `.hookwarden/` files may loosen hookwarden (lib/hook/project-trust.ts). */
function projectTrustCheck(loc: Locations, config: Pick<HookwardenConfig, 'trustedProjects'>): Check {
  const trusted = projectTrusted(loc, config);
  const files = [projectConfigFile(loc.projectDir), join(loc.projectDir, '.hookwarden', 'patterns.json')].filter((f) => existsSync(f));
  const has = files.length ? `${files.map((f) => f.slice(loc.projectDir.length + 1)).join(', ')}` : 'no .hookwarden files';
  return {
    status: 'ok',
    what: 'project',
    detail: trusted
      ? `${loc.projectDir} is trusted by your config (trustedProjects): its files may loosen hookwarden (${has})`
      : `${loc.projectDir}: its files may add and tighten, not loosen (${has}; trust it with trustedProjects in your own config)`,
  };
}

function routerCatalogue(loc: Locations, routes: readonly Route[]): Check {
  const catalogue = discoverCatalogue({ projectDir: loc.projectDir, home: loc.home });
  const { counts, malformed } = summarise(catalogue);
  // An intent override naming a candidate this project lacks is never injected: say so.
  const missing = missingRouteTargets(routes, catalogue);
  if (missing.length) return { status: 'warn', what: 'router catalogue', detail: `${missing.map(printable).join('; ')} (${counts})` };
  if (!malformed.length) return { status: 'ok', what: 'router catalogue', detail: counts };
  const first = malformed.slice(0, 3).map((s) => printable(`${s.path} (${s.reason.replace(/^malformed: /, '')})`));
  const more = malformed.length > 3 ? ` and ${malformed.length - 3} more` : '';
  return { status: 'warn', what: 'router catalogue', detail: `${malformed.length} malformed: ${first.join('; ')}${more}; \`hookwarden routes\` lists them (${counts})` };
}

async function run(args: string[], io: CliIO): Promise<number> {
  const a = parseArgs(args, { flags: ['no-timing'] });
  if (a.unknown.length || a.positionals.length) {
    io.err(`hookwarden doctor: bad arguments\n${doctorCommand.usage}\n`);
    return 2;
  }
  const loc = locate(io.cwd, io.env);
  const root = installRoot(io.env);
  const checks: Check[] = [];
  const major = Number(process.versions.node.split('.')[0]);
  checks.push(
    major >= MIN_NODE_MAJOR
      ? { status: 'ok', what: 'node', detail: `${process.version}` }
      : { status: 'fail', what: 'node', detail: `${process.version}; hookwarden needs node ${MIN_NODE_MAJOR} or newer` },
  );
  if (io.env.NODE_EXTRA_CA_CERTS) checks.push({ status: 'warn', what: 'node', detail: 'NODE_EXTRA_CA_CERTS is set: it adds about 100 ms to every hook process start' });
  const missing = missingBundleFile(join(root, 'dist', 'hooks'));
  checks.push(missing ? { status: 'fail', what: 'bundles', detail: `${missing} is missing (run \`npm run build\` in ${root})` } : { status: 'ok', what: 'bundles', detail: `${join(root, 'dist', 'hooks')}` });
  // Every other host whose config holds our commands: wired, resolvable, and one real call through its command.
  const call = !a.flags.has('no-timing');
  const hosts = hostSpecs(io.env, io.cwd).flatMap((spec) => checkHost(spec, io.env, { call, now: io.now(), root }) ?? []);
  const openCode = (await checkOpenCode(io.env, io.cwd, { call, now: io.now() })) ?? [];
  // Where each agent's hooks come from: the managed settings (under / or HOOKWARDEN_MANAGED_ROOT), user, project.
  const sources = managedSources(io.env, io.cwd);
  const settings = checkSettings(loc, hosts.length + openCode.length, io.env, root, io.now(), inManaged('claude', io.env));
  checks.push(...settings.checks, ...hosts, ...openCode, ...sources);
  checks.push(privateHome(loc.hookwardenHome));
  checks.push(writable(join(loc.hookwardenHome, 'audit'), 'audit folder', loc.hookwardenHome));
  checks.push(writable(join(loc.hookwardenHome, 'state', 'sessions'), 'state folder', loc.hookwardenHome));
  checks.push(writable(join(loc.hookwardenHome, 'memory'), 'memory folder', loc.hookwardenHome));
  let routes: Route[] = [];
  try {
    const { cfg, reg, policy } = await prepare(loc, runtimeFor(io, false));
    routes = reg.registry.routes;
    checks.push(managedCheck(loc, policy));
    checks.push(projectTrustCheck(loc, cfg.config));
    checks.push(cfg.issues.length ? { status: 'fail', what: 'config', detail: cfg.issues.join('; ') } : { status: 'ok', what: 'config', detail: cfg.files.length ? cfg.files.join(', ') : 'defaults (no config file)' });
    checks.push(
      reg.issues.length
        ? { status: 'fail', what: 'registry', detail: reg.issues.join('; ') }
        : { status: 'ok', what: 'registry', detail: `${reg.registry.patterns.length} patterns (${reg.registry.hash.slice(0, 12)}, ${reg.from})` },
    );
  } catch (err) {
    checks.push({ status: 'fail', what: 'config', detail: oneLine(err) });
  }
  checks.push(routerCatalogue(loc, routes));
  checks.push(policyBundleCheck(loc.hookwardenHome, loc.projectDir, io.env));
  const daemon = await checkDaemon(settings.entries);
  if (daemon) checks.push(daemon);
  if (!a.flags.has('no-timing')) checks.push(await timeInstalledMode(io, loc, root, installedGuard(settings.entries)));
  const width = Math.max(...checks.map((c) => c.what.length));
  for (const c of checks) io.out(`${c.status === 'ok' ? 'ok  ' : c.status === 'warn' ? 'warn' : 'FAIL'}  ${c.what.padEnd(width)}  ${c.detail}\n`);
  const failed = checks.filter((c) => c.status === 'fail').length;
  io.out(failed ? `${failed} check${failed === 1 ? '' : 's'} failed\n` : 'all checks passed\n');
  return failed ? 1 : 0;
}

export const doctorCommand: Command = {
  name: 'doctor',
  summary: 'check the installation: settings entries, bundles, folders, config, registry, daemon, what the installed mode costs',
  usage:
    'hookwarden doctor [--no-timing]\n' +
    '  Reads the user, project and local Claude Code settings of the current project. The timed call is what the\n' +
    '  installed PreToolUse mode costs here: the built pre-tool-use bundle run on `rm -rf /` in a scratch\n' +
    '  HOOKWARDEN_HOME (your audit log is not touched), beside `node -e 0`; with http hooks installed, also a few\n' +
    '  requests of that call to the daemon the entry names, with the token it sends (the daemon audits them, session\n' +
    '  hookwarden-doctor). In command mode a daemon already running on serve.port is timed too, for comparison.\n' +
    '  Every other agent host whose config holds hookwarden\'s commands (Gemini CLI, Codex, Copilot CLI, Qwen Code,\n' +
    '  Droid, Cursor; OpenCode\'s plugin) is checked too: each event wired, the command resolvable, how the host\n' +
    '  comes to trust the hook, and (without --no-timing) one real call through the installed command line, with the\n' +
    '  host\'s own stdin, that must come back as a deny in the host\'s own shape.\n' +
  '  For each agent, where hookwarden\'s hooks come from: its managed settings (read under /, or $HOOKWARDEN_MANAGED_ROOT),\n' +
  '  the user\'s or the project\'s; a user or project copy beside a managed one runs twice (a warning with the fix).',
  run,
};
