// Package runners that run a package manager are unwrapped, so `npx npm publish` is judged as `npm publish`;
// a runner that runs any other tool is left alone.

import { describe, expect, it } from 'vitest';
import { stripRunner } from '../../../lib/analyzers/shell/runners.js';
import { analyzeShell } from '../../../lib/analyzers/shell/analyze.js';

const CTX = { cwd: '/home/dev/project', home: '/home/dev', projectDir: '/home/dev/project' };
const judged = (cmd: string) => analyzeShell(cmd, CTX).segments.at(-1)?.argv.join(' ');

describe('stripRunner', () => {
  it.each([
    ['npx npm publish', 'npm publish'],
    ['npx -y --package npm@10 npm@10 publish', 'npm publish'],
    ['bunx npm publish', 'npm publish'],
    ['pnpx pnpm publish', 'pnpm publish'],
    ['npm exec -- npm publish', 'npm publish'],
    ['npm x --yes -- npm publish --tag next', 'npm publish --tag next'],
    ['pnpm dlx npm publish', 'npm publish'],
    ['yarn dlx npm publish', 'npm publish'],
    ['bun x npm publish', 'npm publish'],
    ['corepack pnpm@9.1.0 publish', 'pnpm publish'],
    ['yarn npm publish', 'npm publish'],
    ['/usr/local/bin/npx npm publish', 'npm publish'],
  ])('%s → %s', (cmd, want) => {
    expect(stripRunner(cmd.split(' '))?.rest.join(' ')).toBe(want);
  });

  it.each(['npx vitest run', 'npx publish-please', 'npm exec -- eslint .', 'corepack enable', 'yarn publish', 'npm publish', 'pnpm exec tsc', 'npx'])(
    'leaves %s alone',
    (cmd) => {
      expect(stripRunner(cmd.split(' '))).toBeUndefined();
    },
  );

  it('unwraps through the analyzer, nested in sudo and bash -c, and records the runner as a wrapper', () => {
    expect(judged("sudo bash -c 'npx npm publish'")).toBe('npm publish');
    expect(analyzeShell('npx npm publish', CTX).segments[0]?.wrappers).toEqual(['npx']);
    expect(judged('corepack npx npm publish')).toBe('npm publish');
  });
});
