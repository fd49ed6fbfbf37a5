// npm run bench: what a hook process costs, per hook and per input (one it allows, one it denies or blocks),
// as the median wall time, the median ratio to `node -e 0` and the median ms over it. Each hook run is paired with a
// `node -e 0` run just before it, in the same loop, so machine noise hits both alike; the ratio is the median of those
// pairs. The ms over node stays put when node itself runs faster or slower; the ratio does not.
// NODE_EXTRA_CA_CERTS is unset for both (it adds ~100 ms per start). Issue 18's targets are printed beside them.
// A hook runs as install writes its command (`node --jitless --no-expose-wasm <hook>.cjs`, lib/cli/hook-command.ts); each
// pair is followed by a run of the bare `node <hook>.cjs`, whose ratio is printed beside for comparison.
// Then where a call's time goes (HOOKWARDEN_TIMING=1, median per step), the secretlint bundle's load alone, and
// the daemon (`hookwarden serve`): p50 and p99 of the request round trip per hook (scripts/bench/daemon.ts).
// BENCH_RUNS (31), BENCH_TIMING_RUNS (7), BENCH_DAEMON_RUNS (400) set the counts. It prints; it asserts nothing.

import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOOK_NODE_FLAGS, hookEntryPath } from '../lib/cli/hook-command.js';
import { benchCases } from './bench/cases.js';
import { benchDaemon } from './bench/daemon.js';
import { median, medianTiming, parseTiming, pct } from './bench/stats.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 31);
const TIMING_RUNS = Number(process.env.BENCH_TIMING_RUNS ?? 7);
const DAEMON_RUNS = Number(process.env.BENCH_DAEMON_RUNS ?? 400);
const DAEMON_WARMUP = 50;

const env: NodeJS.ProcessEnv = { ...process.env, HOOKWARDEN_HOME: mkdtempSync(join(tmpdir(), 'hw-bench-')) };
delete env.NODE_EXTRA_CA_CERTS;
delete env.HOOKWARDEN_TIMING;

