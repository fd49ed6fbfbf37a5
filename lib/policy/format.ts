// The policy bundle's one-file JSON form (docs/team.md, "Policy bundles"):
//
//   { "manifest": { "revision": "2026-11-26.1", "created": "2026-11-26T10:00:00Z",
//                   "files": { "config.json": { "sha256": "<hex>" }, "patterns.json": { "sha256": "<hex>" } } },
//     "files": { "config.json": "<the file's text>", "patterns.json": "<the file's text>" },
//     "signature": "<base64 Ed25519 signature over the canonical manifest bytes>",
//     "keyId": "<optional: the signing key's id, keys.ts>" }
//
// The canonical manifest bytes are the manifest as canonical JSON (keys sorted at every level, no whitespace,
// UTF-8: lib/registry/hash.ts), so a bundle re-indented in transit still verifies and any edited field does not.
// The signature covers the manifest only; the manifest covers each file by its sha256 (of the text's UTF-8 bytes).

import { createHash } from 'node:crypto';
import { canonicalJson } from '../registry/hash.js';

/** The files a bundle carries: the managed layer's two files, in the user's formats. */
export const BUNDLE_FILES = ['config.json', 'patterns.json'] as const;
export type BundleFileName = (typeof BUNDLE_FILES)[number];

/** A bundle is two small JSON files; anything past this is not one (the fetch stops reading there). */
export const MAX_BUNDLE_BYTES = 4 * 1024 * 1024;

export interface Manifest {
  revision: string;
  created: string;
  files: Record<BundleFileName, { sha256: string }>;
}

export interface Bundle {
  manifest: Manifest;
  files: Record<BundleFileName, string>;
  signature: string;
  keyId?: string;
}

/** A revision names the bundle in every audit line and file name-free places: printable, short, one line. */
const REVISION = /^[A-Za-z0-9][A-Za-z0-9._:+-]{0,127}$/;
const HEX64 = /^[0-9a-f]{64}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export const canonicalManifest = (m: Manifest): Buffer => Buffer.from(canonicalJson(m), 'utf8');

/** A file's or the manifest's sha256, as the manifest and bundle.json write it. */
export const sha256Hex = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function onlyKeys(o: Record<string, unknown>, allowed: readonly string[], where: string): string | null {
  const extra = Object.keys(o).find((k) => !allowed.includes(k));
  return extra === undefined ? null : `${where} has an unknown field "${extra.slice(0, 40)}" (allowed: ${allowed.join(', ')})`;
}

/** The bundle's shape, checked field by field before anything is trusted; a one-line reason when it is not one. */
export function parseBundle(text: string): { bundle: Bundle } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { problem: `not valid JSON (${(err as Error).message.replace(/, ".*$/, '').slice(0, 80)}): a truncated or damaged download?` };
  }
  if (!isObject(json)) return { problem: 'not a bundle: expected an object with manifest, files and signature' };
  const top = onlyKeys(json, ['manifest', 'files', 'signature', 'keyId'], 'the bundle');
  if (top) return { problem: top };
  const { manifest: m, files, signature, keyId } = json;
  if (!isObject(m)) return { problem: 'manifest is missing or not an object' };
  const mk = onlyKeys(m, ['revision', 'created', 'files'], 'manifest');
  if (mk) return { problem: mk };
  if (typeof m.revision !== 'string' || !REVISION.test(m.revision)) return { problem: 'manifest.revision must be 1-128 characters of A-Z a-z 0-9 . _ : + -' };
  if (typeof m.created !== 'string' || Number.isNaN(Date.parse(m.created))) return { problem: 'manifest.created must be an ISO time' };
  if (!isObject(m.files)) return { problem: 'manifest.files is missing or not an object' };
  const mf = onlyKeys(m.files, BUNDLE_FILES, 'manifest.files');
  if (mf) return { problem: mf };
  if (!isObject(files)) return { problem: 'files is missing or not an object' };
  const ff = onlyKeys(files, BUNDLE_FILES, 'files');
  if (ff) return { problem: ff };
  for (const name of BUNDLE_FILES) {
    const entry = m.files[name];
    if (!isObject(entry) || typeof entry.sha256 !== 'string' || !HEX64.test(entry.sha256) || Object.keys(entry).length !== 1) {
      return { problem: `manifest.files["${name}"] must be {"sha256": "<64 hex digits>"}` };
    }
    if (typeof files[name] !== 'string') return { problem: `files["${name}"] is missing or not a string` };
  }
  if (typeof signature !== 'string' || !BASE64.test(signature)) return { problem: 'signature is missing or not base64' };
  if (keyId !== undefined && (typeof keyId !== 'string' || !/^[0-9a-f]{16}$/.test(keyId))) return { problem: 'keyId must be 16 hex digits' };
  return { bundle: json as unknown as Bundle };
}
