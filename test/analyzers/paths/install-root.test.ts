// hookwarden's installed files ($HOOKWARDEN_INSTALL): the hook runner passes the install root down like
// $HOOKWARDEN_HOME, every path inside it gets a `$HOOKWARDEN_INSTALL/<rel>` form, and guard-self/install blocks
// writes and deletes there through Bash and the file tools. Without the root (what-if tools) only the glob
// fallback (`node_modules/hookwarden`) applies; a project that is hookwarden's own checkout is not protected
// from itself.

import { describe, expect, it } from 'vitest';
import { installForm, installRootDirs } from '../../../lib/analyzers/paths/install-root.js';
import { normalisePath } from '../../../lib/analyzers/paths/normalise.js';
import { routeToolExecution } from '../../../lib/engine/route-tool.js';
import { CTX, engineDeps } from '../../helpers/registry.js';

const ctx = { cwd: '/home/dev/project', home: '/home/dev', projectDir: '/home/dev/project' };
const ROOT = '/opt/hookwarden';
const RULE = 'guard-self/install';

/** `installRoot` null: the hook runner gave none (what-if tools). */
async function judge(tool: string, input: Record<string, unknown>, installRoot: string | null = ROOT, projectDir = '/home/dev/project') {
  const d = await routeToolExecution(tool, input, { ...CTX, cwd: projectDir }, await engineDeps({ projectDir, ...(installRoot ? { installRoot } : {}) }));
  return { action: d.decision.action, ids: d.audit.localPatterns, message: d.decision.message, hints: d.decision.hints.join(' ') };
}

describe('the install root as a path form', () => {
  it('adds $HOOKWARDEN_INSTALL/<rel> for paths inside it, the marker for the root itself, nothing elsewhere', () => {
    const forms = (p: string) => normalisePath(p, { ...ctx, installRoot: ROOT }).forms;
    expect(forms('/opt/hookwarden/dist/hooks/pre-tool-use.js')).toContain('$HOOKWARDEN_INSTALL/dist/hooks/pre-tool-use.js');
    expect(forms('/opt/hookwarden/./patterns/../patterns/bash-git.json')).toContain('$HOOKWARDEN_INSTALL/patterns/bash-git.json');
    expect(forms('/opt/hookwarden')).toContain('$HOOKWARDEN_INSTALL');
    expect(forms('/opt/hookwarden-old/dist/cli.js').some((f) => f.startsWith('$HOOKWARDEN_INSTALL'))).toBe(false);
    expect(normalisePath('/opt/hookwarden/dist/cli.js', ctx).forms.some((f) => f.startsWith('$HOOKWARDEN_INSTALL'))).toBe(false);
  });

  it('follows the real location of a symlinked install', () => {
    const real = (p: string) => (p.startsWith('/usr/local/lib/hw') ? p.replace('/usr/local/lib/hw', '/opt/hookwarden') : p);
    expect(installRootDirs('/usr/local/lib/hw', ctx.projectDir, real)).toEqual(['/usr/local/lib/hw', '/opt/hookwarden']);
    expect(installForm('/opt/hookwarden/dist/cli.js', installRootDirs('/usr/local/lib/hw', ctx.projectDir, real), false)).toBe('$HOOKWARDEN_INSTALL/dist/cli.js');
  });

  it('gives no form when the project is the install root or inside it (developing hookwarden from its own checkout), or the root is /', () => {
    expect(installRootDirs('/home/dev/project', '/home/dev/project')).toEqual([]);
    expect(installRootDirs('/home/dev', '/home/dev/project')).toEqual([]);
    expect(installRootDirs('/', '/home/dev/project')).toEqual([]);
    expect(installRootDirs('relative/dir', '/home/dev/project')).toEqual([]);
    expect(installRootDirs('/home/dev/project/node_modules/hookwarden', '/home/dev/project')).toEqual(['/home/dev/project/node_modules/hookwarden']);
  });
});

describe('guard-self/install', () => {
  it.each([
    ['Bash', { command: 'echo "module.exports={}" > /opt/hookwarden/dist/hooks/pre-tool-use.js' }],
    ['Bash', { command: 'rm -rf /opt/hookwarden/dist' }],
    ['Bash', { command: 'rm /opt/hookwarden/dist/hooks/pre-tool-use.code.js' }],
    ['Bash', { command: 'cp /tmp/empty.json /opt/hookwarden/dist/hooks/pre-tool-use.registry.json' }],
    ['Bash', { command: "sed -i 's/\"block\"/\"warn\"/' /opt/hookwarden/patterns/bash-git.json" }],
    ['Bash', { command: 'chmod 000 /opt/hookwarden/dist/hooks/pre-tool-use.js' }],
    ['Bash', { command: 'ln -sf /bin/true /opt/hookwarden/dist/cli.js' }],
    ['Bash', { command: 'cd /opt && mv hookwarden hookwarden.off' }],
    ['Write', { file_path: '/opt/hookwarden/patterns/paths-sensitive.json', content: '{}' }],
    ['Edit', { file_path: '/opt/hookwarden/dist/hooks/pre-tool-use.code.js', old_string: 'block', new_string: 'allow' }],
  ])('blocks %s %j, naming the rule and the hint', async (tool, input) => {
    const v = await judge(tool, input);
    expect(v.action).toBe('block');
    expect(v.ids).toContain(RULE);
    expect(v.message).toContain(`[${RULE}]`);
    expect(v.hints).toContain('reinstall or update hookwarden in their own terminal');
  });

  it('lets reads through: cat, the CLI itself, doctor', async () => {
    for (const command of ['cat /opt/hookwarden/patterns/bash-git.json', 'node /opt/hookwarden/dist/cli.js doctor', 'ls -la /opt/hookwarden/dist/hooks']) {
      expect((await judge('Bash', { command })).ids, command).not.toContain(RULE);
    }
    expect((await judge('Read', { file_path: '/opt/hookwarden/dist/cli.js' })).ids).not.toContain(RULE);
  });

  it('without the install root, only node_modules/hookwarden is known', async () => {
    expect((await judge('Bash', { command: 'rm -rf /opt/hookwarden/dist' }, null)).ids).not.toContain(RULE);
    expect((await judge('Bash', { command: 'rm -rf /usr/lib/node_modules/hookwarden/dist' }, null)).ids).toContain(RULE);
    expect((await judge('Bash', { command: 'rm -rf node_modules/hookwarden' }, null)).action).toBe('block');
    expect((await judge('Bash', { command: 'rm -rf node_modules' }, null)).action).not.toBe('block');
  });

  it("leaves hookwarden's own checkout to the engineer working on it", async () => {
    const v = await judge('Bash', { command: 'rm -rf dist && echo x > patterns/local.json' }, '/home/dev/hookwarden', '/home/dev/hookwarden');
    expect(v.ids).not.toContain(RULE);
    expect(v.action).not.toBe('block');
  });
});
