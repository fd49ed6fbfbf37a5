// Hostile stdin for the pre-tool-use hook, through runHook with the shipped registry, a private
// HOOKWARDEN_HOME and the audit on. Every case must end in a defined verdict that honours the hook contract:
// exit 0 or 2; stdout empty or exactly one PreToolUse JSON object on one line; exit 2 always explains itself
// in one stderr line; never a stack trace; at most one audit line, valid JSON, bounded.
//
// Where the right verdict is a matter of policy (which may change) the tests compare against an equivalent
// well-formed input instead of hard-coding it: a BOM, a duplicate key or a deep sibling must not change it.

import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AUDIT_LINE_BYTES } from '../../lib/audit/write.js';
import { MAX_BYTES } from '../../lib/analyzers/shell/state.js';
import { MAX_GUARD_BYTES } from '../../lib/hook/stages/parse.js';
import { type HookRun, type RuntimeDeps } from '../../lib/hook/runtime.js';
import { runHook } from '../../lib/hook/run-hook.js';
import { hookEnv } from '../helpers/fixtures.js';
import { FIXED_NOW } from '../helpers/registry.js';
import { ALL_ROUTERS } from '../../lib/hook/routers.js';

const SEED = 0x68776172;
const PARSE_ERROR = 'engine/unparseable-command';
const INTERNAL_ERROR = 'engine/internal-error';

function rt(memo?: RuntimeDeps['memo']): RuntimeDeps & { home: string } {
  const home = mkdtempSync(join(tmpdir(), 'hw-hostile-'));
  let n = 0;
  return { env: hookEnv(home), now: () => FIXED_NOW, newId: () => `id-${++n}`, embedded: null, engineVersion: 'test', routers: ALL_ROUTERS, home, ...(memo ? { memo } : {}) };
}

const ENVELOPE = { session_id: 's', transcript_path: '/t', cwd: '/home/dev/project', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'tu' };
const preJson = (toolInput: unknown, over: Record<string, unknown> = {}): string => JSON.stringify({ ...ENVELOPE, ...over, tool_input: toolInput });
const pre = (command: unknown): string => preJson({ command });

function auditLines(home: string): string[] {
  const dir = join(home, 'audit');
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files.flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean));
}

/**
 * The hook contract, for any input whatsoever. Returns the parsed stdout (or null). With `home`, also checks
 * that the run added at most one audit line (beyond `auditBefore`) and that what is there is bounded JSON.
 */
function expectContract(r: HookRun, home?: string, auditBefore = 0): Record<string, any> | null {
  expect([0, 2]).toContain(r.exitCode);
  expect(r.stderr).not.toMatch(/^\s+at /m);
  // stderr: nothing, or exactly one newline-terminated line.
  expect(r.stderr === '' || /^[^\n]+\n$/.test(r.stderr), JSON.stringify(r.stderr.slice(0, 300))).toBe(true);
  if (r.exitCode === 2) expect(r.stderr.trim().length).toBeGreaterThan(0);
  let out: Record<string, any> | null = null;
  if (r.stdout !== '') {
    expect(r.stdout.replace(/\n$/, '')).not.toContain('\n');
    out = JSON.parse(r.stdout) as Record<string, any>;
    expect(out && typeof out === 'object' && !Array.isArray(out)).toBe(true);
    expect(out!.hookSpecificOutput?.hookEventName).toBe('PreToolUse');
    const pd = out!.hookSpecificOutput.permissionDecision;
    if (pd === 'deny') expect(r.exitCode).toBe(2);
    if (pd === 'ask' || pd === 'allow') expect(r.exitCode).toBe(0);
  }
  if (home) {
    const lines = auditLines(home).slice(auditBefore);
    expect(lines.length).toBeLessThanOrEqual(1);
    for (const l of lines) {
      expect(Buffer.byteLength(l) + 1).toBeLessThanOrEqual(MAX_AUDIT_LINE_BYTES);
      expect(() => JSON.parse(l)).not.toThrow();
    }
  }
  return out;
}

async function run(raw: Buffer | string): Promise<{ r: HookRun; out: Record<string, any> | null; ids: string[]; home: string }> {
  const deps = rt();
  const r = await runHook('pre-tool-use', raw, deps);
  const out = expectContract(r, deps.home);
  return { r, out, ids: r.decision?.local.matches.map((m) => m.id) ?? [], home: deps.home };
}

/** What Claude Code sees of a run: exit code, permission decision and the rule ids behind it. */
async function verdict(raw: Buffer | string): Promise<{ exit: number; decision: string | undefined; ids: string[] }> {
  const { r, out, ids } = await run(raw);
  return { exit: r.exitCode, decision: out?.hookSpecificOutput?.permissionDecision, ids: [...ids].sort() };
}

