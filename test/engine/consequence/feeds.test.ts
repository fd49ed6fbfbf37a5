// Deletes fed from a list file the command names: the hook's reader reads it (inside the project, a regular
// file, bounded) and each item is judged as a target; a list it cannot read asks (docs/policy.md).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEED_UNKNOWN_ID } from '../../../lib/engine/consequence/feeds.js';
import { DELETE_WORK_ID } from '../../../lib/engine/consequence/deletes.js';
import { routeToolExecution } from '../../../lib/engine/route-tool.js';
import { FEED_MAX_BYTES, feedReader, repoProbe } from '../../../lib/hook/repo-probe.js';
import { cleanRepo, write } from '../../helpers/git-repo.js';
import { engineDeps } from '../../helpers/registry.js';

async function judge(dir: string, command: string) {
  const deps = await engineDeps({ projectDir: dir, repo: repoProbe({ env: process.env }), readFeed: feedReader(dir) });
  const d = await routeToolExecution('Bash', { command }, { sessionId: 's', cwd: dir, permissionMode: 'default' }, deps);
  return { action: d.decision.action, message: d.decision.message ?? '', ids: d.audit.localPatterns };
}

describe('list-fed deletes', () => {
  it('each listed item is judged as a target: a system directory blocks, generated outputs pass', async () => {
    const dir = cleanRepo();
    write(dir, 'dirs.txt', '/etc\n');
    write(dir, 'clean.txt', 'dist\nnode_modules\n\ncoverage\n');
    for (const cmd of ['cat dirs.txt | xargs rm -rf', 'xargs -a dirs.txt rm -r', 'xargs rm -r < dirs.txt', 'while read d; do rm -rf "$d"; done < dirs.txt', 'cat dirs.txt | xargs -I{} rm -rf {}', 'cat dirs.txt | parallel rm -rf {}', 'parallel rm -r :::: dirs.txt']) {
      const r = await judge(dir, cmd);
      expect(r.action, cmd).toBe('block');
      expect(r.ids, cmd).toContain('bash-filesystem/rm-system-dir');
    }
    expect((await judge(dir, 'cat clean.txt | xargs rm -rf')).action).toBe('silent');
    expect((await judge(dir, 'while IFS= read -r d; do rm -rf -- "$d"; done < clean.txt')).action).toBe('silent');
  });

  it('a listed project path holding uncommitted work asks, naming it', async () => {
    const dir = cleanRepo();
    write(dir, 'src/new.ts');
    write(dir, 'dirs.txt', 'src\n');
    const r = await judge(dir, 'cat dirs.txt | xargs rm -rf');
    expect(r.ids).toEqual([DELETE_WORK_ID]);
    expect(r.message).toContain('src/new.ts (untracked)');
  });

  it('a list it cannot read asks: missing, outside the project (also through a symlink), too big, a FIFO', async () => {
    const dir = cleanRepo();
    const outside = realpathSync(mkdtempSync(join(tmpdir(), 'hw-outside-')));
    writeFileSync(join(outside, 'list.txt'), 'src\n');
    symlinkSync(join(outside, 'list.txt'), join(dir, 'linked.txt'));
    write(dir, 'big.txt', 'x\n'.repeat(FEED_MAX_BYTES));
    execFileSync('mkfifo', [join(dir, 'pipe.txt')]);
    const cases: Array<[string, RegExp]> = [
      ['cat missing.txt | xargs rm -rf', /missing\.txt could not be read \(ENOENT\)/],
      [`xargs -a ${outside}/list.txt rm`, /is outside the project/],
      ['xargs -a linked.txt rm', /is outside the project/],
      ['xargs -a big.txt rm', /is over 65536 bytes/],
      ['xargs -a pipe.txt rm', /is not a regular file/],
      ['cd "$X" && cat d.txt | xargs rm', /only known at run time/],
    ];
    for (const [cmd, why] of cases) {
      const r = await judge(dir, cmd);
      expect(r.action, cmd).toBe('ask');
      expect(r.ids, cmd).toContain(FEED_UNKNOWN_ID);
      expect(r.message, cmd).toMatch(why);
    }
  });

  it('a list fed to a reader is not read, and the literal feeds of v0.3 still block', async () => {
    const dir = cleanRepo();
    expect((await judge(dir, 'cat missing.txt | xargs wc -l')).action).toBe('silent');
    expect((await judge(dir, "printf '%s\\n' /etc | xargs rm -r")).action).toBe('block');
  });
});
