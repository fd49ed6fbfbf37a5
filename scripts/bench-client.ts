// What hookwarden adds to a real Claude Code session: the same scripted session (SessionStart, a prompt, four
// tool calls with their Pre and Post hooks, Stop: 11 hook calls) run with no hooks, with command hooks and with
// http hooks to the daemon, interleaved, in one run. Prints medians and the difference to no hooks.
//
//   npm run bench:client [-- --runs 7]
//
// Needs the CLI (`npm install --prefix test/clients`) and a build (`npm run build`). Run it with NODE_EXTRA_CA_CERTS
// unset: it adds ~100 ms to every node start, and so to every command hook.

import { installCommandHooks, installHttpHooks, claudeBin, claudeVersion, runClaude, scripted, workspace, type Daemon, type Workspace } from '../test/clients/claude.js';
import type { Turn } from '../test/clients/model-server.js';
import { median } from './bench/stats.js';
import { execFileSync } from 'node:child_process';

const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : 5;

const SCRIPT: Turn[] = [
  { tool: 'Bash', input: { command: 'git status' } },
  { tool: 'Read', input: { file_path: 'README.md' } },
  { tool: 'Bash', input: { command: 'ls' } },
  { tool: 'Bash', input: { command: 'echo checked' } },
  { text: 'Done.' },
];
const HOOK_CALLS = 11;


async function main(): Promise<void> {
  const bin = claudeBin();
  if (!bin) {
    process.stderr.write('bench:client: the Claude Code CLI is not installed: npm install --prefix test/clients\n');
    process.exit(1);
  }
  if (process.env.NODE_EXTRA_CA_CERTS) process.stderr.write('bench:client: NODE_EXTRA_CA_CERTS is set: every node start pays for it; unset it for honest figures\n');
  const files = { 'README.md': '# demo\n' };
  const none = workspace(files);
  const command = workspace(files);
  installCommandHooks(command);
  const http = workspace(files);
  const daemon: Daemon = await installHttpHooks(http);
  const modes: Array<[string, Workspace]> = [
    ['no hooks', none],
    ['command hooks', command],
    ['http hooks (daemon)', http],
  ];
  const times = new Map<string, number[]>(modes.map(([m]) => [m, []]));
  const node: number[] = [];
  try {
    for (let i = 0; i < RUNS + 1; i++) {
      const t = Date.now();
      execFileSync(process.execPath, ['-e', '0']);
      if (i > 0) node.push(Date.now() - t);
      for (const [name, ws] of modes) {
        const server = await scripted(SCRIPT);
        const r = await runClaude(bin, ws, server, { prompt: 'look around', flags: ['--dangerously-skip-permissions'] });
        await server.close();
        if (r.exitCode !== 0) throw new Error(`${name}: claude exited ${r.exitCode}: ${r.stderr.slice(0, 300)}`);
        if (server.conversation().length !== SCRIPT.length) throw new Error(`${name}: the session did not follow the script`);
        // The first round warms the CLI's and node's caches for every mode alike; it is not counted.
        if (i > 0) times.get(name)?.push(r.ms);
      }
    }
  } finally {
    await daemon.stop();
  }
  const base = median(times.get('no hooks') ?? []);
  const out: string[] = [];
  out.push(`${claudeVersion(bin)}, node ${process.version}, ${RUNS} runs per mode (interleaved), ${HOOK_CALLS} hook calls per session`);
  out.push(`node -e 0: median ${median(node)} ms`);
  out.push('mode                   median ms   added ms   added per hook call');
  for (const [name] of modes) {
    const m = median(times.get(name) ?? []);
    const added = m - base;
    out.push(`${name.padEnd(22)} ${String(m).padStart(9)}   ${String(name === 'no hooks' ? '—' : added).padStart(8)}   ${name === 'no hooks' ? '' : `${(added / HOOK_CALLS).toFixed(1)} ms`}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:client: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
