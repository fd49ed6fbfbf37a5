// Building a signed bundle (the admin's side, `hookwarden policy sign`): the manifest from the two files' bytes,
// its canonical bytes signed with the admin's Ed25519 private key. The files are checked as verify.ts checks them,
// so a bundle every machine would refuse is not made in the first place.

import type { KeyObject } from 'node:crypto';
import { canonicalManifest, sha256Hex, type Bundle, type BundleFileName, type Manifest } from './format.js';
import { signBytes } from './keys.js';
import { configProblem, patternsProblem } from './verify.js';

export interface SignInput {
  files: Record<BundleFileName, string>;
  revision: string;
  /** ISO time the bundle was made (the injected clock's). */
  created: string;
  key: { key: KeyObject; id: string };
}

export function signBundle(input: SignInput): Bundle | { problem: string } {
  const problem = configProblem(input.files['config.json']) ?? patternsProblem(input.files['patterns.json']);
  if (problem) return { problem };
  const manifest: Manifest = {
    revision: input.revision,
    created: input.created,
    files: {
      'config.json': { sha256: sha256Hex(Buffer.from(input.files['config.json'], 'utf8')) },
      'patterns.json': { sha256: sha256Hex(Buffer.from(input.files['patterns.json'], 'utf8')) },
    },
  };
  return { manifest, files: input.files, signature: signBytes(canonicalManifest(manifest), input.key.key), keyId: input.key.id };
}
