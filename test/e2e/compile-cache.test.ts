// The hook bundles' V8 code cache (scripts/shims/compile-cache.cjs): written once, reused, and never able to
// change an answer — a corrupt or unwritable cache only costs a normal compile.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOOK_NODE_FLAGS } from '../../lib/cli/hook-command.js';
import { hookEnv } from '../helpers/fixtures.js';
import { ROOT } from '../helpers/registry.js';

const bundle = join(ROOT, 'dist', 'hooks', 'pre-tool-use.js');
const stdin = readFileSync(join(ROOT, 'test', 'fixtures', 'claude-code', 'pre-bash-rm-rf-root.json'), 'utf8');
const allowStdin = readFileSync(join(ROOT, 'test', 'fixtures', 'claude-code', 'pre-bash-git-status.json'), 'utf8');
const run = (home: string, input = stdin) => spawnSync('node', [bundle], { input, env: hookEnv(home), encoding: 'utf8', timeout: 20_000 });
const cacheFiles = (home: string) => readdirSync(join(home, 'cache')).filter((f) => f.startsWith('v8-'));
// A Bash call runs the hook's shell variant, with a cache of its own (test/e2e/shell-variant.test.ts).
const OWN = 'v8-pre-tool-use.bash-';

describe('compile cache', () => {
  it('is written by the first call (0600) and reused by the next with the same answer', () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-cc-'));
    const first = run(home, allowStdin);
    const file = cacheFiles(home).find((f) => f.startsWith(OWN));
    expect(file).toMatch(/^v8-pre-tool-use\.bash-[0-9a-f]{16}-v\d+\.\d+\.\d+-\w+\.bin$/);
    const path = join(home, 'cache', file!);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const written = statSync(path).mtimeMs;
    const second = run(home, allowStdin);
    expect(statSync(path).mtimeMs).toBe(written); // accepted, so not rewritten
    expect({ status: second.status, stdout: second.stdout, stderr: second.stderr }).toEqual({ status: first.status, stdout: first.stdout, stderr: first.stderr });
    expect(first.status).toBe(0);
    // A deny is a kind of call the cache has not seen: it adds its code once, and the next deny leaves it.
    expect(run(home).status).toBe(2);
    const rewritten = statSync(path).mtimeMs;
    expect(rewritten).not.toBe(written);
    expect(run(home).status).toBe(2);
    expect(statSync(path).mtimeMs).toBe(rewritten);
  });

  it('a call of a kind the cache has not seen rewrites it with what both compiled; a kind it has seen leaves it', () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-cc-'));
    const own = () => cacheFiles(home).filter((f) => f.startsWith(OWN));
    const path = () => join(home, 'cache', own()[0]!);
    /** The kinds of call the cache file says it holds (its trailer: the list, then the list's length in one byte). */
    const kinds = () => {
      const b = readFileSync(path());
      return b.subarray(b.length - 1 - b[b.length - 1]!, b.length - 1).toString('latin1').split(',');
    };
    const denied = run(home);
    expect(denied.status).toBe(2);
    expect(own()).toEqual([expect.stringMatching(/^v8-pre-tool-use\.bash-[0-9a-f]{16}-v\d+\.\d+\.\d+-\w+\.bin$/)]);
    expect(kinds()).toEqual(['bash_command:block+paths']);
    const first = { size: statSync(path()).size, at: statSync(path()).mtimeMs };
    // The same kind again reads it and leaves it, answering alike.
    expect({ status: run(home).status, stdout: run(home).stdout }).toEqual({ status: denied.status, stdout: denied.stdout });
    expect(statSync(path()).mtimeMs).toBe(first.at);
    // An allowed call without paths is a new kind: the cache now holds the deny's code and its own.
    expect(run(home, allowStdin).status).toBe(0);
    expect(kinds()).toEqual(['bash_command:block+paths', 'bash_command:silent']);
    expect(own()).toHaveLength(1);
    expect(statSync(path()).size).toBeGreaterThan(first.size);
    const second = statSync(path()).mtimeMs;
    for (const input of [allowStdin, stdin]) run(home, input);
    expect(statSync(path()).mtimeMs).toBe(second);
    expect(run(home).stdout).toBe(denied.stdout);
  });

  it('a cache file without a kinds list (an older format, or cut short) is no cache: replaced, answer unchanged', () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-cc-'));
    const clean = run(home);
    const path = join(home, 'cache', cacheFiles(home).find((f) => f.startsWith(OWN))!);
    const whole = readFileSync(path);
    for (const broken of [whole.subarray(0, whole.length - 1), Buffer.concat([whole, Buffer.from([200])]), Buffer.from([3])]) {
      writeFileSync(path, broken);
      const r = run(home);
      expect({ status: r.status, stdout: r.stdout }).toEqual({ status: clean.status, stdout: clean.stdout });
      const again = readFileSync(path);
      expect(again.subarray(again.length - 1 - again[again.length - 1]!, again.length - 1).toString('latin1')).toBe('bash_command:block+paths');
    }
  });

  it("replacing a cache removes the same code's caches from earlier builds, not other hooks' or the other variant's", () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-cc-'));
    mkdirSync(join(home, 'cache'));
    const stale = join(home, 'cache', 'v8-pre-tool-use.bash-0000000000000000-v20.0.0-x64.bin');
    const others = ['v8-stop-0000000000000000-v20.0.0-x64.bin', 'v8-pre-tool-use-0000000000000000-v20.0.0-x64.bin'].map((f) => join(home, 'cache', f));
    for (const f of [stale, ...others]) writeFileSync(f, 'old');
    run(home);
    expect(existsSync(stale)).toBe(false);
    for (const f of others) expect(existsSync(f), f).toBe(true);
    expect(cacheFiles(home).filter((f) => f.startsWith(OWN))).toHaveLength(1);
  });

  it('each set of node flags keeps a cache of its own (the installed command, a bare `node <hook>.js`) and stops rewriting once warm', () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-cc-'));
    const jit = (input: string) => spawnSync('node', [...HOOK_NODE_FLAGS, bundle], { input, env: hookEnv(home), encoding: 'utf8', timeout: 20_000 });
    const own = () => cacheFiles(home).filter((f) => f.startsWith(OWN)).sort();
    const bare = run(home);
    const flagged = jit(stdin);
    // V8 rejects a cache made under other flags: one file per flag set, this build and this node's both kept.
    expect(own()).toHaveLength(2);
    const tag = HOOK_NODE_FLAGS.map((f) => `+${f.replace(/^-+/, '')}`).join('');
    expect(own().filter((f) => f.endsWith(`${tag}.bin`))).toHaveLength(1);
    // Same answer under both, and nothing more on stderr (node warns there about some flag sets).
    expect({ status: flagged.status, stdout: flagged.stdout, stderr: flagged.stderr }).toEqual({ status: bare.status, stdout: bare.stdout, stderr: bare.stderr });
    const stamps = () => own().map((f) => statSync(join(home, 'cache', f)).mtimeMs);
    const before = stamps();
    for (let i = 0; i < 2; i++) {
      expect(run(home).status).toBe(2);
      expect(jit(stdin).status).toBe(2);
    }
    expect(stamps()).toEqual(before);
    // A call of a new kind rewrites its own flag set's cache and clears older builds' caches, not the other set's.
    expect(jit(allowStdin).status).toBe(0);
    expect(own()).toHaveLength(2);
    // Any other flags get a cache of their own too (here a V8 flag: its cache would be rejected by the others).
    expect(spawnSync('node', ['--stack-size=900', bundle], { input: stdin, env: hookEnv(home), encoding: 'utf8', timeout: 20_000 }).status).toBe(2);
    expect(own().filter((f) => f.endsWith('+stack-size=900.bin'))).toHaveLength(1);
    expect(own()).toHaveLength(3);
  });

  it('a corrupt cache is rejected by V8, replaced, and changes nothing', () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-cc-'));
    const clean = run(home);
    const path = join(home, 'cache', cacheFiles(home).find((f) => f.startsWith(OWN))!);
    writeFileSync(path, Buffer.alloc(4096, 0x5a));
    const corrupt = run(home);
    expect({ status: corrupt.status, stdout: corrupt.stdout }).toEqual({ status: clean.status, stdout: clean.stdout });
    expect(readFileSync(path).subarray(0, 16).equals(Buffer.alloc(16, 0x5a))).toBe(false);
  });

  it('an unwritable cache directory still gives the answer, with nothing extra on stderr', () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-cc-'));
    const reference = run(mkdtempSync(join(tmpdir(), 'hw-cc-')));
    // A file where the cache directory should be: unwritable even for root.
    writeFileSync(join(home, 'cache'), 'not a directory');
    const r = run(home);
    expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({ status: reference.status, stdout: reference.stdout, stderr: reference.stderr });
  });

  it('every hook reads its code and registry from pure-ASCII files beside it (both are read as latin1)', () => {
    for (const hook of ['user-prompt', 'pre-tool-use', 'post-tool-use', 'stop', 'session-start']) {
      const code = readFileSync(join(ROOT, 'dist', 'hooks', `${hook}.code.js`), 'latin1');
      expect(code.length, hook).toBeGreaterThan(10_000);
      expect(/[^\x00-\x7f]/.exec(code)?.index, hook).toBeUndefined();
      expect(readFileSync(join(ROOT, 'dist', 'hooks', `${hook}.js`), 'utf8')).toContain(`hwRunCached("${hook}.code.js"`);
      const registry = readFileSync(join(ROOT, 'dist', 'hooks', `${hook}.registry.json`), 'latin1');
      expect(/[^\x00-\x7f]/.exec(registry)?.index, `${hook}.registry.json`).toBeUndefined();
    }
  });

  it('HOOKWARDEN_TIMING=1 adds one timing line on stderr and changes nothing else', () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-cc-'));
    const plain = run(home);
    const timed = spawnSync('node', [bundle], { input: stdin, env: { ...hookEnv(home), HOOKWARDEN_TIMING: '1' }, encoding: 'utf8', timeout: 20_000 });
    expect({ status: timed.status, stdout: timed.stdout }).toEqual({ status: plain.status, stdout: plain.stdout });
    const lines = timed.stderr.split('\n').filter(Boolean);
    expect(lines.filter((l) => !plain.stderr.includes(l))).toHaveLength(1);
    const line = lines.find((l) => l.startsWith('hookwarden timing: '))!;
    for (const step of ['node', 'code read', 'compile', 'init', 'stdin', 'parse', 'config+registry', 'route', 'audit', 'total']) expect(line).toContain(`${step} `);
  });

  it('a call loads only the chunks it needs: none for Bash (its variant carries the analyser), cold chunks on first use (scripts/build-chunks.ts)', () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-cc-'));
    const chunksLoaded = (hook: string, fixture: string): string[] => {
      const input = readFileSync(join(ROOT, 'test', 'fixtures', 'claude-code', fixture.includes('.') ? fixture : `${fixture}.json`), 'utf8');
      const r = spawnSync('node', [join(ROOT, 'dist', 'hooks', `${hook}.js`)], { input, env: { ...hookEnv(home), HOOKWARDEN_TIMING: '1' }, encoding: 'utf8', timeout: 20_000 });
      const line = r.stderr.split('\n').find((l) => l.startsWith('hookwarden timing: ')) ?? '';
      expect(line, `${hook} ${fixture}: ${r.stderr}`).not.toBe('');
      return [...new Set(line.match(/chunk-[a-z-]+/g) ?? [])];
    };
    const ordinary: Array<[string, string, string[]]> = [
      ['pre-tool-use', 'pre-bash-git-status', []],
      ['pre-tool-use', 'pre-bash-rm-rf-root', []],
      ['pre-tool-use', 'pre-read-source', []],
      ['pre-tool-use', 'pre-write-env', []],
      ['user-prompt', 'prompt-decision', []],
      ['post-tool-use', 'post-bash-ok', []],
      ['post-tool-use', 'post-read-leaks-token', []],
      ['stop', 'stop-normal', []],
      ['session-start', 'session-start-startup', []],
    ];
    for (const [hook, fixture, want] of ordinary) expect(chunksLoaded(hook, fixture), `${hook} ${fixture}`).toEqual(want);
    // The interpreter code readers, loaded by the shell analyser.
    expect(chunksLoaded('pre-tool-use', 'pre-bash-python-rmtree-home')).toEqual(['chunk-interpreters']);
    expect(chunksLoaded('pre-tool-use', 'pre-mcp-memory-sensitive')).toEqual(['chunk-memory-judge']);
    // A refused stdin: zod words the refusal.
    expect(chunksLoaded('pre-tool-use', 'pre-missing-tool-name.txt')).toEqual(['chunk-stdin-schema']);
  });
  it('the loader reads a stdin of any size whole, however slowly it arrives', async () => {
    // The loader reads stdin before the hook's code (into one buffer that grows by four): a command whose tail
    // is `rm -rf /`, behind ~140 KB of one word, must be judged by its tail. Written in pieces, with pauses.
    const home = mkdtempSync(join(tmpdir(), 'hw-cc-'));
    const input = JSON.parse(stdin) as { tool_input: { command: string } };
    input.tool_input.command = `echo ${'x'.repeat(140_000)} && rm -rf /`;
    const text = Buffer.from(JSON.stringify(input));
    const child = spawn('node', [bundle], { env: hookEnv(home) });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const done = new Promise<number | null>((resolve) => child.on('close', resolve));
    for (let at = 0; at < text.length; at += 24_000) {
      child.stdin.write(text.subarray(at, at + 24_000));
      await new Promise((r) => setTimeout(r, 15));
    }
    child.stdin.end();
    expect(await done).toBe(2);
    expect(out).toContain('bash-filesystem/rm-root');
  });
});
