// Verifying a policy bundle before anything of it is written: the shape (format.ts), the signature over the
// canonical manifest with the key the managed config names, each file's sha256 against the manifest, and the files
// themselves as the managed layer will read them (the user's config and patterns formats, with the existing
// schemas; added pattern ids start with "managed/"). The first failure is the one line the caller reports.
//
// The registry schemas set zod's English messages for the whole process (lib/registry/zod-messages.ts), so this
// module is imported dynamically, only once there is a bundle to check: the daemon's and the CLI's other answers
// keep the words a command hook gives.

import { issueText } from '../config/issue-text.js';
import { fileSchema } from '../config/schema.js';
import { overrideSchema, patternSchema } from '../registry/schema.js';
import { BUNDLE_FILES, canonicalManifest, parseBundle, sha256Hex, type Bundle } from './format.js';
import { verifyBytes, type PublicKey } from './keys.js';

export interface VerifiedBundle {
  bundle: Bundle;
  /** sha256 of the canonical manifest: equal bundles have equal hashes, whatever their formatting. */
  manifestSha256: string;
  keyId: string;
}

const where = (path: readonly PropertyKey[]): string => (path.length ? ` (field ${path.map(String).join('.')})` : '');

/** What is wrong with a bundle's config.json as a managed config file, or null. */
export function configProblem(text: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return `config.json is not valid JSON (${(err as Error).message.slice(0, 80)})`;
  }
  const parsed = fileSchema().safeParse(json);
  if (!parsed.success) return `config.json: ${issueText(parsed.error.issues[0], json)}`;
  // The bundle server and key come from /etc/hookwarden/config.json alone: a bundle cannot move the machine to
  // another server or key (whoever could sign one bundle would keep the machine for good).
  if (parsed.data.policy) return 'config.json sets policy: a bundle cannot choose its own server or key (set policy.bundle in the managed config)';
  return null;
}

/** What is wrong with a bundle's patterns.json as a managed patterns file, or null. */
export function patternsProblem(text: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return `patterns.json is not valid JSON (${(err as Error).message.slice(0, 80)})`;
  }
  const o = overrideSchema.safeParse(json);
  if (!o.success) {
    const i = o.error.issues[0];
    return `patterns.json${where(i?.path ?? [])}: ${i?.message ?? 'invalid'}`;
  }
  const seen = new Set<string>();
  for (const [index, raw] of o.data.patterns.entries()) {
    const p = patternSchema.safeParse(raw);
    const rawId = (raw as { id?: unknown } | null)?.id;
    const id = typeof rawId === 'string' ? rawId.slice(0, 80) : `#${index}`;
    if (!p.success) {
      const i = p.error.issues[0];
      return `patterns.json (pattern ${id}${i?.path.length ? `, field ${i.path.map(String).join('.')}` : ''}): ${i?.message ?? 'invalid'}`;
    }
    if (!p.data.id.startsWith('managed/')) return `patterns.json (pattern ${id}): a bundle's pattern ids must start with "managed/"`;
    if (seen.has(p.data.id)) return `patterns.json (pattern ${id}): duplicate id`;
    seen.add(p.data.id);
  }
  return null;
}

/** The bundle, verified against `key`, or the first reason it is refused. */
export function verifyBundle(text: string, key: PublicKey): VerifiedBundle | { problem: string } {
  const parsed = parseBundle(text);
  if ('problem' in parsed) return parsed;
  const { bundle } = parsed;
  if (bundle.keyId !== undefined && bundle.keyId !== key.id) {
    return { problem: `signed with key ${bundle.keyId}, but the managed config trusts key ${key.id} (policy.bundle.publicKey)` };
  }
  const bytes = canonicalManifest(bundle.manifest);
  if (!verifyBytes(bytes, bundle.signature, key.key)) {
    return { problem: `signature does not verify with key ${key.id} (policy.bundle.publicKey): a tampered manifest or another signing key` };
  }
  for (const name of BUNDLE_FILES) {
    const got = sha256Hex(Buffer.from(bundle.files[name], 'utf8'));
    if (got !== bundle.manifest.files[name].sha256) return { problem: `${name} does not match its sha256 in the signed manifest: the file was changed after signing` };
  }
  const content = configProblem(bundle.files['config.json']) ?? patternsProblem(bundle.files['patterns.json']);
  if (content) return { problem: content };
  return { bundle, manifestSha256: sha256Hex(bytes), keyId: key.id };
}
