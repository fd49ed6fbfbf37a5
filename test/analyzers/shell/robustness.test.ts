import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../lib/analyzers/shell/index.js';
import type { ShellAnalysis } from '../../../lib/analyzers/shell/types.js';

const ctx = { cwd: '/home/dev/project', home: '/home/dev' };

/** A hang detector, not a speed claim (speed is measured by `npm run bench`): an input that made the analyzer
 * quadratic or worse would take minutes; a loaded CI machine running the hook-process suites beside this one can
 * make a 5 ms analysis take over 100 ms. */
const HANG_MS = 10_000;

function timed(cmd: string): { a: ShellAnalysis; ms: number } {
  const t = performance.now();
  const a = analyzeShell(cmd, ctx);
  return { a, ms: performance.now() - t };
}

describe('parse errors', () => {
  it('unbalanced quotes: still returns segments', () => {
    for (const cmd of ['echo "abc', "echo 'abc", "rm -rf / 'x", "echo $'abc"]) {
      const { a, ms } = timed(cmd);
      expect(a.parseError, cmd).toBe('unbalanced quote');
      expect(a.segments.length).toBeGreaterThan(0);
      expect(ms).toBeLessThan(HANG_MS);
    }
    expect(analyzeShell("rm -rf / 'x", ctx).segments[0]?.argv).toEqual(['rm', '-rf', '/', 'x']);
  });

  it('NUL byte: reported, rest still analysed', () => {
    const { a, ms } = timed('rm -rf /\0tmp');
    expect(a.parseError).toBe('NUL byte in command');
    expect(a.segments[0]?.program).toBe('rm');
    expect(ms).toBeLessThan(HANG_MS);
  });

  it('5000 nested $( (unclosed and closed) stay fast and bounded', () => {
    for (const cmd of ['$('.repeat(5000), `${'$('.repeat(5000)}rm -rf /${')'.repeat(5000)}`, `echo ${'`echo '.repeat(5000)}`]) {
      const { a, ms } = timed(cmd);
      expect(a.parseError).toBeDefined();
      expect(ms).toBeLessThan(HANG_MS);
    }
    expect(analyzeShell(`${'$('.repeat(5000)}rm -rf /${')'.repeat(5000)}`, ctx).parseError).toBe('nesting too deep');
  });

  it('nesting within the cap is analysed fully', () => {
    const a = analyzeShell(`${'$('.repeat(7)}rm -rf /${')'.repeat(7)}`, ctx);
    expect(a.parseError).toBeUndefined();
    expect(a.segments[0]?.program).toBe('rm');
    expect(a.segments[0]?.via).toHaveLength(7);
  });

  it('1 MB input is refused quickly', () => {
    const { a, ms } = timed('x'.repeat(1024 * 1024));
    expect(a).toEqual({ segments: [], facts: [], parseError: 'command too large' });
    expect(ms).toBeLessThan(HANG_MS);
  });

  it('other unterminated constructs', () => {
    expect(analyzeShell('echo $(rm -rf /', ctx).parseError).toBe('unterminated $(');
    expect(analyzeShell('echo $(rm -rf /', ctx).segments.map((s) => s.program)).toContain('rm');
    expect(analyzeShell('echo `ls', ctx).parseError).toBe('unterminated backtick');
    expect(analyzeShell('cat <<EOF\nx', ctx).parseError).toBe('unterminated heredoc');
    expect(analyzeShell('echo ${', ctx).parseError).toBe('unterminated ${');
    expect(analyzeShell('echo ${}', ctx).parseError).toMatch(/^unparseable/);
  });

  it('long pathological inputs stay within a bounded time', () => {
    const K = 200 * 1024;
    for (const cmd of ['a;'.repeat(K / 2), '('.repeat(K), '"\\'.repeat(K / 2), "$'".repeat(K / 2), 'eval '.repeat(K / 5), 'f(){ '.repeat(K / 5)]) {
      const { ms } = timed(cmd);
      expect(ms).toBeLessThan(HANG_MS);
    }
  });
});

describe('properties', () => {
  it('never throws and always returns the result shape', () => {
    const alphabet = fc.constantFrom(...'$()`\'"\\<>|&;{}[]*?~#=!- \n\tabcrm/0123EOF'.split(''));
    const shellish = fc.array(alphabet, { maxLength: 200 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }), shellish), (s) => {
        const a = analyzeShell(s, ctx);
        expect(Array.isArray(a.segments)).toBe(true);
        expect(Array.isArray(a.facts)).toBe(true);
        if (a.parseError !== undefined) expect(typeof a.parseError).toBe('string');
        expect(a.parseError ?? '').not.toMatch(/^internal error/);
      }),
      { numRuns: 3000 },
    );
  });

  it("echo '<anything>' is always a single echo segment", () => {
    const noQuote = fc.string({ unit: 'binary', maxLength: 200 }).map((s) => s.replace(/['\0]/g, ''));
    fc.assert(
      fc.property(noQuote, (s) => {
        const a = analyzeShell(`echo '${s}'`, ctx);
        expect(a.segments.map((seg) => seg.program)).toEqual(['echo']);
        expect(a.facts).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('safe words joined by ; and | yield one segment per word', () => {
    const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/).filter((w) => !['if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'while', 'until', 'for', 'in', 'case', 'esac', 'select', 'time', 'env', 'exec', 'command', 'builtin', 'nohup', 'nice', 'xargs', 'sudo', 'doas', 'timeout', 'watch', 'stdbuf', 'ionice', 'setsid', 'eval', 'coproc', 'function'].includes(w));
    fc.assert(
      fc.property(fc.array(fc.tuple(word, fc.constantFrom(';', '|', '&&', '||', '\n')), { minLength: 1, maxLength: 20 }), (parts) => {
        const cmd = parts.map(([w, op]) => `${w} ${op} `).join('');
        const a = analyzeShell(cmd, ctx);
        expect(a.segments.map((s) => s.program)).toEqual(parts.map(([w]) => w));
      }),
      { numRuns: 500 },
    );
  });
});