function run(args: string[], input: string, extra: NodeJS.ProcessEnv = {}): { ms: number; status: number | null; stdout: string; stderr: string } {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { input, env: { ...env, ...extra }, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.error) throw r.error;
  return { ms, status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const HOOKS = benchCases(root);
const bundle = (hook: string): string => hookEntryPath(root, hook);

/** Runs one case's hook and fails the bench when the answer is not the one the input is for. */
function hookRun(hook: string, c: (typeof HOOKS)[number]['cases'][number], extra?: NodeJS.ProcessEnv, flags: readonly string[] = HOOK_NODE_FLAGS) {
  const r = run([...flags, bundle(hook)], c.input(), extra);
  if (!c.expect(r.status, r.stdout)) throw new Error(`${hook} ${c.kind} (${c.label}): unexpected answer, exit ${r.status}: ${r.stdout.slice(0, 300)}${r.stderr.slice(0, 300)}`);
  return r;
}

// One run of each input first: it checks the answer and writes the compile cache, as a first real call does.
for (const { hook, cases } of HOOKS) for (const c of cases) hookRun(hook, c), hookRun(hook, c, {}, []);

interface Samples {
  wall: number[];
  ratio: number[];
  /** The bare `node <hook>.cjs` run's ratio to the same baseline. */
  bare: number[];
  /** The hook run's ms over its paired `node -e 0`: unlike the ratio, it does not move when node itself gets faster. */
  over: number[];
}
const samples = new Map<string, Samples>();
const key = (hook: string, kind: string): string => `${hook} ${kind}`;
const baseline: number[] = [];
// The separate secretlint bundle a hook requires only for texts that may hold a secret: its load alone.
const secretlintRequire = ['-e', `require(${JSON.stringify(join(root, 'dist', 'hooks', 'secretlint.cjs'))})`];
const secretlintLoad: number[] = [];
for (let i = 0; i < RUNS; i++) {
  for (const { hook, cases } of HOOKS) {
    for (const c of cases) {
      const base = run(['-e', '0'], '').ms;
      const ms = hookRun(hook, c).ms;
      const bare = hookRun(hook, c, {}, []).ms;
      baseline.push(base);
      const s = samples.get(key(hook, c.kind)) ?? { wall: [], ratio: [], bare: [], over: [] };
      s.wall.push(ms);
      s.ratio.push(ms / base);
      s.over.push(ms - base);
      s.bare.push(bare / base);
      samples.set(key(hook, c.kind), s);
    }
  }
  secretlintLoad.push(run(secretlintRequire, '').ms);
}

const base = median(baseline);
const out = (s: string): boolean => process.stdout.write(s);
out(`node -e 0 baseline: median ${base.toFixed(1)} ms over ${baseline.length} runs, each just before the hook run it is paired with\n\n`);
out(`hooks run as \`node ${HOOK_NODE_FLAGS.join(' ')} <hook>.cjs\` (what install writes); "bare": \`node <hook>.cjs\`, same baseline\n`);
out(`${'hook'.padEnd(15)} ${'input'.padEnd(6)} ${'median ms'.padStart(10)} ${'ratio'.padStart(6)} ${'p25-p75'.padStart(10)} ${'target'.padStart(7)}  ${'met'.padEnd(13)} ${'bare'.padStart(5)} ${'+ms'.padStart(5)}  stdin\n`);
const verdicts: string[] = [];
for (const { hook, target, cases } of HOOKS) {
  let met = true;
  for (const c of cases) {
    const s = samples.get(key(hook, c.kind))!;
    const ratio = median(s.ratio);
    const held = target !== null && c.kind !== 'read';
    met &&= !held || ratio <= target;
    // An excess under 0.005 would print as +0.00: three decimals then, so a "no" never reads as a zero gap.
    const excess = ratio - (target ?? ratio);
    const said = !held ? 'report only' : ratio <= target ? 'yes' : `no (+${excess.toFixed(excess < 0.005 ? 3 : 2)})`;
    // The spread of the pairs: on a busy host one run's median moves by more than the gap to a target.
    const iqr = `${pct(s.ratio, 25).toFixed(2)}-${pct(s.ratio, 75).toFixed(2)}`;
    out(`${hook.padEnd(15)} ${c.kind.padEnd(6)} ${median(s.wall).toFixed(1).padStart(10)} ${ratio.toFixed(2).padStart(6)} ${iqr.padStart(10)} ${(held ? `≤${target.toFixed(2)}` : '-').padStart(7)}  ${said.padEnd(13)} ${median(s.bare).toFixed(2).padStart(5)} ${median(s.over).toFixed(1).padStart(5)}  ${c.label}\n`);
  }
  if (target !== null) verdicts.push(`${hook} ${met ? 'met' : 'NOT met'}`);
}
for (const { note } of HOOKS) if (note) out(`  note: ${note}\n`);
out(`targets (ratio = median of the hook/baseline pairs; met when every input of the hook is within): ${verdicts.join(', ')}\n`);
out('+ms: median of the hook run minus its paired node -e 0, the cost that stays when node itself runs faster or slower\n');
// The same targets in milliseconds for this run: a ratio's budget moves with node's own start, the +ms column does not.
const budgets = [...new Set(HOOKS.map((h) => h.target).filter((t): t is number => t !== null))].sort((a, b) => a - b);
out(`at this run's node -e 0 (${base.toFixed(1)} ms): ${budgets.map((t) => `${t.toFixed(2)}× leaves ${((t - 1) * base).toFixed(1)} ms`).join(', ')} over it, to hold against +ms\n`);

// Where the time goes: a few more runs of each hook's allow input, and of pre-tool-use's deny (the input furthest
// from its target), with HOOKWARDEN_TIMING=1, not counted above.
out(`\nwhere a call's time goes (HOOKWARDEN_TIMING=1 on stderr, allow input and pre-tool-use's deny, median per step of ${TIMING_RUNS} runs, ms)\n`);
for (const { hook, cases } of HOOKS) {
  const timed = [cases.find((x) => x.kind === 'allow') ?? cases[0]!, ...(hook === 'pre-tool-use' ? cases.filter((x) => x.kind === 'deny') : [])];
  for (const c of timed) {
    const parsed = Array.from({ length: TIMING_RUNS }, () => parseTiming(hookRun(hook, c, { HOOKWARDEN_TIMING: '1' }).stderr));
    const lines = parsed.filter((p): p is NonNullable<typeof p> => p !== null);
    const label = c.kind === 'allow' ? hook : `${hook} ${c.kind}`;
    out(`${label.padEnd(18)} ${lines.length ? medianTiming(lines) : '(no `hookwarden timing:` line on stderr)'}\n`);
  }
}

const sl = median(secretlintLoad);
out(
  `\n${'secretlint.cjs'.padEnd(15)} ${sl.toFixed(1)} ms, ratio ${(sl / base).toFixed(2)}, +${(sl - base).toFixed(1)} ms over node -e 0 (require only, median of ${secretlintLoad.length} runs)\n`,
);

// The daemon: the same inputs, the same state directory.
const daemon = await benchDaemon(
  root,
  env,
  HOOKS.map(({ hook, cases }) => ({ hook, bodies: cases.map((c) => c.input) })),
  { runs: DAEMON_RUNS, warmup: DAEMON_WARMUP },
);
out(`\ndaemon (hookwarden serve, http over loopback, keep-alive, sequential; ${DAEMON_RUNS} requests per hook, its inputs in turn, after ${DAEMON_WARMUP} warm-up; exit ${daemon.exit})\n`);
out(`${'hook'.padEnd(15)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'command ms'.padStart(11)} ${'command/p50'.padStart(12)}\n`);
for (const r of daemon.rows) {
  const cmd = median(HOOKS.find((h) => h.hook === r.hook)!.cases.flatMap((c) => samples.get(key(r.hook, c.kind))!.wall));
  out(`${r.hook.padEnd(15)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${cmd.toFixed(1).padStart(11)} ${`${(cmd / r.p50).toFixed(0)}x`.padStart(12)}\n`);
}
out('(session-start is measured for completeness: Claude Code runs only command hooks at SessionStart)\n');
