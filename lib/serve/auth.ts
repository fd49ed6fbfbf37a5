// The daemon's bearer token: how it is made, checked and kept (in `$HOOKWARDEN_HOME/config.json`, `serve.token`).
//
// Made with crypto.randomBytes (32 bytes → 43 characters of base64url), matching the config schema
// (/^[A-Za-z0-9_-]{32,128}$/). Checked in constant time: both sides are hashed to 32 bytes first, so neither
// the length nor the content of the expected token leaks through timing.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { closeSync, constants, fchmodSync, fstatSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { hookwardenHome } from '../audit/paths.js';
import { O_NOFOLLOW, O_NONBLOCK, unsafeFileReason, unsafePath } from '../fs/checks.js';
import { ensurePrivateDir } from '../fs/private-dir.js';
import { readProblem, readRegularFile } from '../fs/read.js';
import { writeFileAtomic } from '../fs/write.js';

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
  const r = readRegularFile(file, { maxBytes: 1024 * 1024 });
  if (r.status === 'missing') return {};
  if (r.status !== 'ok') throw new Error(readProblem(r));
  const text = r.bytes.toString('utf8');
  if (!text.trim()) return {};
  const json = JSON.parse(text) as unknown;
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('not a JSON object');
  return json as Json;
}

/** Writes `file` atomically (an exclusive 0600 tmp file + rename; lib/fs/write.ts), its folder 0700 and checked.
 * Throws E_UNSAFE_PATH when a link or special file is at `file`. */
export function writePrivateJson(file: string, value: unknown): void {
  ensurePrivateDir(dirname(file), dirname(file));
  writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Tightens `file` to 0600 on a descriptor opened without following a link; true when the mode changed. */
function makePrivate(file: string): boolean {
  const fd = openSync(file, constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    const reason = unsafeFileReason(st);
    if (reason) throw unsafePath(file, reason);
    if ((st.mode & 0o077) === 0) return false;
    fchmodSync(fd, 0o600);
    return true;
  } finally {
    closeSync(fd);
  }
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
  if (makePrivate(file)) return { token, created: false, written: true, file };
  return { token, created: false, written: false, file };
}
