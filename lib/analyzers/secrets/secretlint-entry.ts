// secretlint's recommended preset as a second secret detector, behind a result shape of our own. This file is
// the entry of its own bundle (dist/hooks/secretlint.cjs, see scripts/build.ts) and is loaded only through
// ./secretlint.ts, so a hook that never scans content never parses secretlint.
//
// What comes out never holds secret text: secretlint's messages quote the secret (`found GitHub Token: ghp_…`)
// and its `data` holds it, so only the rule's id, a kind from our own table and offsets leave this module.

import { lintSource } from '@secretlint/core';
import { rules as presetRules } from '@secretlint/secretlint-rule-preset-recommend';
import { MAX_SCAN_CHARS } from './detect.js';

// secretlint's types, taken from core's own signature (@secretlint/types is only a transitive dependency).
type SecretLintCoreConfig = Parameters<typeof lintSource>[0]['options']['config'];
type SecretLintCoreResultMessage = Awaited<ReturnType<typeof lintSource>>['messages'][number];

export interface ExternalSecretFinding {
  /** Short, stable id derived from the rule's id: "aws", "github", "privatekey", "basicauth", … */
  ruleId: string;
  /** UTF-16 offsets of the finding in the scanned text. */
  start: number;
  end: number;
  /** Human name of the credential kind, e.g. "GitHub token". */
  kind: string;
}

// The preset's rules with their default options, registered one by one (that is all the preset's own `create`
// does) so that one can be left out: secretlint-rule-filter-comments drops findings inside `secretlint-disable`
// comments, and here the text comes from the agent being guarded, so honouring it would let that text switch
// the detector off. (A `disabled` entry under the preset's `rules` does not work: secretlint 12 only checks
// `disabled` on top-level rules.)
const FILTER_COMMENTS = '@secretlint/secretlint-rule-filter-comments';
const CONFIG: SecretLintCoreConfig = {
  rules: presetRules.filter((rule) => rule.meta.id !== FILTER_COMMENTS).map((rule) => ({ id: rule.meta.id, rule })),
};

/** Kind names by secretlint message id (ids are stable API: they are what `allowMessageIds` takes). */
const KIND_BY_MESSAGE: Record<string, string> = {
  AWSSecretAccessKey: 'AWS secret access key',
  AWSAccessKeyID: 'AWS access key ID',
  AWSAccountID: 'AWS account ID',
  PrivateKeyJSON: 'GCP service account key',
  PrivateKeyP12: 'GCP service account key',
  PackageJSON_xOauthToken: 'GitHub token in a git URL',
  Npmrc_authToken: 'npm auth token',
  NPM_ACCESS_TOKEN: 'npm access token',
  SLACK_TOKEN: 'Slack token',
  IncomingWebhook: 'Slack incoming webhook URL',
  BasicAuth: 'password in a URL',
  OPENAI_TOKEN: 'OpenAI API key',
  ANTHROPIC_API_KEY: 'Anthropic API key',
  GROQ_API_KEY: 'Groq API key',
  HUGGINGFACE_USER_ACCESS_TOKEN: 'Hugging Face access token',
  LINEAR_API_TOKEN: 'Linear API key',
  NOTION_INTEGRATION_TOKEN: 'Notion integration token',
  PrivateKey: 'private key',
  SENDGRID_KEY: 'SendGrid API key',
  SHOPIFY_KEY: 'Shopify access token',
  GITHUB_TOKEN: 'GitHub token',
  GITLAB_PERSONAL_ACCESS_TOKEN: 'GitLab personal access token',
  GRAFANA_CLOUD_API_TOKEN: 'Grafana Cloud API token',
  GRAFANA_SERVICE_ACCOUNT_TOKEN: 'Grafana service account token',
  OPS_TOKEN: '1Password service account token',
  MongoDBConnection: 'MongoDB connection string with password',
  MySQLConnection: 'MySQL connection string with password',
  PostgreSQLConnection: 'PostgreSQL connection string with password',
  HASHICORP_VAULT_SERVICE_TOKEN: 'HashiCorp Vault token',
  HASHICORP_VAULT_BATCH_TOKEN: 'HashiCorp Vault token',
  HASHICORP_VAULT_RECOVERY_TOKEN: 'HashiCorp Vault recovery token',
  VERCEL_PERSONAL_ACCESS_TOKEN: 'Vercel access token',
  VERCEL_INTEGRATION_TOKEN: 'Vercel integration token',
  VERCEL_APP_ACCESS_TOKEN: 'Vercel app token',
  VERCEL_APP_REFRESH_TOKEN: 'Vercel app token',
  VERCEL_AI_GATEWAY_API_KEY: 'Vercel AI Gateway API key',
  DATABRICKS_PERSONAL_ACCESS_TOKEN: 'Databricks access token',
  DOCKER_PERSONAL_ACCESS_TOKEN: 'Docker access token',
  FIGMA_PERSONAL_ACCESS_TOKEN: 'Figma access token',
};

