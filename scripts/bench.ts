// npm run bench: median wall time of each hook process on a small realistic mix of inputs, and its ratio to
// `node -e 0` measured in the same run. NODE_EXTRA_CA_CERTS is unset for both (it adds ~100 ms per start).

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fx = (name: string) => readFileSync(join(root, 'test', 'fixtures', 'claude-code', `${name}.json`), 'utf8');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const env: NodeJS.ProcessEnv = { ...process.env, HOOKWARDEN_HOME: mkdtempSync(join(tmpdir(), 'hw-bench-')) };
delete env.NODE_EXTRA_CA_CERTS;

const MIX: Record<string, string[]> = {
  'pre-tool-use': ['pre-bash-ls', 'pre-bash-git-status', 'pre-bash-rm-rf-root', 'pre-write-env', 'pre-read-source'],
  'user-prompt': ['prompt-decision', 'prompt-perform-review'],
  'post-tool-use': ['post-bash-ok', 'post-read-leaks-token'],
  stop: ['stop-normal'],
  'session-start': ['session-start-startup'],
};

function time(args: string[], input: string): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { input, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.error) throw r.error;
  return ms;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

// Interleave baseline and hook runs so machine noise hits both alike.
const baseline: number[] = [];
const samples = new Map<string, number[]>(Object.keys(MIX).map((h) => [h, []]));
// The separate secretlint bundle a hook requires only for texts that may hold a secret: its load alone.
const secretlintRequire = ['-e', `require(${JSON.stringify(join(root, 'dist', 'hooks', 'secretlint.cjs'))})`];
const secretlintLoad: number[] = [];
for (let i = 0; i < RUNS; i++) {
  for (const [hook, names] of Object.entries(MIX)) {
    for (const n of names) {
      baseline.push(time(['-e', '0'], ''));
      samples.get(hook)!.push(time([join(root, 'dist', 'hooks', `${hook}.js`)], fx(n)));
    }
  }
  secretlintLoad.push(time(secretlintRequire, ''));
}
const base = median(baseline);
const rows = [...samples].map(([hook, xs]) => ({ hook, median: median(xs), ratio: median(xs) / base }));
process.stdout.write(`node -e 0 baseline: median ${base.toFixed(1)} ms over ${baseline.length} runs\n\n`);
process.stdout.write(`${'hook'.padEnd(15)} ${'inputs'.padStart(6)} ${'median ms'.padStart(10)} ${'ratio'.padStart(6)} ${'over node'.padStart(10)}\n`);
for (const r of rows) {
  process.stdout.write(
    `${r.hook.padEnd(15)} ${String(MIX[r.hook]!.length).padStart(6)} ${r.median.toFixed(1).padStart(10)} ${r.ratio.toFixed(2).padStart(6)} ${`+${(r.median - base).toFixed(1)}`.padStart(10)}\n`,
  );
}
const sl = median(secretlintLoad);
process.stdout.write(
  `\n${'secretlint.cjs'.padEnd(15)} ${'-'.padStart(6)} ${sl.toFixed(1).padStart(10)} ${(sl / base).toFixed(2).padStart(6)} ${`+${(sl - base).toFixed(1)}`.padStart(10)}  (require only, over ${secretlintLoad.length} runs)\n`,
);
