// The daemon's bearer token: how it is made, checked and kept (in `$HOOKWARDEN_HOME/config.json`, `serve.token`).
//
// Made with crypto.randomBytes (32 bytes → 43 characters of base64url), matching the config schema
// (/^[A-Za-z0-9_-]{32,128}$/). Checked in constant time: both sides are hashed to 32 bytes first, so neither
// the length nor the content of the expected token leaks through timing.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { hookwardenHome } from '../audit/paths.js';

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** True when `header` is exactly `Bearer <token>` (scheme case-insensitive). Constant time in the token. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer[ \t]+(.*)$/i.exec(header ?? '');
  const given = m ? (m[1] as string).trim() : '';
  // Compare even when the header is missing, so a missing header costs the same as a wrong one.
  const same = timingSafeEqual(digest(given), digest(token));
  return same && given.length > 0;
}

/** What a refused request looked like, for the daemon's rate-limited hint (never the token itself). */
export function refusalKind(header: string | undefined): 'missing' | 'empty' | 'wrong' {
  if (!header) return 'missing';
  const m = /^Bearer[ \t]*(.*)$/i.exec(header);
  if (m && !(m[1] as string).trim()) return 'empty';
  return 'wrong';
}

/** The user config file the token lives in: `$HOOKWARDEN_HOME/config.json`. */
export function userConfigFile(env: NodeJS.ProcessEnv): string {
  return join(hookwardenHome(env, () => env.HOME || '/'), 'config.json');
}

type Json = Record<string, unknown>;

function readJsonObject(file: string): Json {
  if (!existsSync(file)) return {};
  const text = readFileSync(file, 'utf8');
  if (!text.trim()) return {};
  const json = JSON.parse(text) as unknown;
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('not a JSON object');
  return json as Json;
}

/** Writes `file` atomically (tmp file + rename) with mode 0600, its directory 0700 when created. */
export function writePrivateJson(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600); // the umask can only remove bits; a pre-existing tmp keeps its mode otherwise
  renameSync(tmp, file);
}

export interface StoredToken {
  token: string;
  /** A token was generated (there was none, or the one there did not fit the schema). */
  created: boolean;
  /** The file was (re)written: new token, new port, or its mode fixed to 0600. */
  written: boolean;
  file: string;
}

/**
 * Makes sure the user config holds a valid `serve.token` (keeping the one there), and `serve.port` when given;
 * every other setting is kept as it is. The file ends up mode 0600. Throws with a one-line message when the
 * file exists but is not a JSON object (nothing is changed then).
 */
export function ensureServeToken(env: NodeJS.ProcessEnv, port?: number): StoredToken {
  const file = userConfigFile(env);
  let cfg: Json;
  try {
    cfg = readJsonObject(file);
  } catch (err) {
    throw new Error(`cannot read ${file}: ${(err as Error).message}`);
  }
  const serve: Json = cfg.serve && typeof cfg.serve === 'object' && !Array.isArray(cfg.serve) ? { ...(cfg.serve as Json) } : {};
  const existing = typeof serve.token === 'string' && TOKEN_PATTERN.test(serve.token) ? serve.token : null;
  const token = existing ?? newToken();
  let dirty = !existing;
  serve.token = token;
  if (port !== undefined && serve.port !== port) {
    serve.port = port;
    dirty = true;
  }
  if (dirty) {
    writePrivateJson(file, { ...cfg, serve });
    return { token, created: !existing, written: true, file };
  }
  if ((statSync(file).mode & 0o077) !== 0) {
    chmodSync(file, 0o600);
    return { token, created: false, written: true, file };
  }
  return { token, created: false, written: false, file };
}
