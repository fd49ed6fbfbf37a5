// The browser lookup behind the browser tests: a user's own choice first, then PATH, then install paths; without
// one, a skip with one line on a laptop and a failure under CI.

import { describe, expect, it } from 'vitest';
import { browserPolicy, findBrowser } from './browser.js';

const only = (...paths: string[]) => (p: string): boolean => paths.includes(p);

describe('findBrowser', () => {
  it('takes HOOKWARDEN_BROWSER first, and says so when it is not executable', () => {
    expect(findBrowser({ HOOKWARDEN_BROWSER: '/opt/x/chrome', PATH: '/usr/bin' }, only('/opt/x/chrome', '/usr/bin/chromium'))).toEqual({
      found: true,
      path: '/opt/x/chrome',
      from: 'HOOKWARDEN_BROWSER',
    });
    const r = findBrowser({ HOOKWARDEN_BROWSER: '/opt/x/chrome', PATH: '/usr/bin' }, only('/usr/bin/chromium'));
    expect(r).toEqual({ found: false, why: 'HOOKWARDEN_BROWSER=/opt/x/chrome is not an executable file' });
  });

  it('finds chromium or chrome on PATH, then at the usual install paths', () => {
    expect(findBrowser({ PATH: '/nope:/home/dev/bin' }, only('/home/dev/bin/google-chrome-stable'))).toEqual({
      found: true,
      path: '/home/dev/bin/google-chrome-stable',
      from: 'PATH',
    });
    expect(findBrowser({ PATH: '/nope' }, only('/opt/google/chrome/chrome'))).toEqual({ found: true, path: '/opt/google/chrome/chrome', from: 'install path' });
  });
});

describe('browserPolicy', () => {
  const none = findBrowser({ PATH: '/nope' }, () => false);

  it('skips with one line naming the way out when no browser is found', () => {
    const p = browserPolicy(none, {});
    expect(p).toMatchObject({ run: false, fail: false });
    if (p.run) throw new Error('unreachable');
    expect(p.line).toMatch(/^browser tests skipped: no Chromium or Chrome found .*HOOKWARDEN_BROWSER/);
    expect(p.line).not.toContain('\n');
  });

  it('fails under CI instead of skipping', () => {
    expect(browserPolicy(none, { CI: 'true' })).toMatchObject({ run: false, fail: true });
    expect(browserPolicy(none, { CI: '1' })).toMatchObject({ run: false, fail: true });
    expect(browserPolicy(none, { CI: 'false' })).toMatchObject({ run: false, fail: false });
  });

  it('runs with the browser found', () => {
    expect(browserPolicy({ found: true, path: '/usr/bin/chromium', from: 'PATH' }, { CI: '1' })).toEqual({ run: true, path: '/usr/bin/chromium' });
  });
});
