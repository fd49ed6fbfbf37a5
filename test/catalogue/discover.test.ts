// Discovery over real folders in os.tmpdir(): project over user precedence (the loser reported as shadowed),
// command subfolders, skill folders, and the bounds: 501 files, a 1 MB file, a FIFO and a folder where a file
// should be, links (a symlinked agent file is normal; a dangling one is said), depth under commands/.

import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverCatalogue } from '../../lib/catalogue/discover.js';
import { MAX_CANDIDATE_FILES, MAX_FILE_BYTES } from '../../lib/catalogue/limits.js';
import { md, put, tempLayout } from './helpers.js';

const agent = (name: string, description = `the ${name} agent`): string => md(`name: ${name}\ndescription: ${description}`);
const ids = (c: ReturnType<typeof discoverCatalogue>): string[] => c.candidates.map((x) => x.id);

describe('discovery: sources, names and precedence', () => {
  it('finds project and user agents, skills and commands, sorted by id, with the scope and source of each', () => {
    const l = tempLayout();
    put(join(l.project, '.claude', 'agents', 'sql.md'), agent('sql-optimizer'));
    put(join(l.project, '.claude', 'skills', 'pdf', 'SKILL.md'), md('description: read PDFs'));
    put(join(l.project, '.claude', 'commands', 'deploy.md'), md('description: deploy it'));
    put(join(l.home, '.claude', 'agents', 'reviewer.md'), agent('reviewer'));
    put(join(l.home, '.claude', 'commands', 'standup.md'), '# Write the stand-up note\n');
    put(join(l.project, '.claude', 'agents', 'notes.txt'), 'not markdown');
    const c = discoverCatalogue({ projectDir: l.project, home: l.home });
    expect(ids(c)).toEqual(['agent:reviewer', 'agent:sql-optimizer', 'command:deploy', 'command:standup', 'skill:pdf']);
    expect(c.candidates.find((x) => x.id === 'agent:reviewer')).toMatchObject({ scope: 'user', source: join(l.home, '.claude', 'agents', 'reviewer.md') });
    expect(c.candidates.find((x) => x.id === 'command:standup')?.description).toBe('Write the stand-up note');
    expect(c.skipped).toEqual([]);
    expect(c.fingerprint).toMatch(/^[0-9a-f]{16}$/);
  });

  it('lets a project candidate shadow a user one of the same kind and name, and says so', () => {
    const l = tempLayout();
    const mine = put(join(l.project, '.claude', 'agents', 'review.md'), agent('reviewer', 'project reviewer'));
    const theirs = put(join(l.home, '.claude', 'agents', 'reviewer.md'), agent('reviewer', 'user reviewer'));
    put(join(l.home, '.claude', 'skills', 'reviewer', 'SKILL.md'), md('description: a skill, not an agent'));
    const c = discoverCatalogue({ projectDir: l.project, home: l.home });
    expect(c.candidates.find((x) => x.id === 'agent:reviewer')).toMatchObject({ description: 'project reviewer', source: mine });
    expect(ids(c)).toContain('skill:reviewer');
    expect(c.skipped).toEqual([{ path: theirs, reason: `shadowed by ${mine}` }]);
  });

  it('names commands by their path under commands/ joined with ":", and a folder with a SKILL.md as one command', () => {
    const l = tempLayout();
    const cmds = join(l.project, '.claude', 'commands');
    put(join(cmds, 'frontend', 'build.md'), md('description: build'));
    put(join(cmds, 'a', 'b', 'c', 'deep.md'), md('description: four levels'));
    put(join(cmds, 'a', 'b', 'c', 'd', 'too-deep.md'), md('description: five levels'));
    put(join(cmds, 'release', 'SKILL.md'), md('description: release steps'));
    put(join(cmds, 'release', 'notes.md'), md('description: part of the release skill, not a command'));
    const c = discoverCatalogue({ projectDir: l.project, home: l.home });
    expect(ids(c)).toEqual(['command:a:b:c:deep', 'command:frontend:build', 'command:release']);
    expect(c.skipped).toEqual([{ path: join(cmds, 'a', 'b', 'c', 'd'), reason: 'deeper than 4 levels under commands/: not walked' }]);
  });

  it('reports a malformed file with its reason and goes on', () => {
    const l = tempLayout();
    const bad = put(join(l.project, '.claude', 'agents', 'bad.md'), '---\nname: bad\ndescription: "open\n---\n');
    const nameless = put(join(l.project, '.claude', 'agents', 'nameless.md'), md('description: who am I'));
    put(join(l.project, '.claude', 'agents', 'good.md'), agent('good'));
    const c = discoverCatalogue({ projectDir: l.project, home: l.home });
    expect(ids(c)).toEqual(['agent:good']);
    expect(c.skipped).toEqual([
      { path: bad, reason: 'malformed: unterminated quoted string (line 3)' },
      { path: nameless, reason: 'malformed: an agent needs a name in its front matter' },
    ]);
  });

  it('reads the user folder once when the project is the home folder', () => {
    const l = tempLayout();
    put(join(l.home, '.claude', 'agents', 'a.md'), agent('a'));
    const c = discoverCatalogue({ projectDir: l.home, home: l.home });
    expect(c.candidates.map((x) => [x.id, x.scope])).toEqual([['agent:a', 'user']]);
    expect(c.skipped).toEqual([]);
  });
});

