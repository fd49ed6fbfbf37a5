import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { matchPath } from '../../../lib/analyzers/paths/match.js';
import { normalisePath, type PathFacts } from '../../../lib/analyzers/paths/normalise.js';
import { fileSystemFacts, probeCaseInsensitive, resolveReal, swapCase } from '../../../lib/hook/path-facts.js';
import { viewOf } from '../../../lib/registry/select.js';
import type { PathOp } from '../../../lib/registry/types.js';
import { shippedRegistry } from '../../helpers/registry.js';

const ctx = { cwd: '/home/dev/project', home: '/home/dev', projectDir: '/home/dev/project' };
const ids = async (p: string, op: PathOp, c: Parameters<typeof normalisePath>[1] = ctx) =>
  matchPath(normalisePath(p, c), op, viewOf(await shippedRegistry()).paths, 'test').map((m) => m.id);

describe('path normalisation', () => {
  it('resolves relative paths, .., ~ and $HOME, and gives project-relative forms', () => {
    expect(normalisePath('src/../.env', ctx)).toEqual({
      display: '~/project/.env',
      forms: ['/home/dev/project/.env', '~/project/.env', '.env'],
      insideProject: true,
      outsideProject: false,
      caseInsensitive: false,
    });
    expect(normalisePath('$HOME/.aws/credentials', ctx).display).toBe('~/.aws/credentials');
    expect(normalisePath('~', ctx).display).toBe('~');
    expect(normalisePath('/etc/hosts', ctx)).toMatchObject({ display: '/etc/hosts', insideProject: false, outsideProject: true });
  });

  it('turns Windows backslashes into forward slashes, keeps the drive and folds case there', () => {
    const n = normalisePath('C:\\Users\\dev\\project\\.ENV', { ...ctx, home: 'C:\\Users\\dev', projectDir: 'C:\\Users\\dev\\project' });
    expect(n.forms).toEqual(['C:/Users/dev/project/.ENV', '~/project/.ENV', '.ENV']);
    expect(n.caseInsensitive).toBe(true);
  });

  it('counts trusted roots as the project for the outside tier only', () => {
    const n = normalisePath('~/work/shared/a.md', { ...ctx, trustedRoots: ['~/work/shared'] });
    expect(n).toMatchObject({ insideProject: false, outsideProject: false });
    expect(normalisePath('~/work/sharedx/a.md', { ...ctx, trustedRoots: ['~/work/shared'] }).outsideProject).toBe(true);
  });

  it('on a case-insensitive file system, other spellings of a sensitive name match', async () => {
    const folding: PathFacts = { realpath: () => null, caseInsensitive: () => true };
    expect(await ids('.ENV', 'read', { ...ctx, facts: folding })).toEqual(['paths-sensitive/env-files']);
    expect(await ids('~/.SSH/ID_RSA', 'read', { ...ctx, facts: folding })).toEqual(['paths-sensitive/private-keys']);
    expect(await ids('.ENV', 'read')).toEqual([]);
    expect(await ids('~/.Ssh/Id_Rsa', 'write', { ...ctx, facts: folding })).toContain('paths-sensitive/private-keys');
  });
});

