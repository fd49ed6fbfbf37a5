// A hook's registry file (lib/registry/lazy-kinds.ts): written by the build, read kind by kind by the hook. Read
// back, it must be the registry it was made from: the same patterns in the same order, the same view lists, the
// same hash and routes, whatever kind is read first.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedFileText, kindWordsOf, readEmbeddedFile } from '../../lib/registry/lazy-kinds.js';
import { findMemoryRequests, mayHoldCue } from '../../lib/analyzers/memory/requests/index.js';
import { registrySubset, viewOf, VIEW_LIST } from '../../lib/registry/select.js';
import type { EmbeddedRegistry } from '../../lib/registry/resolve.js';
import { shippedRegistry } from '../helpers/registry.js';

describe('the registry file beside a hook', () => {
  it('reads back as the registry it was written from, kind by kind and whole', async () => {
    const full = await shippedRegistry();
    const dir = mkdtempSync(join(tmpdir(), 'hw-regfile-'));
    for (const kinds of [['shell', 'path', 'secret', 'action', 'capability', 'sensitive', 'convention', 'memory-target'], ['intent', 'mode', 'memory-cue', 'secret']] as const) {
      const e: EmbeddedRegistry = { sourceHash: 'src', statFingerprint: 'fp', issues: [], registry: registrySubset(full, [...kinds]) };
      const file = join(dir, `${kinds[0]}.registry.json`);
      writeFileSync(file, embeddedFileText(e));
      const back = readEmbeddedFile(file);
      if ('problem' in back) throw new Error(back.problem);
      // One list first (as a hook reads it), then everything.
      const v = viewOf(back.registry);
      const want = viewOf(e.registry);
      expect(v[VIEW_LIST[kinds[1]]]).toEqual(want[VIEW_LIST[kinds[1]]]);
      for (const k of kinds) expect(v[VIEW_LIST[k]], k).toEqual(want[VIEW_LIST[k]]);
      expect(JSON.parse(JSON.stringify(back))).toEqual(JSON.parse(JSON.stringify(e)));
      expect(back.registry.patterns.map((p) => p.id)).toEqual(e.registry.patterns.map((p) => p.id));
    }
  });

  it('names the problem in one line when the file is missing or is not one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-regfile-'));
    expect(readEmbeddedFile(join(dir, 'none.json'))).toEqual({ problem: `cannot read ${join(dir, 'none.json')} (ENOENT); reinstall hookwarden` });
    writeFileSync(join(dir, 'bad.json'), '{"half');
    expect(readEmbeddedFile(join(dir, 'bad.json'))).toEqual({ problem: `${join(dir, 'bad.json')} is not a hookwarden registry file; reinstall hookwarden` });
  });

  it("carries every keyword of the memory cues, so a prompt holding none is known to make no request without reading them", async () => {
    const full = await shippedRegistry();
    const dir = mkdtempSync(join(tmpdir(), 'hw-regfile-'));
    const e: EmbeddedRegistry = { sourceHash: 'src', statFingerprint: 'fp', issues: [], registry: registrySubset(full, ['intent', 'memory-cue', 'secret']) };
    const file = join(dir, 'prompt.registry.json');
    writeFileSync(file, embeddedFileText(e));
    const back = readEmbeddedFile(file);
    if ('problem' in back) throw new Error(back.problem);
    const cues = viewOf(e.registry).memoryCues;
    const words = kindWordsOf(back.registry, 'memory-cue');
    expect(words).toEqual([...new Set(cues.flatMap((c) => c.keywords))].sort());
    const prompts = [
      'should we use zod or valibot?',
      'Remember that we deploy on Fridays only.',
      'please FORGET that the api lives on port 8080',
      'approve m-0123456789',
      'from now on, always run the tests before committing',
      `${'x'.repeat(20_000)} remember that this is past the limit`,
      '',
    ];
    for (const p of prompts) {
      const found = findMemoryRequests(p, cues);
      // The gate never hides a request or an answer: whenever there is one, the prompt holds a keyword.
      if (found.requests.length || found.answers.length) expect(mayHoldCue(p, words ?? []), p).toBe(true);
      if (!mayHoldCue(p, words ?? [])) expect(found, p).toEqual({ requests: [], answers: [] });
    }
    expect(mayHoldCue('should we use zod or valibot?', words ?? [])).toBe(false);
    expect(mayHoldCue('Remember that we deploy on Fridays only.', words ?? [])).toBe(true);
  });
});
