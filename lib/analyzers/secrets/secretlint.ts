// Lazy access to secretlint's recommended preset, the second opinion next to our own regexes (detect.ts) for
// written content and user prompts. secretlint plus its preset is ~74 KB of minified JavaScript (~6 ms to load,
// ~5 ms more for its first scan), so it is never part of a hook bundle: `mightHoldSecret` decides cheaply whether
// a text is worth it, and only then `loadSecretlint` loads it.
//
// Where it comes from:
//   - hook bundles and their chunks (dist/hooks/): the build defines __HW_SECRETLINT_ID__, the code cache id of the
//     separate bundle, and the hook's own loader (scripts/shims/compile-cache.cjs) runs its code file beside the
//     hook, secretlint.cjs.code.js, as it runs a cold chunk;
//   - the CLI (dist/cli.js, the daemon too): the build defines __HW_SECRETLINT_REL__, the path of that bundle's
//     loader file dist/hooks/secretlint.cjs relative to the running file, loaded with the bundle's `require`;
//   - source (tsx, vitest): the .ts entry is imported directly.
// Any failure (file missing, throws on load, throws while scanning) becomes a rejection with a one-line
// message; the caller then keeps the regex findings alone.

import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { oneLine } from '../../errors.js';
import { foldFor, literalsOf } from '../../registry/regex-literal.js';
import { toRegExp } from '../../registry/regex.js';
import type { RegexSource } from '../../registry/types.js';
import type { ExternalSecretFinding } from './secretlint-entry.js';

export type { ExternalSecretFinding } from './secretlint-entry.js';

declare const __HW_SECRETLINT_REL__: string | undefined;
/** The separate bundle's code cache id, in a hook's bundle or chunk (scripts/build.ts). */
declare const __HW_SECRETLINT_ID__: string | undefined;

/** Scans one text; `filePath` (when the text is a file's content) enables secretlint's path-specific checks; `only`
 * (short rule ids, rulesFor) runs just those rules. */
export type SecretlintScan = (text: string, filePath?: string, only?: readonly string[]) => Promise<ExternalSecretFinding[]>;

interface EntryModule {
  scanText: SecretlintScan;
}

/** Absolute path of the separate bundle, or null when running from source. */
export function secretlintBundlePath(): string | null {
  if (typeof __HW_SECRETLINT_REL__ !== 'string') return null;
  return resolve(dirname(fileURLToPath(import.meta.url)), __HW_SECRETLINT_REL__);
}

async function importEntry(): Promise<EntryModule> {
  // A hook's loader runs the bundle's code by its id (requiring the bundle's loader file instead cost ~0.5 ms more).
  const chunk = (globalThis as { __hwChunk?: (code: string, id: string) => unknown }).__hwChunk;
  if (typeof __HW_SECRETLINT_ID__ === 'string' && typeof chunk === 'function') return chunk('secretlint.cjs.code.js', __HW_SECRETLINT_ID__) as EntryModule;
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
      return (text: string, filePath?: string, only?: readonly string[]) =>
        scan(text, filePath, only).catch((err: unknown) => {
          throw new Error(`secretlint failed: ${oneLine(err)}`);
        });
    },
    (err: unknown) => {
      throw new Error(`secretlint unavailable: ${oneLine(err)}`);
    },
  );
  return loaded;
}

