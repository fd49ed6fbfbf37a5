import { describe, expect, it } from 'vitest';
import { matchPath } from '../../../lib/analyzers/paths/match.js';
import { normalisePath } from '../../../lib/analyzers/paths/normalise.js';
import type { PathOp } from '../../../lib/registry/types.js';
import { viewOf } from '../../../lib/registry/select.js';
import { shippedRegistry } from '../../helpers/registry.js';

const ctx = { cwd: '/home/dev/project', home: '/home/dev', projectDir: '/home/dev/project' };
const ids = async (p: string, op: PathOp = 'write') =>
  matchPath(normalisePath(p, ctx), op, viewOf(await shippedRegistry()).paths, 'test').map((m) => m.id);

describe('path normalisation', () => {
  it('resolves relative paths, .., ~ and $HOME, and gives project-relative forms', () => {
    expect(normalisePath('src/../.env', ctx)).toEqual({ display: '~/project/.env', forms: ['/home/dev/project/.env', '~/project/.env', '.env'], insideProject: true });
    expect(normalisePath('$HOME/.aws/credentials', ctx).display).toBe('~/.aws/credentials');
    expect(normalisePath('~', ctx).display).toBe('~');
    expect(normalisePath('/etc/hosts', ctx)).toMatchObject({ display: '/etc/hosts', insideProject: false });
  });

  it('turns Windows backslashes into forward slashes and keeps the drive', () => {
    expect(normalisePath('C:\\Users\\dev\\project\\.env', ctx).forms[0]).toBe('C:/Users/dev/project/.env');
  });
});

describe('sensitive paths without CYNIC false positives', () => {
  it.each(['.env.example', '.envrc', 'test/credentials.test.ts', 'src/env.ts', '.env.sample'])('%s is not sensitive', async (p) => {
    expect(await ids(p)).toEqual([]);
  });

  it.each([
    ['.env', 'paths-sensitive/env-file'],
    ['apps/api/.env.local', 'paths-sensitive/env-file'],
    ['C:\\Users\\dev\\project\\.env', 'paths-sensitive/env-file'],
    ['~/.ssh/id_ed25519', 'paths-sensitive/private-key-write'],
    ['/home/dev/.aws/credentials', 'paths-sensitive/cloud-credentials'],
    ['.npmrc', 'paths-sensitive/registry-tokens'],
    ['/etc/sudoers', 'paths-sensitive/system-config'],
  ])('%s → %s', async (p, id) => {
    expect(await ids(p)).toContain(id);
  });

  it('judges reads separately from writes', async () => {
    expect(await ids('.env', 'read')).toEqual([]);
    expect(await ids('~/.ssh/id_rsa', 'read')).toEqual(['paths-sensitive/private-key-read']);
  });
});
