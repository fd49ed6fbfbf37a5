// Verify after write at Stop (lib/engine/verify-write.ts through routeStop): a check that ran after the last change
// and failed, changes no check covers (session.verifyIgnore), the setting named in the reason, and claims against
// failed runs.

import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../lib/config/defaults.js';
import type { HookwardenConfig } from '../../lib/config/types.js';
import { routeStop, UNVERIFIED_ID } from '../../lib/engine/route-stop.js';
import { applyEffects, freshState, type SessionEffect, type SessionState } from '../../lib/session/state.js';
import type { ActionKind } from '../../lib/registry/types.js';
import { CTX, engineDeps, FIXED_NOW } from '../helpers/registry.js';

const apply = (effects: SessionEffect[], s = freshState('s-1', '/home/dev/project', FIXED_NOW)): SessionState =>
  applyEffects(s, [{ type: 'prompt' }, ...effects], { now: FIXED_NOW, config: { rememberApprovals: 'session' } }).state;
const wrote = (...paths: string[]): SessionEffect => ({ type: 'observed', tool: 'Write', writes: paths, reads: [], actions: [] });
const ran = (kind: ActionKind, command: string, failed = false): SessionEffect => ({
  type: 'observed',
  tool: 'Bash',
  writes: [],
  reads: [],
  actions: [{ kind, command }],
  ...(failed ? { failed: true as const } : {}),
});
const config = (session: Partial<HookwardenConfig['session']>): HookwardenConfig => ({ ...DEFAULT_CONFIG, session: { ...DEFAULT_CONFIG.session, ...session } });
const checks = () => [{ command: 'npm test', source: 'package.json scripts.test' }];

async function stop(s: SessionState, cfg = DEFAULT_CONFIG, lastMessage = 'Done.') {
  return routeStop({ stopHookActive: false, lastMessage }, CTX, await engineDeps({ session: s, config: cfg, projectChecks: checks }));
}
const ids = (d: Awaited<ReturnType<typeof stop>>) => d.local.matches.map((m) => m.id);

describe('a check that ran after the last change and failed', () => {
  it('blocks once, naming the command and asking for a fix or a plain report, not for a check', async () => {
    const s = apply([wrote('src/a.ts'), ran('test', 'npm test -- --run', true)]);
    const d = await stop(s);
    expect(d.decision.action).toBe('block');
    expect(ids(d)).toEqual([UNVERIFIED_ID]);
    expect(d.decision.message).toContain('the last test run after the last change failed (`npm test -- --run`) (session.verifyAfterWrite: block; remind or off in ~/.hookwarden/config.json) [session/unverified-changes] — matched: src/a.ts');
    expect(d.decision.message).not.toContain('nothing checked');
    expect(d.decision.hints.join(' ')).toMatch(/^Fix what it reports and run it again, or tell the user plainly that it fails and why\./);
    expect(d.effects).toEqual([{ type: 'nudged', verifyWriteSeq: s.lastWriteSeq }]);
    // Once per last change.
    const after = applyEffects(s, d.effects!, { now: FIXED_NOW, config: { rememberApprovals: 'session' } }).state;
    expect((await stop(after)).local.matches).toEqual([]);
  });

  it('a later passing run of the same check clears it; a later change asks for a check again', async () => {
    expect((await stop(apply([wrote('src/a.ts'), ran('test', 'npm test', true), ran('test', 'npm test')]))).local.matches).toEqual([]);
    const changedAgain = await stop(apply([wrote('src/a.ts'), ran('test', 'npm test', true), wrote('src/a.ts')]));
    expect(ids(changedAgain)).toEqual([UNVERIFIED_ID]);
    expect(changedAgain.decision.message).toContain('1 changed file was not checked');
  });

  it('another check passing does not hide a failed one (lint passes, tests fail)', async () => {
    const d = await stop(apply([wrote('src/a.ts'), ran('lint', 'npm run lint'), ran('test', 'npm test', true)]));
    // The passing lint cleared the list of unchecked files, so the reason names the failed command.
    expect(d.decision.message).toContain('the last test run after the last change failed (`npm test`) (session.verifyAfterWrite: block; remind or off in ~/.hookwarden/config.json) [session/unverified-changes] — matched: npm test.');
    const both = await stop(apply([wrote('src/a.ts'), ran('typecheck', 'npx tsc --noEmit', true), ran('test', 'npm test', true)]));
    expect(both.decision.message).toContain('the last type-check and test run after the last change failed (`npx tsc --noEmit`, `npm test`)');
  });

  it('a failing check in a session that changed nothing is not verify-after-write\'s business', async () => {
    expect((await stop(apply([ran('test', 'npm test', true)]))).local.matches).toEqual([]);
  });

  it('a failed test run backs no "tests pass" claim, and the reason says it failed; "I ran the tests" it does back', async () => {
    const s = apply([wrote('src/a.ts'), ran('test', 'npm test', true)]);
    const pass = await stop(s, config({ verifyAfterWrite: 'off' }), 'All tests pass.');
    expect(ids(pass)).toEqual(['claims/tests-pass']);
    expect(pass.decision.message).toContain('the message says the tests pass, but the test command that ran after the last file change failed (`npm test`)');
    expect((await stop(s, config({ verifyAfterWrite: 'off' }), 'I ran the tests.')).local.matches).toEqual([]);
    // A script that failed: the claim of having run it stands only if it succeeded, and the reason says it failed.
    const script = await stop(apply([ran('exec', './scripts/migrate.sh', true)]), DEFAULT_CONFIG, 'I ran the migration script.');
    expect(ids(script)).toEqual(['claims/ran-command']);
    expect(script.decision.message).toContain('but the command that ran in this turn failed (`./scripts/migrate.sh`)');
    // Without any run, the claim says none ran.
    const none = await stop(apply([wrote('src/a.ts')]), config({ verifyAfterWrite: 'off' }), 'All tests pass.');
    expect(none.decision.message).toContain('but no test command ran after the last file change');
  });
});

