// Candidates (lib/registry/candidates.ts, select.ts shellCandidates/pathCandidates): a Bash call matches only the
// shell patterns whose specs name a program the command runs, a path only the path patterns whose include globs'
// literals it holds, and a hook parses only those from its registry file. Skipping the others must never change a
// match: over the labelled shell and path corpora the candidates give exactly the matches of the full lists, from
// the compiled registry and from a hook's registry file alike.

import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchPath } from '../../lib/analyzers/paths/match.js';
import { normalisePath } from '../../lib/analyzers/paths/normalise.js';
import { fileAccesses } from '../../lib/analyzers/shell/file-access/index.js';
import { analyzeShell } from '../../lib/analyzers/shell/index.js';
import { commandKeys, matchShell } from '../../lib/analyzers/shell/match.js';
import { embeddedFileText, readEmbeddedFile } from '../../lib/registry/lazy-kinds.js';
import { pathCandidates, registrySubset, shellCandidates, viewOf } from '../../lib/registry/select.js';
import { isCandidate, isPathCandidate, isPathKeyCandidate, pathKey, programKey, type PathProbe, type PathSource } from '../../lib/registry/candidates.js';
import type { CompiledShell, PathOp } from '../../lib/registry/types.js';
import { readJsonl } from '../helpers/jsonl.js';
import { shippedRegistry } from '../helpers/registry.js';

const full = await shippedRegistry();
const DIR = join(import.meta.dirname, '..', 'fixtures', 'shell');
const rows = readdirSync(DIR)
  .filter((f) => f.endsWith('.jsonl'))
  .flatMap((f) => readJsonl<{ cmd: string; cwd?: string }>(join(DIR, f), () => undefined).map((r) => r.row));

const PATH_ROWS = readJsonl<{ path: string }>(join(import.meta.dirname, '..', 'fixtures', 'paths', 'tools.jsonl'), () => undefined).map((r) => r.row.path);

function fromFile(): ReturnType<typeof readEmbeddedFile> {
  const file = join(mkdtempSync(join(tmpdir(), 'hw-cand-')), 'pre-tool-use.registry.json');
  writeFileSync(file, embeddedFileText({ sourceHash: 'src', statFingerprint: 'fp', issues: [], registry: registrySubset(full, ['shell', 'path', 'secret', 'action']) }));
  return readEmbeddedFile(file);
}

