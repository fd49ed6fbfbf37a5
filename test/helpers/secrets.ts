// The test secrets: every `secret` of the labelled content corpus (fake credentials shaped like real ones).
// Used by the redaction tests and by the whole-suite file search in test/global-setup.ts.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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
