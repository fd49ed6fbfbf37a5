import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../lib/cli/main.js';
import { memoryIO } from '../helpers/cli.js';
import { PATTERNS_DIR } from '../helpers/registry.js';

describe('hookwarden explain', () => {
  it('shows every match, rule and score for a command, and writes no audit', async () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-explain-'));
    const io = memoryIO({ home });
    expect(await runCli(['explain', 'sudo rm -fr ~'], io)).toBe(0);
    const text = io.stdout();
    expect(text).toMatch(/^verdict: +block \(confidence 0\.768\)/);
    expect(text).toContain('bash-filesystem/rm-home [critical/block]');
    expect(text).toContain('rules:        LOCAL_BLOCK_STANDS, CONSENSUS_WITH_KETER');
    expect(text).toMatch(/orchestrator: keter:embedded → block/);
    expect(text).toContain('hook output:  exit 2');
    expect(existsSync(join(home, 'audit'))).toBe(false);
  });

  it('explains prompts and paths, and prints JSON with --json', async () => {
    const io = memoryIO();
    expect(await runCli(['explain', '--prompt', '--json', 'should we use zod or valibot?'], io)).toBe(0);
    const j = JSON.parse(io.stdout());
    expect(j.decision.local.matches.map((m: { id: string }) => m.id)).toContain('intents/decision');
    expect(j.exit_code).toBe(0);
    const p = memoryIO();
    await runCli(['explain', '--path', '--op', 'read', '--json', '~/.ssh/id_rsa'], p);
    expect(JSON.parse(p.stdout()).decision.decision.action).toBe('ask');
  });

  it('mentioning is not doing: explaining a destructive command text is itself harmless', async () => {
    const io = memoryIO();
    await runCli(['explain', '--json', 'hookwarden explain "rm -rf /"'], io);
    expect(JSON.parse(io.stdout()).decision.decision.action).toBe('silent');
  });

  it('rejects unknown flags with one line naming the flag and the options, exit 2', async () => {
    const io = memoryIO();
    expect(await runCli(['explain', '--bogus', 'ls'], io)).toBe(2);
    expect(io.stderr()).toBe('hookwarden explain: unknown option --bogus; options are --json, --prompt, --path, --op, --cwd (see `hookwarden explain --help`)\n');
  });
});

describe('hookwarden eval', () => {
  it('answers one line per input line, and judges malformed lines as the guard would', async () => {
    const line = (command: string) => JSON.stringify({ session_id: 's', cwd: '/home/dev/project', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 't' });
    const prompt = JSON.stringify({ session_id: 's', cwd: '/home/dev/project', hook_event_name: 'UserPromptSubmit', prompt: 'debug this crash' });
    const io = memoryIO({ stdin: `${line('ls')}\n\n${line('rm -rf /')}\n{oops\n${prompt}\n` });
    expect(await runCli(['eval'], io)).toBe(0);
    const out = io.stdout().trim().split('\n').map((l) => JSON.parse(l));
    expect(out.map((o) => o.exit_code)).toEqual([0, 2, 2, 0]);
    expect(out[0]).toMatchObject({ stdout: '', stderr: '', decision: { decision: { action: 'silent' } } });
    expect(out[2]).toMatchObject({ stdout: '', decision: null });
    expect(out[2].stderr).toMatch(/E_STDIN_JSON/);
    // The intent is judged, but nothing is suggested: /home/dev/project defines no agents, skills or commands.
    expect(out[3].decision.local.matches.map((m: { id: string }) => m.id)).toContain('intents/debug');
    expect(out[3].stdout).toBe('');
  });
});

describe('hookwarden patterns check', () => {
  it('passes on the shipped registry, every example checked', async () => {
    const io = memoryIO();
    expect(await runCli(['patterns', 'check', '--json'], io)).toBe(0);
    const j = JSON.parse(io.stdout());
    expect(j).toMatchObject({ ok: true, issues: [], failures: [] });
    expect(j.examples).toBeGreaterThan(200);
  });

  it('fails with file, id and field when a pack is broken, and when an example stops matching', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-check-'));
    cpSync(PATTERNS_DIR, dir, { recursive: true });
    const file = join(dir, 'intents.json');
    const pack = JSON.parse(readFileSync(file, 'utf8'));
    pack.patterns[0].severity = 'urgent';
    pack.patterns[1].examples.match.push('a plain sentence');
    writeFileSync(file, JSON.stringify(pack));
    const io = memoryIO();
    expect(await runCli(['patterns', 'check', '--dir', dir], io)).toBe(1);
    expect(io.stdout()).toContain(`${file} (pattern intents/decision, field severity)`);
    expect(io.stdout()).toContain('✗ intents/architecture: example "a plain sentence" should match but does not');
  });
});

