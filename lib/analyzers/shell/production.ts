// Does a database command aim at production? A host, database or connection string whose name has a whole part
// `prod`, `production`, `prd` or `live` (parts split on anything not a letter or digit): `prod-db.internal`,
// `db-prod`, `app_production`, `live-db`, `postgres://u@prod.example.com/app`, `-d shop_live`. `products`,
// `product_catalog`, `liveness` and `delivery` have no such part. Read from the segment's words (flag values, bare
// operands, URIs), its environment (`PGHOST=…`, `DATABASE_URL=…`) and the names a statement switches to
// (`DROP DATABASE prod`, `USE live`, `\c app_production`, `getSiblingDB('prod')`).

import { lazy } from '../../vocab/lazy.js';
import type { Segment } from './types.js';

const PRODUCTION_PARTS: ReadonlySet<string> = new Set(['prod', 'production', 'prd', 'live']);

/** True when one of the name's parts (split on every non-alphanumeric character) is a production word. */
export function namesProduction(name: string): boolean {
  return name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((part) => PRODUCTION_PARTS.has(part));
}

/** Options whose value is not a host or database (user, port, password, statement, file, variables): skipped so
 * that `-U live_user` or `-c '…'` is not read as a target. A URI in any word still counts. */
const NOT_A_TARGET = lazy(() => (new Set([
  '-U', '--username', '-u', '--user', '-p', '--port', '-P', '-W', '--password', '-a', '--pass', '--askpass',
  '-c', '--command', '-e', '--execute', '--eval', '-f', '--file', '-v', '--set', '--variable', '-o', '--output',
  '-n', '-r', '-i', '-Q', '-q', '--query', '--init-command', '-E', '-F', '--field-separator', '-R', '--record-separator',
  '-T', '--table-attr', '-L', '--log-file', '--tls-cert-file', '--tls-key-file', '--ssl-ca', '--ssl-cert', '--ssl-key',
])));
/** The options above that take their value as the next word (the others are flags or attach it). */
const VALUED = lazy(() => (new Set([
  '-U', '--username', '-u', '--user', '-p', '--port', '-P', '-a', '--pass', '-c', '--command', '-e', '--execute',
  '--eval', '-f', '--file', '-v', '--set', '--variable', '-o', '--output', '-n', '-r', '-i', '-Q', '--query',
  '--init-command', '-F', '--field-separator', '-R', '--record-separator', '-T', '--table-attr', '-L', '--log-file',
  '--tls-cert-file', '--tls-key-file', '--ssl-ca', '--ssl-cert', '--ssl-key',
])));
/** Statement options: their text is searched for the names a statement switches to. */
const STATEMENT = lazy(() => (new Set(['-c', '--command', '-e', '--execute', '--eval', '-Q', '--query'])));
/** Environment variables that name a host, a database or a connection string. */
const TARGET_VAR = /(?:HOST|DATABASE|DBNAME|(?:^|_)DB|URL|URI|DSN|SERVER|ADDR)(?:_|$)/i;

const URI = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/\s]*@)?([^/?#\s]*)(\/[^?#\s]*)?/i;
/** `DROP DATABASE x`, `DROP SCHEMA x`, `USE x`, `\c x` / `\connect x`, `getSiblingDB('x')`, `use('x')`. */
const SWITCHES = /\b(?:drop\s+(?:database|schema)(?:\s+if\s+exists)?|use)\s+[`"[']?([\w.-]+)|\\c(?:onnect)?\s+([\w.-]+)|getSiblingDB\(\s*['"]([^'"]+)|\buse\(\s*['"]([^'"]+)/gi;

function fromUri(word: string): string | undefined {
  const m = URI.exec(word.trim());
  if (!m) return undefined;
  const host = (m[1] ?? '').replace(/:\d+$/, '');
  const path = (m[2] ?? '').replace(/^\//, '');
  return [host, path].find((n) => n && namesProduction(n));
}

function fromStatement(text: string): string | undefined {
  for (const m of text.matchAll(SWITCHES)) {
    const name = m[1] ?? m[2] ?? m[3] ?? m[4];
    if (name && namesProduction(name)) return name;
  }
  return undefined;
}

function fromWord(word: string): string | undefined {
  if (word.includes('://')) return fromUri(word);
  // A bare name: no spaces (statement text is not a name), not a number.
  return !/\s/.test(word) && namesProduction(word) ? word : undefined;
}

/** The first name in the segment that says production, described (`host prod-db`), or undefined. */
export function productionTarget(seg: Segment): string | undefined {
  for (const a of seg.env ?? []) {
    const eq = a.indexOf('=');
    const name = a.slice(0, eq);
    const value = a.slice(eq + 1);
    const hit = value.includes('://') ? fromUri(value) : TARGET_VAR.test(name) ? fromWord(value) : undefined;
    if (hit) return `${name}=${hit}`;
  }
  const args = seg.argv.slice(1);
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const opt = eq > 0 ? a.slice(0, eq) : a;
    if (a.startsWith('-') && a.length > 1) {
      const attached = eq > 0 ? a.slice(eq + 1) : undefined;
      const value = attached ?? (VALUED().has(opt) || !NOT_A_TARGET().has(opt) ? args[i + 1] : undefined);
      if (attached === undefined && VALUED().has(opt)) i++;
      if (value === undefined) continue;
      const hit = STATEMENT().has(opt) ? fromStatement(value) : value.includes('://') ? fromUri(value) : NOT_A_TARGET().has(opt) ? undefined : fromWord(value);
      if (hit) return `${opt} ${hit}`;
      continue;
    }
    const hit = /\s/.test(a) ? fromStatement(a) : fromWord(a);
    if (hit) return hit;
  }
  const stdin = seg.stdin ? fromStatement(seg.stdin) : undefined;
  return stdin ? `statement on stdin switches to ${stdin}` : undefined;
}
