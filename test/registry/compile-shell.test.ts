import { describe, expect, it } from 'vitest';
import { compileProgramNames, compileShellGlob, compileShellMatch, compileTextRegex } from '../../lib/registry/compile-shell.js';
import { shellMatchSchema } from '../../lib/registry/schema-shell.js';

const rx = (s: { source: string; flags: string }): RegExp => new RegExp(s.source, s.flags);

describe('shellMatchSchema', () => {
  it('accepts each match form', () => {
    for (const m of [
      { command: { program: ['rm'], flags: { all: [['-r', '-R']], none: ['-i'] }, operands: { any: ['/'] } } },
      { command: { program: ['git'], subcommand: [['push']], flags: { any: ['--force'] }, text: '(?i)force' } },
      { pipe: { from: { program: ['curl'] }, to: { program: ['sh', 'bash'] } } },
      { redirect: { targets: ['/dev/sd*'] } },
      { fact: 'fork-bomb' },
    ]) {
      expect(shellMatchSchema.parse(m)).toEqual(m);
    }
  });

  const messages = (m: unknown): string[] => {
    const r = shellMatchSchema.safeParse(m);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('rejects zero or several match kinds with a clear message', () => {
    expect(messages({})).toEqual([': a shell match needs exactly one of command, pipe, redirect, fact (found none)']);
    expect(messages({ fact: 'fork-bomb', redirect: { targets: ['/dev/sda'] } })[0]).toMatch(/found redirect, fact/);
  });

  it('is strict about unknown keys', () => {
    expect(messages({ command: { program: ['rm'], args: ['x'] } }).join()).toMatch(/args/);
    expect(messages({ fact: 'x', extra: 1 }).join()).toMatch(/extra/);
  });

  it('rejects empty lists and bad values with the field path', () => {
    expect(messages({ command: { program: [] } })).toEqual(['command.program: program must list at least one entry']);
    expect(messages({ command: { program: ['rm'], flags: { any: [] } } })[0]).toMatch(/^command\.flags\.any: /);
    expect(messages({ command: { program: ['rm'], flags: {} } })[0]).toMatch(/at least one of all, any, none/);
    expect(messages({ command: { program: ['rm'], flags: { any: ['r'] } } })[0]).toMatch(/flags start with -/);
    expect(messages({ command: { program: ['rm'], operands: {} } })[0]).toMatch(/at least one of any, none/);
    expect(messages({ command: { program: ['rm'], text: '(' } })[0]).toMatch(/valid regular expression/);
    expect(messages({ command: { program: ['/bin/rm'] } })[0]).toMatch(/basename/);
    expect(messages({ command: { program: ['*'] } })[0]).toMatch(/only wildcards/);
    expect(messages({ redirect: { targets: [] } })[0]).toMatch(/redirect\.targets/);
    expect(messages({ fact: 'Fork Bomb' })[0]).toMatch(/kebab-case/);
    expect(messages({ pipe: { from: { program: ['curl'] } } })[0]).toMatch(/^pipe\.to/);
  });
});

describe('compileShellMatch', () => {
  it('turns program names into one anchored regex with * wildcards', () => {
    const r = rx(compileProgramNames(['mkfs', 'mkfs.*', 'python*']));
    for (const ok of ['mkfs', 'mkfs.ext4', 'python', 'python3.12']) expect(r.test(ok)).toBe(true);
    for (const no of ['mkfsx', 'xmkfs', 'mkfs-ext4', 'ipython']) expect(r.test(no)).toBe(false);
  });

  it('compiles globs with picomatch (dot: true), escaped * stays literal', () => {
    expect(rx(compileShellGlob('/etc/*')).test('/etc/.ssh')).toBe(true);
    expect(rx(compileShellGlob('/etc/*')).test('/etc/a/b')).toBe(false);
    expect(rx(compileShellGlob('~/.*')).test('~/.config')).toBe(true);
    expect(rx(compileShellGlob('/\\*')).test('/*')).toBe(true);
    expect(rx(compileShellGlob('/\\*')).test('/etc')).toBe(false);
    expect(rx(compileShellGlob('of=/dev/sd*')).test('of=/dev/sda1')).toBe(true);
  });

  it('supports a (?i) prefix for case-insensitive text', () => {
    expect(compileTextRegex('(?i)drop\\s+table')).toEqual({ source: 'drop\\s+table', flags: 'i' });
    expect(compileTextRegex('^kill')).toEqual({ source: '^kill', flags: '' });
  });

  it('produces plain JSON for every form, omitting absent fields', () => {
    const specs = [
      { command: { program: ['git'], subcommand: [['push']], flags: { any: ['-f'] }, operands: { any: ['+*'], none: ['x'] }, text: 'a' } },
      { command: { program: ['rm'] } },
      { pipe: { from: { program: ['curl'] }, to: { program: ['sh'], flags: { none: ['-c'] } } } },
      { redirect: { targets: ['/dev/sd*'] } },
      { fact: 'fork-bomb' },
    ];
    for (const s of specs) {
      const c = compileShellMatch(shellMatchSchema.parse(s));
      expect(JSON.parse(JSON.stringify(c))).toEqual(c);
    }
    const c = compileShellMatch({ command: { program: ['rm'] } });
    expect(c).toEqual({ command: { program: { source: '^(?:rm)$', flags: '' }, programNames: ['rm'] } });
    const p = compileShellMatch({ pipe: { from: { program: ['curl'] }, to: { program: ['sh'], flags: { none: ['-c'] } } } });
    expect(p).toEqual({
      pipe: {
        from: { program: { source: '^(?:curl)$', flags: '' }, programNames: ['curl'] },
        to: { program: { source: '^(?:sh)$', flags: '' }, programNames: ['sh'], flags: { none: ['-c'] } },
      },
    });
    expect(compileShellMatch({ fact: 'fork-bomb' })).toEqual({ fact: 'fork-bomb' });
  });

  it('does not share arrays with the source spec', () => {
    const spec = { command: { program: ['git'], subcommand: [['push']], flags: { all: [['-f']] } } };
    const c = compileShellMatch(spec);
    spec.command.subcommand[0]?.push('x');
    expect('command' in c && c.command.subcommand).toEqual([['push']]);
  });
});

describe('programNames (the string comparison that stands in for the program regex)', () => {
  it('is set only without wildcards, and for every shipped shell spec answers exactly as the regex', async () => {
    const fc = await import('fast-check');
    const { shippedRegistry } = await import('../helpers/registry.js');
    const { viewOf } = await import('../../lib/registry/select.js');
    expect(compileShellMatch({ command: { program: ['mkfs*', 'dd'] } })).toEqual({ command: { program: compileProgramNames(['mkfs*', 'dd']) } });
    const specs = viewOf(await shippedRegistry()).shell.flatMap((p) => ('command' in p.match ? [p.match.command] : 'pipe' in p.match ? [p.match.pipe.from, p.match.pipe.to] : []));
    const named = specs.filter((s) => s.programNames);
    expect(named.length).toBeGreaterThan(50);
    const every = [...new Set(specs.flatMap((s) => s.programNames ?? []))];
    // The names themselves, near misses, and arbitrary strings.
    const probes = [...every, ...every.map((n) => `${n}\n`), ...every.map((n) => `x${n}`), ...every.map((n) => n.toUpperCase()), '', '.', '*'];
    for (const s of named) for (const p of probes) expect(s.programNames!.includes(p), `${s.program.source} ${JSON.stringify(p)}`).toBe(rx(s.program).test(p));
    fc.assert(fc.property(fc.string(), fc.constantFrom(...named), (p, s) => s.programNames!.includes(p) === rx(s.program).test(p)));
  });
});