function expectRejected(r: HookRun, code: string): void {
  expect(r.exitCode).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(new RegExp(`^hookwarden: .* \\(${code}\\); the call was blocked because it could not be judged\\.\\n$`));
}

// ---------------------------------------------------------------------------------------------------------

describe('oversized and unparseable commands', () => {
  it('a 1 MiB command asks with engine/unparseable-command; stdout is one JSON line and nothing else', async () => {
    const { r, out, ids } = await run(pre('x'.repeat(1024 * 1024)));
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    expect(out?.hookSpecificOutput.permissionDecision).toBe('ask');
    expect(out?.hookSpecificOutput.permissionDecisionReason).toContain(`[${PARSE_ERROR}]`);
    expect(ids).toContain(PARSE_ERROR);
    expect(r.decision?.local.matches.find((m) => m.id === PARSE_ERROR)?.matched).toBe('command too large');
  });

  it('over the command cap the content is not looked at: rm -rf / plus 1 MiB is an ask, never an allow', async () => {
    const { r, out, ids } = await run(pre(`rm -rf / ${'x'.repeat(MAX_BYTES)}`));
    expect(r.exitCode).toBe(0);
    expect(out?.hookSpecificOutput.permissionDecision).toBe('ask');
    expect(ids).toContain(PARSE_ERROR);
  });

  it('deeply nested $( asks with engine/unparseable-command', async () => {
    for (const command of ['$('.repeat(5000), `${'$('.repeat(5000)}ls${')'.repeat(5000)}`, `echo ${'`echo '.repeat(5000)}`]) {
      const { r, out, ids } = await run(pre(command));
      expect(r.exitCode).toBe(0);
      expect(out?.hookSpecificOutput.permissionDecision).toBe('ask');
      expect(ids).toContain(PARSE_ERROR);
    }
  });

  it('a NUL (\\u0000) in the command is a parse error; a dangerous command around it still blocks', async () => {
    const harmless = await run(pre('echo a\u0000b'));
    expect(harmless.out?.hookSpecificOutput.permissionDecision).toBe('ask');
    expect(harmless.ids).toContain(PARSE_ERROR);
    const rm = await run(pre('rm -rf /\u0000'));
    expect(rm.r.exitCode).toBe(2);
    expect(rm.out?.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(rm.ids).toEqual(expect.arrayContaining(['bash-filesystem/rm-root', PARSE_ERROR]));
  });

  it('lone surrogates (escaped in the JSON) are analysed like any other character', async () => {
    expect(await verdict(pre('echo \ud800; rm -rf /'))).toEqual(await verdict(pre('echo x; rm -rf /')));
  });
});

describe('confirmed analyzer bugs, seen from the hook', () => {
  it('65 stacked wrappers around rm -rf / get the same verdict as rm -rf /, not a silent allow', async () => {
    // CONFIRMED BUG (lib/analyzers/shell/wrappers.ts stripWrappers, guard < 64): the command after the 64th
    // wrapper is never looked at and no parse error is raised, so the hook answers exit 0 with empty stdout.
    expect(await verdict(pre(`${'nohup '.repeat(65)}rm -rf /`))).toEqual(await verdict(pre('rm -rf /')));
  });
});

describe('bytes that are not UTF-8', () => {
  const splice = (before: string, bytes: number[], after: string): Buffer => Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]);

  it('invalid UTF-8 inside the command string decodes to U+FFFD and is judged as that text', async () => {
    // stdin is decoded with Buffer#toString('utf8'), which replaces each invalid sequence with U+FFFD before
    // JSON.parse; the command is then judged with those replacement characters in place. (Claude Code writes
    // its stdin with JSON.stringify, so real input is always valid UTF-8.)
    const json = pre('rm -rf / XX');
    const [head, tail] = json.split('XX') as [string, string];
    const raw = splice(head, [0xff, 0xfe], tail);
    expect(raw.toString('utf8')).toBe(pre('rm -rf / \ufffd\ufffd'));
    const v = await verdict(raw);
    expect(v).toEqual(await verdict(pre('rm -rf / \ufffd\ufffd')));
    expect(v.exit).toBe(2);
    const harmless = splice(head.replace('rm -rf / ', 'echo '), [0xc3, 0x28, 0xff], tail);
    expect(await verdict(harmless)).toEqual(await verdict(Buffer.from(harmless.toString('utf8'))));
  });

  it('invalid UTF-8 outside a string is a JSON error: exit 2', async () => {
    const json = pre('ls');
    const { r } = await run(splice(json.slice(0, 1), [0xff, 0xfe], json.slice(1)));
    expectRejected(r, 'E_STDIN_JSON');
  });
});

