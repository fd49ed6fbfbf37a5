// What the repository probe adds to a pre-tool-use call (docs/performance.md "The repository probe"): the built
// hook on probed inputs (git reset --hard on a clean and a dirty repository, rm of a tracked file) against
// unprobed ones (git status, rm -rf dist) and `node -e 0`, interleaved round by round, NODE_EXTRA_CA_CERTS unset.
// Usage: npm run build && tsx scripts/bench-probe.ts [rounds=25]

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const hook = join(root, 'dist', 'hooks', 'pre-tool-use.js');
const env: NodeJS.ProcessEnv = { ...process.env, HOOKWARDEN_HOME: mkdtempSync(join(tmpdir(), 'hw-bench-probe-home-')) };
delete env.NODE_EXTRA_CA_CERTS;
const gitEnv = { ...env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@example.com', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@example.com' };

function repo(dirty: boolean): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'hw-bench-repo-')));
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir, env: gitEnv });
  for (let i = 0; i < 10; i++) writeFileSync(join(dir, `f${i}.ts`), `${i}\n`);
  execFileSync('git', ['add', '.'], { cwd: dir, env: gitEnv });
  execFileSync('git', ['commit', '-q', '-m', 'init'], { cwd: dir, env: gitEnv });
  if (dirty) for (const f of ['f1.ts', 'f2.ts']) writeFileSync(join(dir, f), 'edited\n');
  return dir;
}

const clean = repo(false);
const dirty = repo(true);
const cases: Array<[string, string | null, string | null]> = [
  ['unprobed: git status', clean, 'git status'],
  ['unprobed: rm -rf dist (generated)', dirty, 'rm -rf dist'],
  ['probed: git reset --hard, clean', clean, 'git reset --hard'],
  ['probed: git reset --hard, dirty (ask)', dirty, 'git reset --hard'],
  ['probed: rm f3.ts (tracked, clean)', dirty, 'rm f3.ts'],
  ['node -e 0', null, null],
];

function once([, cwd, command]: (typeof cases)[number]): number {
  const t = performance.now();
  if (cwd === null) spawnSync(process.execPath, ['-e', '0'], { env });
  else {
    const input = JSON.stringify({ session_id: 'bench-probe', transcript_path: join(tmpdir(), 'bench-probe.jsonl'), cwd, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_bench' });
    const r = spawnSync(process.execPath, [hook], { input, env: { ...env, CLAUDE_PROJECT_DIR: cwd }, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${command}: exit ${r.status}: ${r.stderr}`);
  }
  return performance.now() - t;
}

const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
const at = (a: number[], p: number) => sorted(a)[Math.floor((a.length - 1) * p)] as number;
const rounds = Number(process.argv[2] ?? 25);
const times = cases.map(() => [] as number[]);
for (const c of cases) once(c); // the code caches
for (let i = 0; i < rounds; i++) cases.forEach((c, j) => times[j]!.push(once(c)));
const base = times[0]!;
cases.forEach(([name], j) => {
  const t = times[j]!;
  const d = t.map((x, i) => x - (base[i] as number));
  console.log(`${name.padEnd(40)} median ${at(t, 0.5).toFixed(1)} ms (p25–p75 ${at(t, 0.25).toFixed(1)}–${at(t, 0.75).toFixed(1)}); minus git status, paired: ${at(d, 0.5).toFixed(1)} ms (${at(d, 0.25).toFixed(1)}–${at(d, 0.75).toFixed(1)})`);
});
