// Which headless browser the browser tests drive: $HOOKWARDEN_BROWSER when set, else the first Chromium or Chrome
// found under its usual names on PATH or at its usual install paths. Without one the tests skip with one line,
// except under CI (`CI` set), where a missing browser is a failure (.ci/run installs Debian's chromium).

import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Names looked up on PATH, in order. */
export const BROWSER_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];

/** Install paths tried after PATH (Debian/Ubuntu, snap, Google's .deb, macOS). */
export const BROWSER_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

export type BrowserLookup =
  | { found: true; path: string; from: 'HOOKWARDEN_BROWSER' | 'PATH' | 'install path' }
  | { found: false; why: string };

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findBrowser(env: NodeJS.ProcessEnv = process.env, isExecutable: (path: string) => boolean = executable): BrowserLookup {
  const chosen = env.HOOKWARDEN_BROWSER;
  if (chosen) {
    return isExecutable(chosen)
      ? { found: true, path: chosen, from: 'HOOKWARDEN_BROWSER' }
      : { found: false, why: `HOOKWARDEN_BROWSER=${chosen} is not an executable file` };
  }
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of BROWSER_NAMES) {
    for (const dir of dirs) {
      const p = join(dir, name);
      if (isExecutable(p)) return { found: true, path: p, from: 'PATH' };
    }
  }
  const p = BROWSER_PATHS.find(isExecutable);
  if (p) return { found: true, path: p, from: 'install path' };
  return { found: false, why: `no Chromium or Chrome found (looked for ${BROWSER_NAMES.join(', ')} on PATH and at ${BROWSER_PATHS.length} install paths)` };
}

/** What a browser test does without a browser: skip with this one line, or (under CI) fail with it. */
export function browserPolicy(lookup: BrowserLookup, env: NodeJS.ProcessEnv = process.env): { run: true; path: string } | { run: false; fail: boolean; line: string } {
  if (lookup.found) return { run: true, path: lookup.path };
  const ci = Boolean(env.CI) && env.CI !== 'false' && env.CI !== '0';
  return ci
    ? { run: false, fail: true, line: `browser tests: ${lookup.why}; CI is set, so this fails (install chromium, or set HOOKWARDEN_BROWSER)` }
    : { run: false, fail: false, line: `browser tests skipped: ${lookup.why}; install chromium or set HOOKWARDEN_BROWSER=/path/to/chrome to run them` };
}
