// npm run bench:router — what the router costs the user-prompt hook. A generated project with 100 candidates
// (60 agents, 25 skills, 15 commands) against a project with none, the same prompt, one process per call as Claude
// Code runs hooks, interleaved with `node -e 0` so machine noise hits all alike:
//   warm: the catalogue and index caches filled (every prompt after the first in a session);
//   cold: a fresh HOOKWARDEN_HOME each call (discovery, parsing, index build and cache write on the hot path);
//   in-process: discovery + index build alone, without node's start-up, as the hook does it cold.
// Prints medians and differences; asserts nothing (speed is reported here, never by tests).

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIndex } from '../lib/analyzers/routing/index.js';
import { compileLexicon } from '../lib/analyzers/routing/tokens.js';
import { median } from './bench/stats.js';
import { discoverCatalogue } from '../lib/catalogue/discover.js';
import { collectSources, compileFromSources } from '../lib/registry/resolve.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 31);
const base = mkdtempSync(join(tmpdir(), 'hw-bench-router-'));

const AREAS = ['payments', 'search', 'checkout', 'billing', 'auth', 'pipelines', 'reports', 'mobile', 'infra', 'docs'];
const JOBS = ['reviewer', 'debugger', 'writer', 'auditor', 'tuner', 'planner'];
function project(name: string, count: number): string {
  const dir = join(base, name);
  for (let i = 0; i < count; i++) {
    const area = AREAS[i % AREAS.length]!;
    const job = JOBS[Math.floor(i / AREAS.length) % JOBS.length]!;
    const id = `${area}-${job}-${i}`;
    const hints = i % 3 === 0 ? `hookwarden:\n  intents: ["${area} ${job}", "fix ${area}"]\n  anti_intents: ["${area} docs"]\n  examples: ["can you look at the ${area} code"]\n` : '';
    const front = (n: string, extra = ''): string =>
      `---\nname: ${n}\ndescription: The ${job} for the ${area} service: reads its code, logs and tests, and explains what it finds before changing anything.\n${extra}${hints}---\nWork on ${area} only.\n`;
    if (i < 60) {
      mkdirSync(join(dir, '.claude', 'agents'), { recursive: true });
      writeFileSync(join(dir, '.claude', 'agents', `${id}.md`), front(id, 'tools: Read, Grep, Glob\n'));
    } else if (i < 85) {
      mkdirSync(join(dir, '.claude', 'skills', id), { recursive: true });
      writeFileSync(join(dir, '.claude', 'skills', id, 'SKILL.md'), front(id));
    } else {
      mkdirSync(join(dir, '.claude', 'commands', area), { recursive: true });
      writeFileSync(join(dir, '.claude', 'commands', area, `${id}.md`), front(id).replace(/^name: .*\n/m, ''));
    }
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}

const full = project('with-100', 100);
const none = project('with-none', 0);
const hookwardenHome = mkdtempSync(join(tmpdir(), 'hw-bench-router-home-'));
const prompt = (cwd: string) => JSON.stringify({ session_id: 'bench', transcript_path: '', cwd, hook_event_name: 'UserPromptSubmit', prompt: 'the payments service throws a 500 when a refund is partial, can you debug it?' });

function run(cwd: string, home: string): number {
  const env: NodeJS.ProcessEnv = { ...process.env, HOOKWARDEN_HOME: home, CLAUDE_PROJECT_DIR: cwd, HOME: base };
  delete env.NODE_EXTRA_CA_CERTS;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [join(root, 'dist', 'hooks', 'user-prompt.js')], { input: prompt(cwd), env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`user-prompt exited ${r.status}: ${r.stderr}`);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}
function nodeBare(): number {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_EXTRA_CA_CERTS;
  const t0 = process.hrtime.bigint();
  spawnSync(process.execPath, ['-e', '0'], { env });
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

run(full, hookwardenHome); // fills the V8 code cache and the catalogue and index caches
run(none, hookwardenHome);
const t = { node: [] as number[], none: [] as number[], warm: [] as number[], cold: [] as number[], coldNone: [] as number[] };
for (let i = 0; i < RUNS; i++) {
  t.node.push(nodeBare());
  t.none.push(run(none, hookwardenHome));
  t.warm.push(run(full, hookwardenHome));
  // Cold: a home with only the V8 cache copied in would be fairer still; a fresh home also recompiles the bundle, so
  // the cold cost is read as the difference to a fresh home with no candidates.
  const fresh = mkdtempSync(join(tmpdir(), 'hw-bench-router-cold-'));
  t.cold.push(run(full, fresh));
  const fresh2 = mkdtempSync(join(tmpdir(), 'hw-bench-router-cold-'));
  t.coldNone.push(run(none, fresh2));
}

// In-process cold discovery + index build.
const { registry } = await compileFromSources(collectSources({ shippedDir: join(root, 'patterns'), overrides: [], cacheDir: null }));
const inProcess: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = process.hrtime.bigint();
  const lexicon = compileLexicon(registry.lexicon);
  const catalogue = discoverCatalogue({ projectDir: full, home: base });
  buildIndex(catalogue, lexicon);
  inProcess.push(Number(process.hrtime.bigint() - t0) / 1e6);
}

const m = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, median(v)])) as Record<keyof typeof t, number>;
const out = (label: string, ms: number, note = ''): void => void process.stdout.write(`${label.padEnd(44)} ${ms.toFixed(1).padStart(7)} ms  ×${(ms / m.node).toFixed(2)} node${note}\n`);
process.stdout.write(`router cost in the user-prompt hook (${RUNS} interleaved runs each; medians)\n`);
out('node -e 0', m.node);
out('user-prompt, project with no candidates', m.none);
out('user-prompt, 100 candidates, caches warm', m.warm, `   → +${(m.warm - m.none).toFixed(1)} ms for the router`);
out('user-prompt, 100 candidates, fresh home', m.cold);
out('user-prompt, no candidates, fresh home', m.coldNone, `   → +${(m.cold - m.coldNone).toFixed(1)} ms cold`);
process.stdout.write(`${'discovery + index of 100 candidates, in-process'.padEnd(44)} ${median(inProcess).toFixed(1).padStart(7)} ms\n`);
