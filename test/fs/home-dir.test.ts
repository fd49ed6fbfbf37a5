// homeDir (lib/fs/home-dir.ts) is os.homedir() without loading node:os when $HOME answers: the same directory
// with HOME set, unset or empty.

import { homedir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { homeDir } from '../../lib/fs/home-dir.js';

const saved = process.env.HOME;
afterEach(() => {
  if (saved === undefined) delete process.env.HOME;
  else process.env.HOME = saved;
});

describe('homeDir', () => {
  it('is os.homedir() whatever HOME holds', () => {
    for (const home of [saved, '/home/someone-else', '', undefined]) {
      if (home === undefined) delete process.env.HOME;
      else process.env.HOME = home;
      expect(homeDir(), String(home)).toBe(homedir());
    }
  });
});
