// Argument parsing by an ArgSpec: options and operands in order (clusters, attached and paired values, old-style
// tar letters, directory changes), and the spec in effect once the `when` overrides apply.

import { posix } from 'node:path';
import { readOption } from '../wrappers.js';
import type { ArgSpec } from './types.js';

export type Item = { kind: 'opt'; name: string; value?: string; base?: string } | { kind: 'arg'; word: string; base?: string };

function isOptionWord(w: string, spec: ArgSpec): boolean {
  if (w.length < 2) return false;
  return w.startsWith('-') || (spec.plusWords === true && w.startsWith('+'));
}

/** tar's dashless first word: `czf x.tgz` → -c -z -f x.tgz (value letters take the next words in order). */
export function expandOldStyle(argv: readonly string[], spec: ArgSpec): string[] {
  const first = argv[1];
  if (first === undefined || !/^[A-Za-z]+$/.test(first)) return [...argv];
  const out = [argv[0] as string];
  let next = 2;
  for (const letter of first) {
    out.push(`-${letter}`);
    if (spec.short?.includes(letter) && next < argv.length) out.push(argv[next++] as string);
  }
  return [...out, ...argv.slice(next)];
}

function joinBase(base: string | undefined, dir: string): string {
  return base === undefined || /^[/~$]/.test(dir) ? dir : posix.join(base, dir);
}

/** Options and operands in order from `start`, each with the directory operands are relative to. */
export function parseArgs(
  words: readonly string[],
  start: number,
  spec: ArgSpec,
  base: string | undefined,
  stopAtOperand: boolean,
): { items: Item[]; end: number } {
  const items: Item[] = [];
  let dir = base;
  let ended = false;
  let i = start;
  while (i < words.length) {
    const w = words[i] as string;
    if (!ended && w === '--') {
      ended = true;
      i++;
      continue;
    }
    if (ended || !isOptionWord(w, spec)) {
      items.push({ kind: 'arg', word: w, base: dir });
      i++;
      if (stopAtOperand) break;
      if (spec.posix) ended = true;
      continue;
    }
    let names: string[];
    let value: string | undefined;
    if (w.startsWith('+')) {
      names = [w];
      i++;
    } else if (spec.pairs?.includes(w)) {
      names = [w];
      value = words[i + 2];
      i += 3;
    } else if (spec.singleDash && !w.startsWith('--')) {
      const eq = w.indexOf('=');
      names = [eq > 1 ? w.slice(0, eq) : w];
      if (eq > 1) value = w.slice(eq + 1);
      else if (spec.long?.includes(w)) value = words[i + 1];
      i += eq < 0 && spec.long?.includes(w) ? 2 : 1;
    } else {
      const opt = readOption(words, i, spec.short ?? '', spec.long, spec.attached);
      names = opt.names;
      value = opt.value;
      i = opt.next;
      // BSD `sed -i '' …`: an empty suffix written as its own word.
      const last = names[names.length - 1] as string;
      if (value === '' && spec.attached?.includes(last.slice(1)) && words[i] === '') i++;
    }
    const optBase = spec.chdirOperandsOnly ? base : dir;
    names.forEach((name, k) => {
      const item: Item = { kind: 'opt', name, base: optBase };
      if (k === names.length - 1 && value !== undefined) item.value = value;
      items.push(item);
    });
    const last = names[names.length - 1] as string;
    if (value !== undefined && spec.chdir?.includes(last)) dir = joinBase(dir, value);
  }
  return { items, end: i };
}

/** Is option `key` (or `name=value`) among the items? */
function given(items: readonly Item[], key: string): boolean {
  const eq = key.indexOf('=', 2);
  const name = eq > 0 ? key.slice(0, eq) : key;
  const value = eq > 0 ? key.slice(eq + 1) : undefined;
  return items.some((it) => it.kind === 'opt' && it.name === name && (value === undefined || it.value === value));
}

export function effective(spec: ArgSpec, items: readonly Item[]): ArgSpec {
  let eff = spec;
  for (const [options, override] of spec.when ?? []) {
    if (options.some((o) => given(items, o))) eff = { ...eff, ...override };
  }
  return eff;
}