describe('the setting, named in the reason', () => {
  it('block and remind each name the setting and the values that change it', async () => {
    const s = apply([wrote('src/a.ts')]);
    const b = await stop(s);
    expect(b.decision.hints.join(' ')).toContain('Run `npm test` (package.json scripts.test) and report its real result.');
    expect(b.decision.message).toContain('(session.verifyAfterWrite: block; remind or off in ~/.hookwarden/config.json)');
    const r = await stop(s, config({ verifyAfterWrite: 'remind' }));
    expect(r.decision.action).toBe('warn');
    expect(r.decision.message).toContain('(session.verifyAfterWrite: remind; block or off in ~/.hookwarden/config.json)');
    const failed = await stop(apply([wrote('src/a.ts'), ran('build', 'npm run build', true)]));
    expect(failed.decision.message).toContain('(session.verifyAfterWrite: block;');
    // The hint is the check's alone, so it is not repeated when a phantom claim gives the same one.
    expect(b.decision.hints.join(' ')).not.toContain('session.verifyAfterWrite');
  });
});

describe('session.verifyIgnore: changes no check covers', () => {
  it('documentation and prose alone never arm the check, CLAUDE.md and README.md included', async () => {
    const docs = ['README.md', 'CLAUDE.md', 'packages/x/README.md', '.claude/agents/reviewer.md', 'docs/guide.html', 'docs/api/index.rst', 'LICENSE', 'CHANGELOG', 'NOTICE.txt'];
    expect((await stop(apply([wrote(...docs)]))).local.matches).toEqual([]);
  });

  it('with code changed too, only the code is listed, and a doc edit after the nudge does not arm it again', async () => {
    const s = apply([wrote('README.md', 'src/a.ts', 'docs/notes.md')]);
    const d = await stop(s);
    expect(ids(d)).toEqual([UNVERIFIED_ID]);
    expect(d.decision.message).toContain('1 changed file was not checked');
    expect(d.decision.message).toContain('matched: src/a.ts.');
    const nudged = applyEffects(s, [...d.effects!, wrote('CLAUDE.md')], { now: FIXED_NOW, config: { rememberApprovals: 'session' } }).state;
    expect((await stop(nudged)).local.matches).toEqual([]);
    // …but a code edit does.
    const again = applyEffects(nudged, [wrote('src/b.ts')], { now: FIXED_NOW, config: { rememberApprovals: 'session' } }).state;
    expect(ids(await stop(again))).toEqual([UNVERIFIED_ID]);
  });

  it('code that only looks like prose still counts (case-sensitive globs, no .txt or .mdx)', async () => {
    for (const path of ['src/license.ts', 'requirements.txt', 'CMakeLists.txt', 'site/index.mdx', 'src/readme.md.ts']) {
      expect(ids(await stop(apply([wrote(path)]))), path).toEqual([UNVERIFIED_ID]);
    }
  });

  it('is configurable: an empty list makes every change count, a project glob ignores its files', async () => {
    expect(ids(await stop(apply([wrote('README.md')]), config({ verifyIgnore: [] })))).toEqual([UNVERIFIED_ID]);
    const custom = config({ verifyIgnore: ['fixtures/**/*.json'] });
    expect((await stop(apply([wrote('fixtures/a/b.json')]), custom)).local.matches).toEqual([]);
    expect(ids(await stop(apply([wrote('README.md')]), custom))).toEqual([UNVERIFIED_ID]);
  });

  it('a doc edit after a check does not hide that check\'s failure', async () => {
    const d = await stop(apply([wrote('src/a.ts'), ran('test', 'npm test', true), wrote('README.md')]));
    expect(d.decision.message).toContain('the last test run after the last change failed (`npm test`)');
  });
});