describe('shell candidates', () => {
  it('give every corpus command the matches of the whole list, compiled or read from a hook file', () => {
    const all = viewOf(full).shell;
    let candidates = 0;
    for (const { cmd, cwd } of rows) {
      const ctx = { cwd: cwd ?? '/home/dev/project', home: '/home/dev' };
      const analysis = analyzeShell(cmd, ctx);
      const programs = commandKeys(analysis, ctx);
      const want = matchShell(analysis, all, ctx);
      const picked = shellCandidates(full, programs);
      candidates += picked.length;
      expect(matchShell(analysis, picked, ctx), cmd).toEqual(want);
      // A fresh file per command: the first read parses only that command's candidates.
      const lazy = fromFile();
      if ('problem' in lazy) throw new Error(lazy.problem);
      const read = shellCandidates(lazy.registry, programs);
      expect(read.map((p) => p.id), cmd).toEqual(picked.map((p) => p.id));
      expect(matchShell(analysis, read, ctx), cmd).toEqual(want);
    }
    expect(rows.length).toBeGreaterThan(500);
    // The point of it: a typical command is judged against a small part of the list.
    expect(candidates / rows.length).toBeLessThan(all.length / 4);
  });

  it('give every corpus path, and every file a corpus command names, the matches of the whole path list', () => {
    const all = viewOf(full).paths;
    const lazy = fromFile();
    if ('problem' in lazy) throw new Error(lazy.problem);
    const paths = [
      ...PATH_ROWS,
      ...rows.flatMap(({ cmd, cwd }) => fileAccesses(analyzeShell(cmd, { cwd: cwd ?? '/home/dev/project', home: '/home/dev' })).map((a) => a.path)),
    ];
    let candidates = 0;
    for (const raw of paths) {
      for (const caseInsensitive of [false, true]) {
        const path = normalisePath(raw, { cwd: '/home/dev/project', home: '/home/dev', projectDir: '/home/dev/project', facts: { realpath: () => null, caseInsensitive: () => caseInsensitive } });
        const picked = pathCandidates(full, path);
        candidates += picked.length;
        expect(pathCandidates(lazy.registry, path).map((p) => p.id), raw).toEqual(picked.map((p) => p.id));
        for (const op of ['read', 'write', 'delete'] as PathOp[]) expect(matchPath(path, op, picked, 'x'), `${op} ${raw}`).toEqual(matchPath(path, op, all, 'x'));
      }
    }
    expect(paths.length).toBeGreaterThan(400);
    expect(candidates / (2 * paths.length)).toBeLessThan(all.length / 4);
  });

  it('after the whole list has been read, candidates come from it, in registry order', () => {
    const lazy = fromFile();
    if ('problem' in lazy) throw new Error(lazy.problem);
    const programs = new Set(['git', 'rm']);
    const before = shellCandidates(lazy.registry, programs).map((p) => p.id);
    expect(viewOf(lazy.registry).shell.length).toBe(viewOf(full).shell.length);
    expect(shellCandidates(lazy.registry, programs).map((p) => p.id)).toEqual(before);
    const order = viewOf(full).shell.map((p) => p.id);
    expect(before.map((id) => order.indexOf(id))).toEqual(before.map((id) => order.indexOf(id)).sort((a, b) => a - b));
  });

  it('a pipe needs both its programs; a program regex, a redirect or a fact makes a pattern a candidate for any command', () => {
    const spec = (names?: string[]) => ({ program: { source: '^x$', flags: '' }, ...(names ? { programNames: names } : {}) });
    const pipe = { match: { pipe: { from: spec(['curl', 'wget']), to: spec(['sh', 'bash']) } } } as Pick<CompiledShell, 'match'>;
    expect(programKey(pipe)).toEqual([['curl', 'wget'], ['sh', 'bash']]);
    expect(isCandidate(programKey(pipe), new Set(['wget', 'bash']))).toBe(true);
    expect(isCandidate(programKey(pipe), new Set(['wget', 'cat']))).toBe(false);
    expect(programKey({ match: { command: spec() } } as Pick<CompiledShell, 'match'>)).toBeNull();
    expect(programKey({ match: { redirect: { targets: [] } } })).toBeNull();
    expect(programKey({ match: { fact: 'background' } })).toBeNull();
    expect(isCandidate(null, new Set())).toBe(true);
  });

  it('a spec naming its subcommand is a candidate only for a segment with that first operand, global options skipped', () => {
    const ctx = { cwd: '/home/dev/project', home: '/home/dev' };
    const ids = (cmd: string) => shellCandidates(full, commandKeys(analyzeShell(cmd, ctx), ctx)).map((p) => p.id);
    const status = ids('git status');
    expect(status.filter((id) => id.startsWith('bash-git/force-push'))).toEqual([]);
    expect(ids('git -C ../other push --force origin main')).toContain('bash-git/force-push');
    expect(ids('git status && git push -f')).toContain('bash-git/force-push');
    // Patterns naming only the program stay candidates for every subcommand.
    const gitOnly = viewOf(full).shell.filter((p) => 'command' in p.match && p.match.command.programNames?.includes('git') && !p.match.command.subcommand);
    for (const p of gitOnly) expect(status).toContain(p.id);
    const git = viewOf(full).shell.filter((p) => programKey(p)?.some((names) => names.some((n) => n.split(' ')[0] === 'git')));
    expect(git.filter((p) => status.includes(p.id)).length).toBeLessThan(git.length / 2);
    const pipe = { match: { command: { program: { source: '^x$', flags: '' }, programNames: ['heroku'], subcommand: [['apps:destroy', 'pg:reset']] } } } as Pick<CompiledShell, 'match'>;
    expect(programKey(pipe)).toEqual([['heroku apps:destroy', 'heroku pg:reset']]);
  });

  it('a path pattern outside the project is no candidate inside it; a glob without literals is one for every path', () => {
    const glob = (literals: string[] | null, flags = '') => ({ source: '^x$', flags, literals });
    // A key keeps what decides: the literals of the case-sensitive and of the case-insensitive globs.
    expect(pathKey({ outsideProject: true, include: [glob(['.ssh']), glob(['.aws/'], 'i'), glob(['.ssh'])] })).toEqual([1, 0, ['.ssh'], ['.aws/']]);
    expect(pathKey({ outsideProject: false, include: [glob(['.ssh']), glob(null)] })).toEqual([0, 1, [], []]);
    const probe = (forms: string[], outsideProject = false) => ({ forms, outsideProject, caseInsensitive: false });
    const both = (p: PathSource, path: PathProbe) => {
      const fromKey = isPathKeyCandidate(pathKey(p), path);
      expect(fromKey).toBe(isPathCandidate(p, path));
      return fromKey;
    };
    expect(both({ outsideProject: true, include: [glob(null)] }, probe(['/home/dev/project/a']))).toBe(false);
    expect(both({ outsideProject: true, include: [glob(null)] }, probe(['/etc/a'], true))).toBe(true);
    expect(both({ outsideProject: false, include: [glob(['.ssh'])] }, probe(['/home/dev/.ssh/id_rsa']))).toBe(true);
    expect(both({ outsideProject: false, include: [glob(['.ssh'])] }, probe(['/home/dev/.SSH/id_rsa']))).toBe(false);
    expect(both({ outsideProject: false, include: [glob(['.ssh'])] }, { ...probe(['/home/dev/.SSH/id_rsa']), caseInsensitive: true })).toBe(true);
    expect(both({ outsideProject: false, include: [glob(['.aws/'], 'i')] }, probe(['/home/dev/.AWS/config']))).toBe(true);
    expect(both({ outsideProject: false, include: [glob(['\u00e9t\u00e9'])] }, { ...probe(['/x/\u00c9T\u00c9']), caseInsensitive: true })).toBe(true);
    expect(both({ outsideProject: false, include: [glob(['\u00e9t\u00e9'])] }, probe(['/x/\u00c9T\u00c9']))).toBe(false);
  });

  it("a hook file's path keys decide as the patterns do, for every shipped pattern and corpus path, case folded or not", () => {
    const paths = [...PATH_ROWS, '/', '~', '/home/dev/.SSH/ID_RSA', '/ETC/passwd', '/home/dev/project/.ENV'];
    let decided = 0;
    for (const p of viewOf(full).paths) {
      const key = pathKey(p);
      for (const raw of paths) {
        for (const caseInsensitive of [false, true]) {
          const path = normalisePath(raw, { cwd: '/home/dev/project', home: '/home/dev', projectDir: '/home/dev/project', facts: { realpath: () => null, caseInsensitive: () => caseInsensitive } });
          expect(isPathKeyCandidate(key, path), `${p.id} ${raw} ${caseInsensitive}`).toBe(isPathCandidate(p, path));
          decided++;
        }
      }
    }
    expect(decided).toBeGreaterThan(10_000);
  });
});

describe('candidates from a hook file without the kind', () => {
  it('fail loudly, as reading the kind would: a build mistake must not judge with no patterns', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'hw-cand-')), 'stop.registry.json');
    writeFileSync(file, embeddedFileText({ sourceHash: 'src', statFingerprint: 'fp', issues: [], registry: registrySubset(full, ['claim', 'action']) }));
    const lazy = readEmbeddedFile(file);
    if ('problem' in lazy) throw new Error(lazy.problem);
    expect(() => shellCandidates(lazy.registry, new Set(['git']))).toThrow(/carries no shell patterns/);
    expect(() => pathCandidates(lazy.registry, { forms: ['/etc/passwd'], outsideProject: true, caseInsensitive: false })).toThrow(/carries no path patterns/);
  });
});
