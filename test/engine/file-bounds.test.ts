// A command naming thousands of files stays fast and bounded: up to MAX_FILE_ACCESSES files are judged one by
// one; past that the command is asked about as a whole (docs/robustness.md).

import { describe, expect, it } from 'vitest';
import { MAX_FILE_ACCESSES, routeToolExecution, TOO_MANY_FILES_ID } from '../../lib/engine/route-tool.js';
import { CTX, engineDeps } from '../helpers/registry.js';

const cat = (n: number, extra = '') => `cat ${Array.from({ length: n }, (_, i) => `logs/part-${i}.txt`).join(' ')}${extra}`;

describe('file accesses per command', () => {
  it('judges every file up to the bound, including a secret one at the end', async () => {
    const d = await routeToolExecution('Bash', { command: cat(MAX_FILE_ACCESSES - 1, ' .env') }, CTX, await engineDeps());
    expect(d.audit.localPatterns).toEqual(['paths-sensitive/env-files']);
    expect(d.decision.action).toBe('ask');
  });

  it('asks about a command naming more files than that, as a whole', async () => {
    const d = await routeToolExecution('Bash', { command: cat(MAX_FILE_ACCESSES + 1) }, CTX, await engineDeps());
    expect(d.audit.localPatterns).toEqual([TOO_MANY_FILES_ID]);
    expect(d.decision.action).toBe('ask');
    expect(d.decision.message).toContain(`${MAX_FILE_ACCESSES + 1} files`);
  });
});
