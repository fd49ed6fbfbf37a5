// Whole-suite guard: every test's temporary files (and so every file hookwarden writes: audit logs, caches,
// state) live under one directory, and after the last test that directory is searched for the test secrets.
// A secret found in any file fails the run, naming the file and the fixture row, never the secret.
//
// TMPDIR is set before the workers start, so os.tmpdir() in every test and every spawned hook points here;
// HOOKWARDEN_HOME defaults here too, so no test can write to the developer's real ~/.hookwarden.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { secretLeaks, testSecrets } from './helpers/secrets.js';

export default function setup(): () => void {
  const suiteDir = mkdtempSync(join(tmpdir(), 'hw-suite-'));
  process.env.TMPDIR = suiteDir;
  process.env.HOOKWARDEN_HOME ??= join(suiteDir, 'default-home');
  return () => {
    const secrets = testSecrets();
    const { leaks, files } = secretLeaks(suiteDir, secrets);
    if (leaks.length) {
      // Kept for inspection; the report names files and fixture rows only. vitest ignores a teardown's throw
      // for its exit status, so the status is set here.
      process.exitCode = 1;
      throw new Error(`test secrets found in ${leaks.length} file(s) written during the suite (kept in ${suiteDir}):\n${leaks.join('\n')}`);
    }
    process.stderr.write(`redaction guard: searched ${files} files written during the suite for ${secrets.length} test secrets: none found\n`);
    rmSync(suiteDir, { recursive: true, force: true });
  };
}