describe('symlinks are judged by where they point (real files)', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'hw-paths-')));
  const home = join(root, 'home');
  const project = join(home, 'project');
  mkdirSync(join(home, '.ssh'), { recursive: true });
  mkdirSync(join(project, 'src'), { recursive: true });
  writeFileSync(join(home, '.ssh', 'id_ed25519'), 'not a real key\n');
  writeFileSync(join(home, '.bashrc'), '# rc\n');
  symlinkSync(join(home, '.ssh', 'id_ed25519'), join(project, 'notes.txt'));
  symlinkSync(join(home, '.ssh'), join(project, 'keys'));
  symlinkSync(join(home, '.bashrc'), join(project, 'src', 'setup.sh'));
  const real = { cwd: project, home, projectDir: project, facts: fileSystemFacts(project) };
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a file link to a private key reads as the key', async () => {
    const n = normalisePath('notes.txt', real);
    expect(n.display).toBe('~/project/notes.txt → ~/.ssh/id_ed25519');
    expect(await ids('notes.txt', 'read', real)).toEqual(['paths-sensitive/private-keys']);
  });

  it('a directory link resolves, also for a file that does not exist yet', async () => {
    expect(await ids('keys/id_ed25519', 'read', real)).toEqual(['paths-sensitive/private-keys']);
    expect(resolveReal(join(project, 'keys', 'new-file'))).toBe(join(home, '.ssh', 'new-file'));
    expect(await ids('keys/authorized_keys', 'write', real)).toContain('paths-sensitive/system-config');
  });

  it('a link inside the project to a file outside it is a write outside the project', async () => {
    expect(normalisePath('src/setup.sh', real).outsideProject).toBe(true);
    // (This home lives under the temp directory, which the outside tier exempts; the start-up file still fires.)
    expect(await ids('src/setup.sh', 'write', real)).toEqual(['paths-sensitive/shell-startup']);
  });

  it('an ordinary file is unaffected, and an unresolvable path is matched as written', async () => {
    expect(await ids('src/index.ts', 'write', real)).toEqual([]);
    expect(normalisePath('src/index.ts', real).display).toBe(`${project.replace(home, '~')}/src/index.ts`);
    expect(resolveReal('/definitely/not/here')).toBe('/definitely/not/here');
  });

  it('a dangling link, a file on the way and a missing folder resolve through the deepest real ancestor', () => {
    symlinkSync(join(home, 'gone'), join(project, 'dangling'));
    expect(resolveReal(join(project, 'dangling'))).toBe(join(project, 'dangling'));
    expect(resolveReal(join(project, 'keys', 'sub', 'deeper', 'new'))).toBe(join(home, '.ssh', 'sub', 'deeper', 'new'));
    expect(resolveReal(join(home, '.bashrc', 'below'))).toBe(join(home, '.bashrc', 'below'));
  });

  it('probes case folding on the real file system', () => {
    // Linux file systems here are case-sensitive; the probe must say so rather than guess from the platform.
    expect(probeCaseInsensitive(project, 'linux')).toBe(false);
    expect(probeCaseInsensitive('/', 'darwin')).toBe(true); // no letters: the platform's default
  });

  it('swaps the case of exactly the letters (\\p{L}) of a path, ASCII or not', () => {
    const byRegex = (s: string): string => s.replace(/\p{L}/gu, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));
    expect(swapCase('/Users/Dev/Проект/ⅰⓐ_ǅ9.ts')).toBe(byRegex('/Users/Dev/Проект/ⅰⓐ_ǅ9.ts'));
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => {
      expect(swapCase(s)).toBe(byRegex(s));
    }), { numRuns: 2000 });
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => {
      expect(swapCase(s)).toBe(byRegex(s));
    }), { numRuns: 2000 });
  });
});

describe('the literal pre-check before a path pattern regex', () => {
  // pathPatternHits skips a pattern whose globs' required literals no form of the path holds: it must answer as the
  // regexes alone would, for every shipped pattern, on every example path of every pattern, folded and not.
  it('answers as the regexes alone, on every example path of every shipped pattern', async () => {
    const { pathPatternHits } = await import('../../../lib/analyzers/paths/match.js');
    const { readdirSync, readFileSync } = await import('node:fs');
    const { PATTERNS_DIR } = await import('../../helpers/registry.js');
    const paths = viewOf(await shippedRegistry()).paths;
    const examples = readdirSync(PATTERNS_DIR)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => (JSON.parse(readFileSync(join(PATTERNS_DIR, f), 'utf8')).patterns ?? []) as Array<{ examples?: { match?: string[]; noMatch?: string[] } }>)
      .flatMap((p) => [...(p.examples?.match ?? []), ...(p.examples?.noMatch ?? [])])
      .map((e) => e.replace(/^(?:read|write|delete):/, ''));
    expect(examples.length).toBeGreaterThan(100);
    const joined = (rs: Array<{ source: string; flags: string }>, fold: boolean) =>
      rs.length ? new RegExp(rs.map((r) => `(?:${r.source})`).join('|'), [...new Set(rs.map((r) => r.flags).join('') + (fold ? 'i' : ''))].join('')) : null;
    let hits = 0;
    for (const fold of [false, true]) {
      for (const e of examples) {
        const n = { ...normalisePath(e, ctx), caseInsensitive: fold };
        for (const p of paths) {
          const inc = joined(p.include, fold);
          const exc = joined(p.exclude, fold);
          const byRegex = !(p.outsideProject && !n.outsideProject) && n.forms.some((f) => inc?.test(f)) && !(exc && n.forms.some((f) => exc.test(f)));
          if (byRegex) hits++;
          expect(pathPatternHits(n, p), `${p.id} ${e} fold=${fold}`).toBe(byRegex);
        }
      }
    }
    expect(hits).toBeGreaterThan(50);
  });
});
