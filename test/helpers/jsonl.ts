// Labelled JSONL fixtures: one object per line, every malformed line reported at once as file:line.

import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { ROOT } from './registry.js';

export interface JsonlRow<T> {
  line: number;
  row: T;
}

/** Parses `file`; `problemOf` names what is wrong with one object, or returns undefined when it is valid. */
export function readJsonl<T>(file: string, problemOf: (o: Record<string, unknown>) => string | undefined): Array<JsonlRow<T>> {
  const out: Array<JsonlRow<T>> = [];
  const problems: string[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (!text.trim()) return;
      const where = `${relative(ROOT, file)}:${i + 1}`;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (err) {
        problems.push(`${where}: not JSON (${err instanceof Error ? err.message : String(err)})`);
        return;
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
        problems.push(`${where}: not a JSON object`);
        return;
      }
      const problem = problemOf(parsed as Record<string, unknown>);
      if (problem) problems.push(`${where}: ${problem}`);
      else out.push({ line: i + 1, row: parsed as T });
    });
  if (problems.length) throw new Error(`malformed labelled fixtures:\n${problems.join('\n')}`);
  return out;
}

/** Verdict labels as the corpora use them: allow covers silent and allow. */
export type Verdict = 'block' | 'ask' | 'warn' | 'allow';
export const VERDICTS: readonly Verdict[] = ['block', 'ask', 'warn', 'allow'];

export function verdictOfAction(action: string): Verdict {
  return action === 'block' || action === 'ask' || action === 'warn' ? action : 'allow';
}