describe('hookwarden CLI table', () => {
  it('prints help listing every command, and rejects unknown commands with exit 2', async () => {
    const io = memoryIO();
    expect(await runCli(['--help'], io)).toBe(0);
    for (const c of ['explain', 'eval', 'patterns check', 'install', 'uninstall']) expect(io.stdout()).toContain(`  ${c}`);
    const bad = memoryIO();
    expect(await runCli(['frobnicate'], bad)).toBe(2);
    expect(bad.stderr()).toMatch(/^hookwarden: unknown command "frobnicate"; commands are explain, eval, patterns, mode, .*routes \(see `hookwarden --help`\)\n$/);
  });

  it('a command group named alone lists its subcommands instead of "unknown command"', async () => {
    for (const [args, start] of [
      [['patterns'], 'hookwarden patterns: needs a subcommand; patterns subcommands: check (validate the pattern registry'],
      [['patterns', 'lint'], 'hookwarden patterns: unknown subcommand "lint"; patterns subcommands: check ('],
    ] as const) {
      const io = memoryIO();
      expect(await runCli([...args], io)).toBe(2);
      expect(io.stderr().startsWith(start), io.stderr()).toBe(true);
      expect(io.stderr()).not.toContain('unknown command');
      expect(io.stderr().split('\n')).toHaveLength(2);
    }
    const help = memoryIO();
    expect(await runCli(['patterns', '--help'], help)).toBe(0);
    expect(help.stdout()).toMatch(/^patterns subcommands: check \(validate the pattern registry/);
  });

  it.each([
    [['explain'], "explain: needs the command to judge (quote it: hookwarden explain 'rm -rf build')"],
    [['explain', '--path', '--op', 'delete', 'x'], 'explain: --op "delete" is not an operation; operations are read, write'],
    [['explain', '--op', 'read', '.env'], 'explain: --op goes with --path (explain --path --op read <file>)'],
    [['explain', '--prompt', '--path', 'x'], 'explain: --prompt and --path do not go together: explain one prompt or one path'],
    [['eval', '--hook', 'pre-bash'], 'eval: --hook "pre-bash" is not a hook; hooks are user-prompt, pre-tool-use, post-tool-use, stop, session-start'],
    [['eval', 'inputs.jsonl'], 'eval: takes no argument, got "inputs.jsonl" (it reads hook inputs, one JSON per line, from stdin)'],
    [['patterns', 'check', 'patterns/'], 'patterns check: takes no argument, got "patterns/" (a folder of packs is --dir <folder>)'],
    [['patterns', 'check', '--dir'], 'patterns check: --dir needs a value'],
    [['routes', '--all'], 'routes: unknown option --all; options are --json'],
    [['serve', '--port', '99999'], 'serve: --port "99999" is not a port; use a number from 0 to 65535 (0 picks a free one)'],
    [['memory'], 'memory: needs a subcommand; memory subcommands are list, show, approve, reject, forget, export'],
    [['memory', 'drop', 'm-0123456789'], 'memory: unknown subcommand "drop"; memory subcommands are list, show, approve, reject, forget, export'],
    [['memory', 'show'], 'memory: memory show takes one memory id (m-0123456789, from `hookwarden memory list`), got 0'],
    [['memory', 'forget'], 'memory: memory forget needs one or more memory ids (m-0123456789, from `hookwarden memory list`)'],
    [['memory', 'list', 'm-0123456789'], 'memory: memory list takes no id, got "m-0123456789"'],
  ])('%j: one line naming what was wrong and what is accepted, exit 2', async (args, text) => {
    const io = memoryIO();
    expect(await runCli(args, io)).toBe(2);
    const cmd = args[0] === 'patterns' ? 'patterns check' : args[0];
    expect(io.stderr()).toBe(`hookwarden ${text} (see \`hookwarden ${cmd} --help\`)\n`);
  });
});
