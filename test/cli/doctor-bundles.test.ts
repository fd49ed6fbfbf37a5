// doctor's bundles check (lib/cli/doctor-bundles.ts): every file a hook call may load, the chunks the build listed
// included, is looked for before a call needs it.

import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingBundleFile } from '../../lib/cli/doctor-bundles.js';
import { ROOT } from '../helpers/registry.js';

const HOOKS = join(ROOT, 'dist', 'hooks');

describe.skipIf(!existsSync(join(HOOKS, 'chunk-shell.code.js')))('the bundles doctor looks for (skipped when dist/ is not built)', () => {
  it('finds nothing missing in a complete build, and names a missing hook file, chunk or nested chunk', () => {
    expect(missingBundleFile(HOOKS)).toBeUndefined();
    for (const gone of ['stop.registry.json', 'chunk-shell.code.js', 'chunk-shell-observe.code.js', 'chunk-interpreters.code.js', 'secretlint.cjs.code.js', 'files.json']) {
      const dir = join(mkdtempSync(join(tmpdir(), 'hw-doctor-bundles-')), 'hooks');
      cpSync(HOOKS, dir, { recursive: true });
      rmSync(join(dir, gone));
      expect(missingBundleFile(dir), gone).toBe(join(dir, gone));
    }
  });
});
