// Target classification and cd tracking: where a path operand really points.

import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../lib/analyzers/shell/analyze.js';
import { classifyTarget, type TargetClass } from '../../../lib/analyzers/shell/targets.js';

const t = { cwd: '/home/dev/project', home: '/home/dev', projectDir: '/home/dev/project' };

describe('classifyTarget', () => {
  const cases: [string, TargetClass, Partial<typeof t>?][] = [
    ['/', 'root'],
    ['//', 'root'],
    ['/*', 'root'],
    ['/.*', 'root'],
    ['../../..', 'root'],
    ['/etc', 'system'],
    ['/etc/nginx/sites-enabled/default', 'system'],
    ['/usr/lib', 'system'],
    ['/var/lib', 'system'],
    ['/home/alice', 'system'],
    ['/var/log/myapp/old', 'outside'],
    ['~', 'home'],
    ['$HOME', 'home'],
    ['${HOME}/', 'home'],
    ['/home/dev', 'home'],
    ['~/*', 'home'],
    ['~/.*', 'home'],
    ['..', 'home'],
    ['~/.ssh', 'home-config'],
    ['~/.ssh/id_ed25519', 'home-config'],
    ['~/.bashrc', 'home-config'],
    ['~/.config', 'home-config'],
    ['~/.config/gcloud/credentials.db', 'home-config'],
    ['~/.config/myapp', 'outside'],
    ['~/.cache', 'cache'],
    ['~/.cache/pip/wheels', 'cache'],
    ['~/.npm/_cacache', 'cache'],
    ['~/other-project', 'outside'],
    ['.', 'project-root'],
    ['*', 'project-root'],
    ['./*', 'project-root'],
    ['/home/dev/project', 'project-root'],
    ['$CLAUDE_PROJECT_DIR', 'project-root'],
    ['$PWD', 'project-root'],
    ['.git', 'project-git'],
    ['./.git/', 'project-git'],
    ['.git/hooks/pre-commit', 'project'],
    ['build', 'project'],
    ['*.log', 'project'],
    ['src/*', 'project'],
    ['../sibling', 'outside'],
    ['/tmp/x', 'temp'],
    ['/tmp', 'temp'],
    ['$TMPDIR/build', 'temp'],
    ['/var/tmp/cache', 'temp'],
    ['$DIR/', 'unset-var'],
    ['$PREFIX/*', 'unset-var'],
    ['~/$SUB', 'unset-var'],
    ['$OUT/build', 'unknown'],
    ['$DIR', 'unknown'],
    ['${DIR:?}/', 'unknown'],
    ['$(pwd)/x', 'unknown'],
    ['src', 'unknown', { cwd: undefined }],
    ['/home/dev/project/src', 'project', { cwd: undefined }],
    ['..', 'project-root', { cwd: '/home/dev/project/src' }],
    ['/var/www/site/build', 'project', { cwd: '/var/www/site', projectDir: '/var/www/site' }],
    ['/var/www', 'system', { cwd: '/var/www/site', projectDir: '/var/www/site' }],
    ['/srv/apps', 'system', { cwd: '/srv/apps/shop', projectDir: '/srv/apps/shop' }],
  ];
  for (const [word, cls, over] of cases) {
    it(`${word}${over ? ` (${JSON.stringify(over)})` : ''} → ${cls}`, () => {
      expect(classifyTarget(word, { ...t, ...over })).toBe(cls);
    });
  }
});

describe('cd tracking', () => {
  const ctx = { cwd: '/home/dev/project', home: '/home/dev', projectDir: '/home/dev/project' };
  const cwds = (cmd: string): (string | undefined)[] => analyzeShell(cmd, ctx).segments.map((s) => s.cwd);

  it('moves later segments, relative and absolute', () => {
    expect(cwds('cd build && ls; cd /tmp; ls; cd; ls; cd ~/x; ls')).toEqual([
      '/home/dev/project',
      '/home/dev/project/build',
      '/home/dev/project/build',
      '/tmp',
      '/tmp',
      '/home/dev',
      '/home/dev',
      '/home/dev/x',
    ]);
  });

  it('forgets the cwd after cd to something unknowable', () => {
    expect(cwds('cd "$X" && ls; cd - ; ls; popd; ls').filter((_, i) => i % 2 === 1)).toEqual([undefined, undefined, undefined]);
  });

  it('a cd inside ( ), $( ) or bash -c does not leak out', () => {
    const last = (cmd: string) => cwds(cmd).at(-1);
    expect(last('(cd /; ls); ls')).toBe('/home/dev/project');
    expect(last('echo $(cd /etc; pwd); ls')).toBe('/home/dev/project');
    expect(last("bash -c 'cd /'; ls")).toBe('/home/dev/project');
    expect(last('{ cd /tmp; }; ls')).toBe('/tmp');
  });

  it('commands on another host or in a container have no known cwd', () => {
    const segs = analyzeShell("ssh prod 'rm -rf build'; docker exec web rm -rf build", ctx).segments;
    expect(segs.filter((s) => s.program === 'rm').map((s) => s.cwd)).toEqual([undefined, undefined]);
  });

  it('here-string and heredoc bodies become the segment stdin', () => {
    const [seg] = analyzeShell('psql app <<SQL\nDROP TABLE users;\nSQL', ctx).segments;
    expect(seg?.stdin).toBe('DROP TABLE users;');
    expect(analyzeShell("redis-cli <<< 'FLUSHALL'", ctx).segments[0]?.stdin).toBe('FLUSHALL');
  });
});