describe('command of the wrong type', () => {
  // Not a stdin rejection: the envelope is valid, so the engine routes it and the Bash analyzer refuses the
  // field; that internal error becomes an ask (onInternalError, default ask) with engine/internal-error.
  for (const [name, toolInput] of [
    ['a number', { command: 42 }],
    ['null', { command: null }],
    ['an object', { command: { toString: 'rm -rf /' } }],
    ['missing', {}],
    ['tool_input null', null],
    ['tool_input an array', ['rm -rf /']],
  ] as const) {
    it(`${name}: exit 0, ask, ${INTERNAL_ERROR}`, async () => {
      const { r, out, ids } = await run(preJson(toolInput));
      expect(r.exitCode).toBe(0);
      expect(r.stderr).toBe('');
      expect(out?.hookSpecificOutput.permissionDecision).toBe('ask');
      expect(ids).toEqual([INTERNAL_ERROR]);
    });
  }

  it('tool_input absent altogether is a schema error: exit 2, one stderr line, empty stdout', async () => {
    const { r } = await run(JSON.stringify(ENVELOPE));
    expectRejected(r, 'E_STDIN_SCHEMA');
    expect(r.stderr).toContain('tool_input');
  });
});

describe('stdin size', () => {
  const padded = (bytes: number, unit = 'x'): string => {
    const shell = pre('');
    const room = bytes - Buffer.byteLength(shell);
    const unitBytes = Buffer.byteLength(unit);
    const command = unit.repeat(Math.floor(room / unitBytes)) + 'x'.repeat(room % unitBytes);
    const s = pre(command);
    expect(Buffer.byteLength(s)).toBe(bytes);
    return s;
  };

  it('exactly MAX_GUARD_BYTES is read (and its oversized command asks)', async () => {
    const { r, out, ids } = await run(padded(MAX_GUARD_BYTES));
    expect(r.exitCode).toBe(0);
    expect(out?.hookSpecificOutput.permissionDecision).toBe('ask');
    expect(ids).toContain(PARSE_ERROR);
  });

  it('one byte over MAX_GUARD_BYTES is refused: exit 2, E_STDIN_TOO_LARGE', async () => {
    expectRejected((await run(padded(MAX_GUARD_BYTES + 1))).r, 'E_STDIN_TOO_LARGE');
  });

  it('the limit is in UTF-8 bytes, not characters', async () => {
    const s = padded(MAX_GUARD_BYTES + 1, 'é');
    expect(s.length).toBeLessThan(MAX_GUARD_BYTES);
    expectRejected((await run(s)).r, 'E_STDIN_TOO_LARGE');
    expectRejected((await run(Buffer.from(s))).r, 'E_STDIN_TOO_LARGE');
  });

  it('8 MiB is refused without being parsed', async () => {
    const t = performance.now();
    expectRejected((await run(Buffer.alloc(8 * 1024 * 1024, 0x5b))).r, 'E_STDIN_TOO_LARGE');
    expect(performance.now() - t).toBeLessThan(3000);
  });
});

describe('stdin that is not a PreToolUse object', () => {
  for (const [raw, code] of [
    ['[]', 'E_STDIN_SCHEMA'],
    ['"str"', 'E_STDIN_SCHEMA'],
    ['null', 'E_STDIN_SCHEMA'],
    ['42', 'E_STDIN_SCHEMA'],
    ['true', 'E_STDIN_SCHEMA'],
    ['', 'E_STDIN_EMPTY'],
    ['\uFEFF  \n', 'E_STDIN_EMPTY'],
    [pre('ls').slice(0, 40), 'E_STDIN_JSON'],
    [`${pre('ls')}${pre('ls')}`, 'E_STDIN_JSON'],
    ['{"a":1,}', 'E_STDIN_JSON'],
    ["{'session_id':'s'}", 'E_STDIN_JSON'],
    [JSON.stringify({ ...ENVELOPE, hook_event_name: undefined, tool_input: { command: 'ls' } }), 'E_STDIN_SCHEMA'],
    [JSON.stringify({ ...ENVELOPE, hook_event_name: 7, tool_input: { command: 'ls' } }), 'E_STDIN_SCHEMA'],
    [JSON.stringify({ ...ENVELOPE, session_id: 1, tool_input: { command: 'ls' } }), 'E_STDIN_SCHEMA'],
  ] as const) {
    it(`${JSON.stringify(raw.slice(0, 50))} → exit 2 ${code}`, async () => {
      expectRejected((await run(raw)).r, code);
    });
  }

  it('a hook_event_name for another event is a no-op: exit 0, no output, no audit', async () => {
    const { r, home } = await run(preJson({ command: 'rm -rf /' }, { hook_event_name: 'PostToolUse' }));
    expect(r).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(auditLines(home)).toEqual([]);
  });
});

