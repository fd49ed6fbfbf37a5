// One readable line per config problem. zod/mini ships without messages (its locale would cost every hook start), so
// an issue's own message is "Invalid input" unless the schema gave one; this names the setting, what it must be
// (the allowed values of an enum, the bound of a number) and what the file had.

import type * as z from 'zod/mini';

type Issue = z.core.$ZodIssue;

const DEFAULT_MESSAGE = 'Invalid input';
const MAX_SHOWN = 60;

const TYPES: Record<string, string> = {
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  string: 'a string',
  array: 'a list',
  object: 'an object',
  record: 'an object',
};

/** A setting whose value may be a credential (serve.token, keter.headers…): its value is never repeated. */
const SECRET_PATH = /^(?:token|headers|password|secret|authorization)$/i;

const HIDDEN = Symbol('hidden');

/** What the file had, short and on one line (JSON escapes control characters). */
function got(v: unknown): string {
  if (v === undefined) return ' (missing)';
  if (v === HIDDEN) return '';
  const text = JSON.stringify(v) ?? String(v);
  return ` (got ${text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text})`;
}

const plain = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** The value at `path` inside `input`, if there is one (HIDDEN for a credential's). */
function at(input: unknown, path: readonly PropertyKey[]): unknown {
  if (path.some((k) => SECRET_PATH.test(String(k)))) return HIDDEN;
  let v = input;
  for (const k of path) {
    if (!v || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

const count = (n: number | bigint, one: string, many: string): string => `${n} ${Number(n) === 1 ? one : many}`;

function bound(i: Extract<Issue, { code: 'too_small' | 'too_big' }>): string {
  const small = i.code === 'too_small';
  const n = small ? (i as { minimum: number | bigint }).minimum : (i as { maximum: number | bigint }).maximum;
  if (i.origin === 'string') return small && Number(n) === 1 ? 'must not be empty' : `must be at ${small ? 'least' : 'most'} ${count(n, 'character', 'characters')} long`;
  if (i.origin === 'array' || i.origin === 'set') return `must have at ${small ? 'least' : 'most'} ${count(n, 'entry', 'entries')}`;
  if (i.inclusive === false) return `must be ${small ? 'more' : 'less'} than ${n}`;
  return `must be at ${small ? 'least' : 'most'} ${n}`;
}

/** What is wrong, without the path. */
function what(i: Issue, input: unknown): string {
  const had = got(at(input, i.path));
  switch (i.code) {
    case 'invalid_value':
      return i.values.length === 1 ? `must be ${plain(i.values[0])}${had}` : `must be one of ${i.values.map(plain).join(', ')}${had}`;
    case 'invalid_type':
      return `must be ${TYPES[i.expected] ?? i.expected}${had}`;
    case 'too_small':
    case 'too_big':
      return `${bound(i)}${had}`;
    case 'unrecognized_keys':
      return `unknown ${i.keys.length === 1 ? 'key' : 'keys'} ${i.keys.map((k) => JSON.stringify(k)).join(', ')}`;
    default:
      return `invalid${had}`;
  }
}

/** `session.verifyAfterWrite: must be one of off, remind, block (got "always")`. A message the schema set itself
 * (a refine's, a regex's) is kept, with what the file had. */
export function issueText(i: Issue | undefined, input: unknown): string {
  if (!i) return '(root): invalid';
  const path = i.path.map(String).join('.') || '(root)';
  const own = i.message && i.message !== DEFAULT_MESSAGE && i.code !== 'unrecognized_keys';
  return `${path}: ${own ? `${i.message}${got(at(input, i.path))}` : what(i, input)}`;
}
