// Proof that a change did not change behaviour: every labelled fixture (hook events, shell commands, file tools,
// written content, prompts, memory facts, final messages) is turned into hook stdin and judged by `hookwarden eval`
// with the build of a base commit and with this checkout's build; the two outputs (exit code, stdout, stderr and
// the whole decision, minus its id, clock and latency) must be identical, line for line.
//
//   npx tsx scripts/same-outputs.ts <base-ref>      e.g. 72d6fd4, main~3
//
// The base is checked out into a temporary worktree (sharing node_modules) and built there; nothing in this
// checkout changes but dist/ (rebuilt). Exit 0 when identical, 1 with the first differences otherwise.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const FIX = join(ROOT, 'test', 'fixtures');
const base = process.argv[2];
if (!base) {
  process.stderr.write('usage: tsx scripts/same-outputs.ts <base-ref>\n');
  process.exit(2);
}

const PROJECT = '/home/dev/project';
const common = { session_id: 'same-outputs', transcript_path: '/home/dev/.claude/projects/-home-dev-project/s.jsonl', cwd: PROJECT, permission_mode: 'default' };
const pre = (tool_name: string, tool_input: Record<string, unknown>) => ({ ...common, hook_event_name: 'PreToolUse', tool_name, tool_input, tool_use_id: 'toolu_same' });
const prompt = (text: string) => ({ ...common, hook_event_name: 'UserPromptSubmit', prompt: text });

const jsonl = (file: string): Array<Record<string, unknown>> =>
  readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Every fixture as one hook stdin line. */
function inputs(): string[] {
  const out: unknown[] = [];
  for (const f of readdirSync(join(FIX, 'claude-code')).filter((n) => n !== 'expected.json').sort()) {
    const text = readFileSync(join(FIX, 'claude-code', f), 'utf8');
    try {
      out.push(JSON.parse(text));
    } catch {
      // malformed on purpose: judged as it is by the line's own hook (pre-tool-use)
    }
  }
  for (const f of readdirSync(join(FIX, 'shell')).sort()) for (const r of jsonl(join(FIX, 'shell', f))) out.push(pre('Bash', { command: str(r.cmd) }));
  for (const r of jsonl(join(FIX, 'paths', 'tools.jsonl'))) {
    const tool = str(r.tool);
    out.push(pre(tool, tool === 'Bash' ? { command: str(r.command ?? r.cmd) } : { file_path: str(r.path), ...(typeof r.content === 'string' ? { content: r.content } : {}) }));
  }
  for (const r of jsonl(join(FIX, 'content', 'secrets.jsonl'))) out.push(pre(str(r.tool) || 'Write', { file_path: str(r.path), content: str(r.content) }));
  for (const r of jsonl(join(FIX, 'memory', 'prompts.jsonl'))) out.push(prompt(str(r.prompt)));
  for (const r of jsonl(join(FIX, 'memory', 'facts.jsonl'))) out.push(prompt(`remember that ${str(r.text)}`));
  for (const r of jsonl(join(FIX, 'routing', 'prompts.jsonl'))) out.push(prompt(str(r.prompt)));
  for (const r of jsonl(join(FIX, 'claims', 'messages.jsonl'))) out.push({ ...common, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: str(r.text) });
  return out.map((x) => JSON.stringify(x));
}

/** One eval output line without what differs between any two runs (ids, clock, latency). */
function stable(line: string): string {
  return line
    .replace(/"decisionId":"[^"]*"/g, '"decisionId":"-"')
    .replace(/"timestamp":\d+/g, '"timestamp":0')
    .replace(/"latencyMs":\d+/g, '"latencyMs":0');
}

function judge(root: string, lines: string[], home: string): string[] {
  const env = { PATH: process.env.PATH ?? '', HOME: '/home/dev', HOOKWARDEN_HOME: home, CLAUDE_PROJECT_DIR: PROJECT };
  const r = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), 'eval'], { input: `${lines.join('\n')}\n`, env, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`eval in ${root} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  // Each build judges with a home of its own; a command naming $HOOKWARDEN_HOME quotes it back.
  return r.stdout.trim().split('\n').map((l) => stable(l.split(home).join('<home>')));
}

const work = mkdtempSync(join(tmpdir(), 'hw-same-'));
const tree = join(work, 'base');
try {
  execFileSync('git', ['worktree', 'add', '-q', '--detach', tree, base], { cwd: ROOT, stdio: 'inherit' });
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
  for (const dir of [tree, ROOT]) execFileSync('npm', ['run', '-s', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  const lines = inputs();
  const before = judge(tree, lines, join(work, 'home-base'));
  const after = judge(ROOT, lines, join(work, 'home-head'));
  const diffs = lines.flatMap((l, i) => (before[i] === after[i] ? [] : [{ input: l, before: before[i], after: after[i] }]));
  process.stdout.write(`${lines.length} fixture inputs judged by ${base} and by this checkout: ${diffs.length ? `${diffs.length} differ` : 'identical outputs'}\n`);
  for (const d of diffs.slice(0, 5)) process.stdout.write(`\ninput:  ${d.input.slice(0, 300)}\nbefore: ${d.before?.slice(0, 600)}\nafter:  ${d.after?.slice(0, 600)}\n`);
  process.exitCode = diffs.length || before.length !== after.length ? 1 : 0;
} finally {
  spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: ROOT });
  rmSync(work, { recursive: true, force: true });
}