describe('discovery: bounds and special files', () => {
  it(`reads at most ${MAX_CANDIDATE_FILES} candidate files, and says how many more were left`, () => {
    const l = tempLayout();
    const dir = join(l.project, '.claude', 'commands');
    for (let i = 0; i < MAX_CANDIDATE_FILES + 1; i++) put(join(dir, `c${String(i).padStart(3, '0')}.md`), md(`description: command ${i}`));
    const c = discoverCatalogue({ projectDir: l.project, home: l.home });
    expect(c.candidates).toHaveLength(MAX_CANDIDATE_FILES);
    expect(ids(c).at(-1)).toBe('command:c499');
    expect(c.skipped).toEqual([{ path: dir, reason: `1 more candidate file not read: over the limit of ${MAX_CANDIDATE_FILES}` }]);
  });

  it('does not read a 1 MB file, a FIFO or a folder named like an agent file, and never waits on the FIFO', () => {
    const l = tempLayout();
    const agents = join(l.project, '.claude', 'agents');
    const big = put(join(agents, 'big.md'), Buffer.concat([Buffer.from(agent('big')), Buffer.alloc(1024 * 1024, 'x')]));
    const folder = join(agents, 'folder.md');
    mkdirSync(folder, { recursive: true });
    const fifo = join(agents, 'fifo.md');
    const haveFifo = spawnSync('mkfifo', [fifo]).status === 0;
    put(join(agents, 'ok.md'), agent('ok'));
    const t0 = Date.now();
    const c = discoverCatalogue({ projectDir: l.project, home: l.home });
    expect(Date.now() - t0).toBeLessThan(5000); // a hang would be the test timeout; this only names it
    expect(ids(c)).toEqual(['agent:ok']);
    expect(c.skipped).toEqual([
      { path: big, reason: `over ${MAX_FILE_BYTES} bytes: not read` },
      ...(haveFifo ? [{ path: fifo, reason: 'is a FIFO, not a regular file' }] : []),
      { path: folder, reason: 'is a folder, not a file' },
    ]);
  });

  it('follows a symlinked agent file and a symlinked skill folder; a dangling link is said', () => {
    const l = tempLayout();
    const dotfiles = join(l.base, 'dotfiles');
    const real = put(join(dotfiles, 'agents', 'linked.md'), agent('linked'));
    put(join(dotfiles, 'skills', 'shared', 'SKILL.md'), md('description: a shared skill'));
    const agents = join(l.project, '.claude', 'agents');
    mkdirSync(agents, { recursive: true });
    mkdirSync(join(l.project, '.claude', 'skills'), { recursive: true });
    symlinkSync(real, join(agents, 'linked.md'));
    symlinkSync(join(dotfiles, 'skills', 'shared'), join(l.project, '.claude', 'skills', 'shared'));
    symlinkSync(join(dotfiles, 'missing.md'), join(agents, 'gone.md'));
    const c = discoverCatalogue({ projectDir: l.project, home: l.home });
    expect(ids(c)).toEqual(['agent:linked', 'skill:shared']);
    expect(c.candidates[0]?.source).toBe(join(agents, 'linked.md'));
    expect(c.skipped).toEqual([{ path: join(agents, 'gone.md'), reason: 'is a dangling symbolic link' }]);
  });

  it('says when a skill folder has no SKILL.md, and when a .md file sits in skills/; hidden folders are passed over', () => {
    const l = tempLayout();
    const skills = join(l.project, '.claude', 'skills');
    mkdirSync(join(skills, 'empty'), { recursive: true });
    mkdirSync(join(skills, '.git', 'objects'), { recursive: true });
    put(join(l.project, '.claude', 'commands', '.git', 'HEAD.md'), 'not a command');
    put(join(skills, 'loose.md'), md('description: loose'));
    const c = discoverCatalogue({ projectDir: l.project, home: l.home });
    expect(c.candidates).toEqual([]);
    expect(c.skipped).toEqual([
      { path: join(skills, 'empty', 'SKILL.md'), reason: 'is missing: the folder is not a skill' },
      { path: join(skills, 'loose.md'), reason: 'not a skill: skills are folders holding a SKILL.md' },
    ]);
  });

  it('is deterministic: the same files give the same catalogue and fingerprint', () => {
    const l = tempLayout();
    for (const n of ['b', 'a', 'c']) put(join(l.project, '.claude', 'agents', `${n}.md`), agent(n));
    expect(discoverCatalogue({ projectDir: l.project, home: l.home })).toEqual(discoverCatalogue({ projectDir: l.project, home: l.home }));
  });
});