/**
 * Documented example credentials (AWS's own docs). The preset's AWS rule already skips them; kept here too so a
 * preset update that drops its built-in list cannot turn documentation into findings.
 */
const DOCUMENTED_EXAMPLES = new Set(['AKIAIOSFODNN7EXAMPLE', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY']);

/** "@secretlint/secretlint-rule-github" → "github"; anything unexpected → "unknown" (never free text). */
function shortRuleId(id: string): string {
  const short = id.replace(/^@secretlint\/secretlint-rule-/, '');
  return /^[a-z0-9-]{1,40}$/.test(short) ? short : 'unknown';
}

/**
 * Where the secret is. Some rules (AWS secret key, npm `_authToken`, x-oauth-basic URLs) report the start of the
 * whole match with the length of the captured secret, so the range points before the secret. When the range
 * has exactly the length of one of the message's data values but other text, that value is located from the
 * range's start instead. The data values stay inside this function.
 */
function secretSpan(hay: string, m: SecretLintCoreResultMessage): [number, number] {
  const [s, e] = m.range;
  const values = Object.values((m.data ?? {}) as Record<string, unknown>).filter(
    (v): v is string => typeof v === 'string' && v.length === e - s && v.length > 0,
  );
  if (!values.length || values.includes(hay.slice(s, e))) return [s, e];
  for (const v of values) {
    const at = hay.indexOf(v, s);
    if (at >= 0) return [at, at + v.length];
  }
  return [s, e];
}

/** The source secretlint sees. The path matters to two rules: gcp (.json) and npm (package.json, .npmrc). */
function sourceOf(content: string, filePath: string | undefined) {
  // The GCP rule's .p12 branch reads the file from disk, which an analyzer must not do (and the file on disk is
  // not the text being judged), so only `.json` is passed on as an extension.
  const ext = filePath?.toLowerCase().endsWith('.json') ? '.json' : '.txt';
  // Without a path secretlint applies its "could be anything" checks (e.g. x-oauth-basic URLs).
  return { content, filePath: filePath as string, ext, contentType: 'text' as const };
}

/**
 * Runs the preset over `text` (at most MAX_SCAN_CHARS, like the regex detector). `filePath`, when the text is
 * a file's content, lets the path-specific rules run; `only` (short rule ids) runs just those. Findings are sorted
 * by start, one per rule and span.
 */
export async function scanText(text: string, filePath?: string, only?: readonly string[]): Promise<ExternalSecretFinding[]> {
  const hay = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  // secretlint drops a leading BOM and reports offsets in the text without it.
  const bom = hay.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = bom ? hay.slice(1) : hay;
  const result = await lintSource({
    source: sourceOf(body, filePath),
    // maskSecrets stays off: it would blank the data values secretSpan needs, and no message text leaves here.
    options: { config: only ? { rules: CONFIG.rules.filter((r) => only.includes(shortRuleId(r.id))) } : CONFIG, locale: 'en', maskSecrets: false, noPhysicFilePath: true },
  });
  return toFindings(body, bom, result.messages);
}

function toFindings(body: string, bom: number, messages: SecretLintCoreResultMessage[]): ExternalSecretFinding[] {
  const out: ExternalSecretFinding[] = [];
  const seen = new Set<string>();
  for (const m of messages) {
    const [s, e] = secretSpan(body, m);
    if (DOCUMENTED_EXAMPLES.has(body.slice(s, e))) continue;
    const ruleId = shortRuleId(m.ruleId);
    const key = `${ruleId}:${s}:${e}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ruleId, start: s + bom, end: e + bom, kind: KIND_BY_MESSAGE[m.messageId] ?? `${ruleId} credential` });
  }
  return out.sort((a, b) => a.start - b.start || b.end - a.end);
}