// What each of the preset's rules needs before it can fire (secretlint 12, default options), by the rule's short id.
// Every alternative is a superset of its rule's regex, so a text without any of a rule's needs cannot produce a
// finding of that rule: a text none of them fits never loads secretlint, and a text that fits a few runs only
// those rules (running all 24 on every text that held one token was most of a scan). Key prefixes are kept as
// tight as the rules allow (length included where cheap) so that ordinary code rarely pays for the load. Not
// listed on purpose: AWS access key ids (AKIA…): the AWS rule scans them only with `enableIDScanRule`, which is
// off by default (our own regexes do find them).
// Each need carries the plain strings every match of it holds (one of them; lower case for the i needs), as
// requiredLiterals (registry/regex-literal.ts) reads them off the source: written here, because reading 28 sources
// at run time cost more than compiling them did. test/analyzers/secrets/secretlint.test.ts holds the two equal.
export const NEEDS: ReadonlyArray<readonly [rule: string, need: string, flags: '' | 'i', literals: readonly string[]]> = [
  ['privatekey', '-----BEGIN', '', ['-----BEGIN']],
  ['gcp', '-----BEGIN', '', ['-----BEGIN']], // a service account JSON embeds a private key
  ['npm', 'x-oauth-basic@', '', ['x-oauth-basic@']], // a token in a git URL
  ['npm', '_authToken=', '', ['_authToken=']], // .npmrc
  ['npm', 'npm_\\w{36}', '', ['npm_']], // access token
  ['slack', '(?:xox[bpaor]|xapp)-', '', ['xox', 'xapp']],
  ['sendgrid', 'SG\\.\\w', '', ['SG.']],
  ['shopify', 'shp(?:pa|ca|at|ss)_', '', ['shp']],
  ['github', 'gh[pousr]_\\w{36}', '', ['gh']], // classic
  ['github', 'github_pat_', '', ['github_pat_']], // fine-grained
  ['gitlab', 'glpat-', '', ['glpat-']],
  ['grafana', 'gl(?:c|sa)_', '', ['gl']],
  ['openai', 'T3BlbkFJ', '', ['T3BlbkFJ']], // both token shapes carry it
  ['anthropic', 'sk-ant-api0', '', ['sk-ant-api0']],
  ['groq', 'gsk_[a-zA-Z0-9]{52}', '', ['gsk_']],
  ['huggingface', 'hf_[a-zA-Z]{34}', '', ['hf_']],
  ['linear', 'lin_api_', '', ['lin_api_']],
  ['notion', 'ntn_\\d{11}', '', ['ntn_']],
  ['1password', 'ops_ey', '', ['ops_ey']],
  ['hashicorp-vault', 'hv[sbr]\\.', '', ['hv']],
  ['vercel', 'vc[piark]_', '', ['vc']],
  ['databricks', 'dapi[a-fA-F0-9]{32}', '', ['dapi']],
  ['docker', 'dckr_pat_', '', ['dckr_pat_']],
  ['figma', 'figd_', '', ['figd_']],
  ['basicauth', '(?:https?|ftps?):\\/\\/[-\\w]+:[-\\w]+@', '', ['://']],
  // These rules match case-insensitively (or accept several casings).
  ['aws', 'secret_?access_?key', 'i', ['secret']], // SECRET|secret|Secret … KEY|key|Key
  ['slack', 'hooks\\.slack\\.com\\/services\\/', 'i', ['hooks.slack.com/services/']], // incoming webhook
  ['database-connection-string', '(?:mongodb(?:\\+srv)?|mysqlx?|postgres(?:ql)?):\\/\\/[^\\/\\s]{1,301}@', 'i', ['mongodb', 'mysql', 'postgres']], // with a password
];
/** Each need as a regex source, for its literals (registry/regex-literal.ts) and its compiled form, per process. */
let needSources: ReadonlyArray<readonly [rule: string, src: RegexSource]> | undefined;
const sources = (): ReadonlyArray<readonly [string, RegexSource]> =>
  (needSources ??= NEEDS.map(([rule, source, flags, literals]) => [rule, { source, flags, literals: [...literals] }] as const));

/** The GCP rule parses a `.json` text, so `\u` escapes could hide a service account key's markers from the tests above. */
const gcpJson = (text: string, filePath?: string): boolean => !!filePath && filePath.toLowerCase().endsWith('.json') && text.includes('\\u');

/** Whether `text` fits one need: a need's regex is compiled and run only when the text holds one of the plain strings
 * every match of it holds ("npm_", "-----BEGIN", "://"…). Most texts hold none, and V8 compiling the needs as one
 * alternation on its first run was ~0.4 ms of every hook call that had a text to check (docs/performance.md).
 * `low` is the text folded once for the case-insensitive needs. */
function fits(src: RegexSource, text: string, low: { text?: string }): boolean {
  const lits = literalsOf(src);
  if (lits !== undefined) {
    const t = src.flags.includes('i') ? (low.text ??= foldFor('i', text)) : text;
    let any = false;
    for (let i = 0; i < lits.length && !any; i++) any = t.includes(lits[i] as string);
    if (!any) return false;
  }
  return toRegExp(src).test(text);
}

/**
 * Cheap and synchronous: could secretlint report anything in `text`? False means it certainly would not (with
 * the preset as shipped); true means load it and ask.
 */
export function mightHoldSecret(text: string, filePath?: string): boolean {
  const low = {};
  for (const [, src] of sources()) if (fits(src, text, low)) return true;
  return gcpJson(text, filePath);
}

/** The preset's rules (short ids) that could report anything in `text`: the only ones a scan needs to run. */
export function rulesFor(text: string, filePath?: string): string[] {
  const out = new Set<string>();
  const low = {};
  for (const [rule, src] of sources()) if (!out.has(rule) && fits(src, text, low)) out.add(rule);
  if (gcpJson(text, filePath)) out.add('gcp');
  return [...out];
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
        const findings = await (await loadSecretlint())(text, filePath, rulesFor(text, filePath));
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
