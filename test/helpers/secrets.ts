// The test secrets: every `secret` of the labelled content corpus (fake credentials shaped like real ones).
// Used by the redaction tests and by the whole-suite file search in test/global-setup.ts.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const CONTENT_DIR = join(import.meta.dirname, '..', 'fixtures', 'content');

export interface TestSecret {
  text: string;
  /** The row's whole content: the secret in the context that makes it recognisable (`aws_secret_access_key = …`). */
  content: string;
  /** file:line of the fixture row, for messages that must not print the secret. */
  where: string;
}

export function testSecrets(): TestSecret[] {
  const out: TestSecret[] = [];
  for (const f of readdirSync(CONTENT_DIR).filter((n) => n.endsWith('.jsonl')).sort()) {
    readFileSync(join(CONTENT_DIR, f), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (!line.trim()) return;
        const row = JSON.parse(line) as { secret?: string; content: string };
        if (row.secret) out.push({ text: row.secret, content: row.content, where: `test/fixtures/content/${f}:${i + 1}` });
      });
  }
  return out;
}

/** Every regular file under `dir` (symlinks are not followed). */
export function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(p);
    else if (entry.isFile()) yield p;
  }
}

/** `<file relative to dir>: <fixture row>` for every test secret found in a file under `dir`; never the secret. */
export function secretLeaks(dir: string, secrets: readonly TestSecret[]): { leaks: string[]; files: number } {
  const leaks: string[] = [];
  let files = 0;
  for (const file of filesUnder(dir)) {
    files++;
    const text = readFileSync(file).toString('latin1');
    for (const s of secrets) if (text.includes(s.text)) leaks.push(`${relative(dir, file)}: ${s.where}`);
  }
  return { leaks, files };
}
