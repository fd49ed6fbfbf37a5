// `hookwarden routes` (lib/cli/commands/routes.ts) and doctor's "router catalogue" line over a real project and
// user folder: the table names each candidate as the agent invokes it, the skipped files say why, --json prints
// the catalogue, and a malformed file makes the exit status 1 and doctor warn.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../../lib/cli/io.js';
import { runCli } from '../../lib/cli/main.js';
import type { Catalogue } from '../../lib/catalogue/types.js';
import { md, put, tempLayout } from './helpers.js';

function rig() {
  const l = tempLayout('hw-routes-');
  const out: string[] = [];
  const err: string[] = [];
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: l.home, HOOKWARDEN_HOME: l.hwHome, CLAUDE_PROJECT_DIR: l.project };
  const io: CliIO = { out: (s) => out.push(s), err: (s) => err.push(s), readStdin: () => Buffer.alloc(0), env, cwd: l.project, now: () => 1_000, newId: () => 'id' };
  put(join(l.project, '.claude', 'agents', 'sql.md'), md('name: sql-optimizer\ndescription: Finds slow queries.\ntools: Read, Grep\nhookwarden:\n  intents: [slow query, add an index]\n  anti_intents: [write a migration]'));
  put(join(l.project, '.claude', 'commands', 'frontend', 'build.md'), md('description: Build the front end\nallowed-tools: Bash(npm run build:*)\ndisable-model-invocation: true'));
  put(join(l.home, '.claude', 'skills', 'pdf', 'SKILL.md'), md('description: Read PDFs'));
  return { ...l, io, stdout: () => out.join(''), stderr: () => err.join('') };
}

describe('hookwarden routes', () => {
  it('lists each candidate as invoked, with scope, user-only, tools, hint counts and a short source', async () => {
    const r = rig();
    expect(await runCli(['routes'], r.io)).toBe(0);
    const lines = r.stdout().split('\n');
    expect(lines[0]).toMatch(/^KIND +NAME +SCOPE +USER-ONLY +TOOLS +HINTS +SOURCE$/);
    expect(lines[1]).toMatch(/^agent +sql-optimizer +project +no +Read, Grep +2\/1\/0 +\.claude\/agents\/sql\.md$/);
    expect(lines[2]).toMatch(/^command +\/frontend:build +project +yes +Bash\(npm run build:\*\) +0\/0\/0 +\.claude\/commands\/frontend\/build\.md$/);
    expect(lines[3]).toMatch(/^skill +pdf +user +no +- +0\/0\/0 +~\/\.claude\/skills\/pdf\/SKILL\.md$/);
    expect(r.stdout()).toContain('3 candidates (1 agent, 1 skill, 1 command; project 2, user 1, plugins 0); 0 skipped, 0 malformed');
    expect(readdirSync(r.base)).not.toContain('hw-home'); // read-only: no cache written
  });

  it('prints the catalogue with --json', async () => {
    const r = rig();
    expect(await runCli(['routes', '--json'], r.io)).toBe(0);
    const c = JSON.parse(r.stdout()) as Catalogue;
    expect(c.candidates.map((x) => x.id)).toEqual(['agent:sql-optimizer', 'command:frontend:build', 'skill:pdf']);
    expect(c.candidates[1]).toMatchObject({ name: 'frontend:build', userOnly: true, tools: ['Bash(npm run build:*)'] });
    expect(c.skipped).toEqual([]);
    expect(c.fingerprint).toMatch(/^[0-9a-f]{16}$/);
  });

  it('lists skipped files and why, and exits 1 when one is malformed', async () => {
    const r = rig();
    put(join(r.project, '.claude', 'agents', 'broken.md'), '---\nname: broken\n');
    put(join(r.home, '.claude', 'agents', 'sql.md'), md('name: sql-optimizer\ndescription: the user one'));
    expect(await runCli(['routes'], r.io)).toBe(1);
    // Sorted by absolute path: the home folder here sorts before the project.
    expect(r.stdout()).toContain(
      `skipped (2):\n  ~/.claude/agents/sql.md: shadowed by ${join(r.project, '.claude', 'agents', 'sql.md')}\n  .claude/agents/broken.md: malformed: no closing --- line after the front matter\n`,
    );
    expect(r.stdout()).toMatch(/; 2 skipped, 1 malformed/);
  });

  it('prints a file name holding a line break on one line', async () => {
    const r = rig();
    put(join(r.project, '.claude', 'commands', 'evil\nname.md'), md('description: d'));
    expect(await runCli(['routes'], r.io)).toBe(1);
    expect(r.stdout()).toContain('  .claude/commands/evil\\nname.md: malformed: command path "evil\\nname" holds blanks, slashes or control characters\n');
  });

  it('rejects unknown arguments in one line naming the argument and its options', async () => {
    const r = rig();
    expect(await runCli(['routes', '--bogus'], r.io)).toBe(2);
    expect(r.stderr()).toBe('hookwarden routes: unknown option --bogus; options are --json (see `hookwarden routes --help`)\n');
  });
});

describe('hookwarden doctor: router catalogue', () => {
  const line = (text: string): string => text.split('\n').find((l) => l.slice(6).startsWith('router catalogue')) ?? '(no line)';

  it('says ok with the counts, or warns with the first malformed files and how many more', async () => {
    const r = rig();
    await runCli(['doctor', '--no-timing'], r.io);
    expect(line(r.stdout())).toMatch(/^ok +router catalogue +3 candidates \(1 agent, 1 skill, 1 command; project 2, user 1, plugins 0\)$/);
    const again = rig();
    for (const n of ['a', 'b', 'c', 'd']) put(join(again.project, '.claude', 'agents', `${n}.md`), md('description: no name'));
    await runCli(['doctor', '--no-timing'], again.io);
    const warn = line(again.stdout());
    expect(warn).toMatch(/^warn +router catalogue +4 malformed: .*a\.md \(an agent needs a name in its front matter\); .*b\.md .*; .*c\.md .* and 1 more; `hookwarden routes` lists them/);
  });
});