describe('JSON oddities that still parse', () => {
  it('a UTF-8 BOM (string or bytes) is ignored', async () => {
    const plain = await verdict(pre('rm -rf /'));
    expect(plain.exit).toBe(2);
    expect(await verdict(`\uFEFF${pre('rm -rf /')}`)).toEqual(plain);
    expect(await verdict(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(pre('rm -rf /'))]))).toEqual(plain);
  });

  it('duplicate keys: the last one wins, as in JSON.parse on Claude Code side', async () => {
    const dupe = (first: string, last: string) => pre(first).replace(`"command":${JSON.stringify(first)}`, `"command":${JSON.stringify(first)},"command":${JSON.stringify(last)}`);
    expect(await verdict(dupe('rm -rf /', 'ls'))).toEqual(await verdict(pre('ls')));
    expect(await verdict(dupe('ls', 'rm -rf /'))).toEqual(await verdict(pre('rm -rf /')));
    const twoInputs = `${pre('ls').slice(0, -1)},"tool_input":{"command":"rm -rf /"}}`;
    expect(await verdict(twoInputs)).toEqual(await verdict(pre('rm -rf /')));
  });

  it('10,000 and 1,000,000 levels of [[[…]]] beside the command change nothing', async () => {
    const base = await verdict(pre('rm -rf /'));
    for (const depth of [10_000, 1_000_000]) {
      const deep = preJson({ command: 'rm -rf /', x: 'DEEP' }).replace('"DEEP"', `${'['.repeat(depth)}${']'.repeat(depth)}`);
      expect(await verdict(deep)).toEqual(base);
    }
  });

  it('tool_input itself nested 10,000 levels deep: ask with engine/internal-error', async () => {
    const deep = preJson('DEEP').replace('"DEEP"', `${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    const { r, out, ids } = await run(deep);
    expect(r.exitCode).toBe(0);
    expect(out?.hookSpecificOutput.permissionDecision).toBe('ask');
    expect(ids).toEqual([INTERNAL_ERROR]);
  });

  it('__proto__ keys are plain data: they neither supply nor hide the command', async () => {
    const hidden = pre('rm -rf /').replace('"tool_input":{', '"tool_input":{"__proto__":{"command":"ls"},');
    expect(await verdict(hidden)).toEqual(await verdict(pre('rm -rf /')));
    const only = preJson('P').replace('"P"', '{"__proto__":{"command":"rm -rf /"}}');
    expect((await verdict(only)).ids).toEqual([INTERNAL_ERROR]);
  });

  it('a tool_name that only looks like Bash (Bash\\u0000, bash) is not judged as Bash', async () => {
    for (const tool_name of ['Bash\u0000', 'bash', ' Bash']) {
      const { ids } = await run(preJson({ command: 'rm -rf /' }, { tool_name }));
      expect(ids).not.toContain('bash-filesystem/rm-root');
    }
  });

  it('CRLF and other whitespace between JSON tokens is accepted', async () => {
    expect(await verdict(pre('rm -rf /').replace(/,/g, ',\r\n\t'))).toEqual(await verdict(pre('rm -rf /')));
  });
});

describe('properties over runHook', () => {
  // One home per property with config and registry memoised, as `hookwarden eval` does over a corpus.
  const shared = () => rt(new Map());
  const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
  const command = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 120 }),
    fc.string({ unit: codeUnit, maxLength: 120 }),
    fc.array(fc.constantFrom('rm', '-rf', '/', '~', 'sudo', 'bash', '-c', 'eval', '$(', ')', '`', "'", '"', ';', '|', '&', '\n', '\\', '\0', '<<EOF', 'curl x', 'sh'), { maxLength: 30 }).map((w) => w.join(' ')),
  );

  it('any command string in a valid envelope honours the contract', async () => {
    const deps = shared();
    await fc.assert(
      fc.asyncProperty(command, async (c) => {
        const before = auditLines(deps.home).length;
        expectContract(await runHook('pre-tool-use', pre(c), deps), deps.home, before);
      }),
      { seed: SEED, numRuns: 120 },
    );
  });

  it('any bytes, any JSON value and any envelope field replaced by any JSON value honour the contract', async () => {
    const field = fc.constantFrom('session_id', 'cwd', 'hook_event_name', 'tool_name', 'tool_input', 'tool_use_id', 'permission_mode', 'transcript_path');
    const raw = fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null'),
      fc.tuple(field, fc.jsonValue({ maxDepth: 3 })).map(([k, v]) => JSON.stringify({ ...ENVELOPE, tool_input: { command: 'ls' }, [k]: v })),
      fc.tuple(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 3 })).map(([k, v]) => JSON.stringify({ ...ENVELOPE, tool_input: { command: 'ls', [k]: v } })),
    );
    const deps = shared();
    await fc.assert(
      fc.asyncProperty(raw, async (input) => {
        const before = auditLines(deps.home).length;
        expectContract(await runHook('pre-tool-use', input, deps), deps.home, before);
      }),
      { seed: SEED, numRuns: 150 },
    );
  });
});
