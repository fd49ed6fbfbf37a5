// The install instructions a user copies. `npx hookwarden …` runs whatever package npm resolves under that name
// (and, as a hook, resolves it on every call); the docs name the installed `hookwarden` or `node dist/cli.js`.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './pack.js';

function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? markdownUnder(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : []));
}

describe('install instructions', () => {
  const pages = [join(ROOT, 'README.md'), join(ROOT, 'CHANGELOG.md'), ...markdownUnder(join(ROOT, 'docs'))];

  it('no page tells a user to run npx hookwarden', () => {
    const found = pages.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bnpx\s+(-\S+\s+)*hookwarden\b/.test(line) ? [`${relative(ROOT, file)}:${i + 1}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it("the README's first screen gives one install command per route", () => {
    const top = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').slice(0, 40).join('\n');
    expect(top).toContain('npm i -g hookwarden && hookwarden install');
    expect(top).toMatch(/\/plugin marketplace add \S+/);
    expect(top).toContain('/plugin install hookwarden@hookwarden');
    expect(top).toContain('npm ci && npm run build && node dist/cli.js install');
  });
});
