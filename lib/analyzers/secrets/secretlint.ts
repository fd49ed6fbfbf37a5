// Lazy access to secretlint's recommended preset, the second opinion next to our own regexes (detect.ts) for
// written content and user prompts. secretlint plus its preset is ~74 KB of minified JavaScript (~6 ms to load,
// ~5 ms more for its first scan), so it is never part of a hook bundle: `mightHoldSecret` decides cheaply whether
// a text is worth it, and only then `loadSecretlint` loads it.
//
// Where it comes from:
//   - bundled hooks (dist/hooks/<event>.js): the build defines __HW_SECRETLINT_REL__, the path of the separate
//     bundle dist/hooks/secretlint.cjs relative to the running file, and it is loaded with the bundle's `require`. A
//     hook file runs its bundle through vm.Script (scripts/shims/compile-cache.cjs) with the hook file's own
//     `require`, `__filename` and `__dirname`, and the build maps `import.meta.url` to that `__filename`, so
//     the path resolves next to the hook file wherever dist/ is installed;
//   - source (tsx, vitest): the .ts entry is imported directly.
// Any failure (file missing, throws on load, throws while scanning) becomes a rejection with a one-line
// message; the caller then keeps the regex findings alone.

import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { oneLine } from '../../errors.js';
import type { ExternalSecretFinding } from './secretlint-entry.js';

export type { ExternalSecretFinding } from './secretlint-entry.js';

declare const __HW_SECRETLINT_REL__: string | undefined;

/** Scans one text; `filePath` (when the text is a file's content) enables secretlint's path-specific checks. */
export type SecretlintScan = (text: string, filePath?: string) => Promise<ExternalSecretFinding[]>;

interface EntryModule {
  scanText: SecretlintScan;
}

/** Absolute path of the separate bundle, or null when running from source. */
export function secretlintBundlePath(): string | null {
  if (typeof __HW_SECRETLINT_REL__ !== 'string') return null;
  return resolve(dirname(fileURLToPath(import.meta.url)), __HW_SECRETLINT_REL__);
}

async function importEntry(): Promise<EntryModule> {
  const bundle = secretlintBundlePath();
  // A bundle is CommonJS and runs with the hook file's own `require` (an absolute path needs nothing more); node:module's
  // createRequire is not needed, and its first load was ~0.5 ms of every hook call.
  if (bundle !== null && typeof require === 'function') return require(bundle) as EntryModule;
  // From source only; scripts/build.ts keeps this import out of the hook bundles.
  return (await import('./secretlint-entry.js')) as EntryModule;
}

let loaded: Promise<SecretlintScan> | undefined;

/**
 * Loads secretlint on first call (later calls share the same promise, a failure included). Resolves to a scan
 * function; rejects with `Error("secretlint unavailable: <one line>")`. The scan function itself rejects with
 * `Error("secretlint failed: <one line>")` instead of throwing whatever secretlint throws.
 */
export function loadSecretlint(): Promise<SecretlintScan> {
  loaded ??= importEntry().then(
    (mod) => {
      if (typeof mod?.scanText !== 'function') throw new Error('secretlint unavailable: bundle has no scanText export');
      const scan = mod.scanText;
      return (text: string, filePath?: string) =>
        scan(text, filePath).catch((err: unknown) => {
          throw new Error(`secretlint failed: ${oneLine(err)}`);
        });
    },
    (err: unknown) => {
      throw new Error(`secretlint unavailable: ${oneLine(err)}`);
    },
  );
  return loaded;
}

// What the preset's rules need before they can fire (secretlint 12, default options). Every alternative is a
// superset of its rule's regex, so a text without any of them cannot produce a finding. Key prefixes are kept
// as tight as the rules allow (length included where cheap) so that ordinary code rarely pays for the load.
// Not listed on purpose: AWS access key ids (AKIA…): the AWS rule scans them only with `enableIDScanRule`,
// which is off by default (our own regexes do find them).
const NEEDS_CASE_SENSITIVE = new RegExp(
  [
    '-----BEGIN', // privatekey; GCP service account JSON embeds one too
    'x-oauth-basic@', // npm: token in a git URL
    '_authToken=', // npm: .npmrc
    'npm_\\w{36}', // npm access token
    '(?:xox[bpaor]|xapp)-', // slack token
    'SG\\.\\w', // sendgrid
    'shp(?:pa|ca|at|ss)_', // shopify
    'gh[pousr]_\\w{36}', // github classic
    'github_pat_', // github fine-grained
    'glpat-', // gitlab
    'gl(?:c|sa)_', // grafana
    'T3BlbkFJ', // openai: both token shapes carry it
    'sk-ant-api0', // anthropic
    'gsk_[a-zA-Z0-9]{52}', // groq
    'hf_[a-zA-Z]{34}', // huggingface
    'lin_api_', // linear
    'ntn_\\d{11}', // notion
    'ops_ey', // 1password
    'hv[sbr]\\.', // hashicorp vault
    'vc[piark]_', // vercel
    'dapi[a-fA-F0-9]{32}', // databricks
    'dckr_pat_', // docker
    'figd_', // figma
    '(?:https?|ftps?):\\/\\/[-\\w]+:[-\\w]+@', // basicauth
  ].join('|'),
);
// These rules match case-insensitively (or accept several casings).
const NEEDS_CASE_INSENSITIVE = new RegExp(
  [
    'secret_?access_?key', // aws secret access key (SECRET|secret|Secret … KEY|key|Key)
    'hooks\\.slack\\.com\\/services\\/', // slack incoming webhook
    '(?:mongodb(?:\\+srv)?|mysqlx?|postgres(?:ql)?):\\/\\/[^\\/\\s]{1,301}@', // db connection string with password
  ].join('|'),
  'i',
);

/**
 * Cheap and synchronous: could secretlint report anything in `text`? False means it certainly would not (with
 * the preset as shipped); true means load it and ask. `filePath` matters for `.json`: the GCP rule parses the
 * JSON, so `\u` escapes could hide a service account key's markers from the substring tests above.
 */
export function mightHoldSecret(text: string, filePath?: string): boolean {
  if (NEEDS_CASE_SENSITIVE.test(text) || NEEDS_CASE_INSENSITIVE.test(text)) return true;
  return !!filePath && filePath.toLowerCase().endsWith('.json') && text.includes('\\u');
}

/** The match id and redaction label of a secretlint finding. */
export const externalSecretId = (f: Pick<ExternalSecretFinding, 'ruleId'>): string => `secretlint/${f.ruleId}`;

/** Each found secret's text → its id: what must be redacted wherever it appears again. */
export function secretValues(text: string, findings: readonly ExternalSecretFinding[]): Map<string, string> {
  return new Map(findings.map((f) => [text.slice(f.start, f.end), externalSecretId(f)]));
}

export interface SecretlintScanner {
  /** Prefilter, then (lazily) secretlint; never rejects: a failure is kept in `failure` and yields no findings. */
  scan: SecretlintScan;
  /** Every secret value found through this scanner, for redaction. */
  known: Map<string, string>;
  failure?: string;
}

/** One scanner per hook call (or test): the prefilter decides, secretlint is loaded only when it says so. */
export function secretlintScanner(): SecretlintScanner {
  const self: SecretlintScanner = {
    known: new Map(),
    scan: async (text, filePath) => {
      if (!mightHoldSecret(text, filePath)) return [];
      try {
        const findings = await (await loadSecretlint())(text, filePath);
        for (const [value, id] of secretValues(text, findings)) self.known.set(value, id);
        return findings;
      } catch (err) {
        self.failure = oneLine(err);
        return [];
      }
    },
  };
  return self;
}
