// secretlint's recommended preset as the second secret detector (lib/analyzers/secrets/secretlint*.ts): what it
// finds with default options, that nothing it returns quotes a secret, that the cheap prefilter never hides one
// of its findings, and that the lazy loader works from source and, built, from next to a hook file.
//
// Every credential here is fake: generated from a fixed seed in the right shape, never a real key.

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { type ExternalSecretFinding, scanText } from '../../../lib/analyzers/secrets/secretlint-entry.js';
import { loadSecretlint, mightHoldSecret, NEEDS, rulesFor, secretlintBundlePath } from '../../../lib/analyzers/secrets/secretlint.js';
import { requiredLiterals } from '../../../lib/registry/regex-literal.js';
import { hookEnv } from '../../helpers/fixtures.js';
import { ROOT } from '../../helpers/registry.js';
import { writeHookFile } from '../../../scripts/hook-file.js';

// mulberry32: deterministic, so a failing fixture is the same on every run.
let seed = 0x5ec1e7;
function rnd(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;
const HEX = '0123456789abcdef';
const B64 = `${ALNUM}+/`;
const pick = (alphabet: string, n: number): string => Array.from({ length: n }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');

/** PEM body: base64 that starts like DER (`MII`), in 64-column lines. */
function pemBody(chars: number): string {
  const b = `MII${pick(B64, chars - 3)}`;
  return b.match(/.{1,64}/g)!.join('\n');
}

/** 1Password service account token: base64 of a JSON object (so it starts with `ey` and ends with `fQ`). */
function opsToken(): string {
  let json = JSON.stringify({ signInAddress: 'acme-corp.1password.example', email: `${pick(LOWER, 10)}@acme-corp.example`, secretKey: pick(ALNUM, 40), deviceUuid: pick(LOWER + DIGITS, 26) });
  while (json.length % 3 !== 1) json = `${json.slice(0, -1)} }`; // `}` last in a 1-byte tail → "fQ=="
  return `ops_${Buffer.from(json).toString('base64')}`;
}

interface Case {
  name: string;
  text: string;
  filePath?: string;
  /** The credential in `text`. */
  secret: string;
  ruleId: string;
  /** 'exact': the finding's span is the secret; 'covers': the span contains it (URLs, key blocks, whole files). */
  span: 'exact' | 'covers';
}

function cases(): Case[] {
  const c = (name: string, ruleId: string, secret: string, text: (s: string) => string, span: Case['span'] = 'exact', filePath?: string): Case => ({
    name,
    ruleId,
    secret,
    text: text(secret),
    span,
    ...(filePath ? { filePath } : {}),
  });
  const rsa = `-----BEGIN RSA PRIVATE KEY-----\n${pemBody(1600)}\n-----END RSA PRIVATE KEY-----`;
  const gcpKey = `-----BEGIN PRIVATE KEY-----\n${pemBody(1200)}\n-----END PRIVATE KEY-----\n`;
  const gcpJson = JSON.stringify({ type: 'service_account', project_id: 'acme-demo', private_key_id: pick(HEX, 40), private_key: gcpKey, client_email: 'ci@acme-demo.iam.gserviceaccount.com' }, null, 2);
  return [
    c('AWS secret access key', 'aws', `${pick(B64, 39)}${pick(ALNUM, 1)}`, (s) => `[default]\naws_secret_access_key = ${s}\nregion = eu-west-1\n`),
    c('AWS secret access key (env, quoted)', 'aws', `${pick(B64, 39)}${pick(ALNUM, 1)}`, (s) => `export AWS_SECRET_ACCESS_KEY="${s}"`),
    c('RSA private key', 'privatekey', rsa, (s) => `const key = \`${s}\`;\n`, 'covers'),
    c('OpenSSH private key', 'privatekey', `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE${pick(B64, 380)}\n-----END OPENSSH PRIVATE KEY-----`, (s) => s, 'covers'),
    c('GCP service account JSON', 'gcp', gcpJson, (s) => s, 'covers', 'keys/service-account.json'),
    c('GCP service account JSON with \\u escapes', 'gcp', '', () => gcpJson.replace('-----BEGIN', '\\u002d----BEGIN'), 'covers', 'sa.json'),
    c('npm access token', 'npm', `npm_${pick(ALNUM, 36)}`, (s) => `NPM_TOKEN=${s}`),
    c('npm _authToken in .npmrc', 'npm', `${pick(HEX, 8)}-${pick(HEX, 4)}-${pick(HEX, 4)}-${pick(HEX, 4)}-${pick(HEX, 12)}`, (s) => `registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=${s}\n`, 'exact', '/home/dev/project/.npmrc'),
    c('GitHub token in an x-oauth-basic URL', 'npm', pick(HEX, 40), (s) => `{"dependencies":{"lib":"git+https://${s}:x-oauth-basic@github.com/acme/lib.git"}}`, 'exact', 'package.json'),
    c('Slack bot token', 'slack', `xoxb-${pick(DIGITS, 12)}-${pick(DIGITS, 13)}-${pick(ALNUM, 24)}`, (s) => `SLACK_BOT_TOKEN=${s}`),
    c('Slack incoming webhook', 'slack', `https://hooks.slack.com/services/T${pick(UPPER + DIGITS, 8)}/B${pick(UPPER + DIGITS, 10)}/${pick(ALNUM, 24)}`, (s) => `webhook: "${s}"`),
    c('password in a URL', 'basicauth', `deploy:${pick(ALNUM, 14)}`, (s) => `git clone https://${s}@git.acme-corp.io/team/app.git`, 'covers'),
    c('SendGrid API key', 'sendgrid', `SG.${pick(ALNUM, 22)}.${pick(ALNUM, 43)}`, (s) => `sendgrid.setApiKey('${s}');`),
    c('Shopify access token', 'shopify', `shpat_${pick(HEX, 32)}`, (s) => `SHOPIFY_TOKEN=${s}`),
    c('GitHub classic token', 'github', `ghp_${pick(ALNUM, 36)}`, (s) => `const token = "${s}";`),
    c('GitHub fine-grained token', 'github', `github_pat_${pick(ALNUM, 22)}_${pick(ALNUM, 59)}`, (s) => `GH_TOKEN=${s}`),
    c('GitLab token', 'gitlab', `glpat-${pick(ALNUM, 20)}`, (s) => `GITLAB_TOKEN=${s}`),
    c('Grafana Cloud token', 'grafana', `glc_${pick(B64, 60)}${pick(ALNUM, 4)}`, (s) => `GRAFANA_TOKEN=${s}`),
    c('Grafana service account token', 'grafana', `glsa_${pick(ALNUM, 32)}_${pick(HEX, 8)}`, (s) => `token: ${s}`),
    c('OpenAI project key', 'openai', `sk-proj-${pick(ALNUM, 74)}T3BlbkFJ${pick(ALNUM, 74)}`, (s) => `OPENAI_API_KEY=${s}`),
    c('OpenAI legacy key', 'openai', `sk-${pick(ALNUM, 20)}T3BlbkFJ${pick(ALNUM, 20)}`, (s) => `openai.api_key = "${s}"`),
    c('Anthropic API key', 'anthropic', `sk-ant-api03-${pick(`${ALNUM}_-`, 93)}AA`, (s) => `ANTHROPIC_API_KEY=${s}`),
    c('Groq API key', 'groq', `gsk_${pick(ALNUM, 52)}`, (s) => `GROQ_API_KEY=${s}`),
    c('Hugging Face token', 'huggingface', `hf_${pick(UPPER + LOWER, 34)}`, (s) => `HF_TOKEN=${s}`),
    c('Linear API key', 'linear', `lin_api_${pick(ALNUM, 40)}`, (s) => `LINEAR_API_KEY=${s}`),
    c('Notion token', 'notion', `ntn_${pick(DIGITS, 11)}${pick(ALNUM, 35)}`, (s) => `NOTION_TOKEN=${s}`),
    c('1Password service account token', '1password', opsToken(), (s) => `OP_SERVICE_ACCOUNT_TOKEN=${s}`),
    c('PostgreSQL URL with password', 'database-connection-string', `app_rw:${pick(ALNUM, 18)}`, (s) => `DATABASE_URL=postgres://${s}@db.internal.acme-corp.io:5432/app`, 'covers'),
    c('MongoDB URL with password', 'database-connection-string', `svc:${pick(ALNUM, 18)}`, (s) => `MONGO_URL=mongodb+srv://${s}@cluster0.acme.mongodb.net/prod`, 'covers'),
    c('MySQL URL with password', 'database-connection-string', `web:${pick(ALNUM, 18)}`, (s) => `url = "mysql://${s}@10.0.4.12:3306/shop"`, 'covers'),
    c('HashiCorp Vault service token', 'hashicorp-vault', `hvs.${pick(ALNUM, 95)}`, (s) => `VAULT_TOKEN=${s}`),
    c('HashiCorp Vault batch token', 'hashicorp-vault', `hvb.${pick(ALNUM, 150)}`, (s) => `VAULT_TOKEN=${s}`),
    c('Vercel access token', 'vercel', `vcp_${pick(ALNUM, 40)}`, (s) => `VERCEL_TOKEN=${s}`),
    c('Databricks token', 'databricks', `dapi${pick(HEX, 32)}`, (s) => `DATABRICKS_TOKEN=${s}`),
    c('Docker access token', 'docker', `dckr_pat_${pick(ALNUM, 27)}`, (s) => `echo ${s} | docker login -u ci --password-stdin`),
    c('Figma token', 'figma', `figd_${pick(ALNUM, 40)}`, (s) => `FIGMA_TOKEN=${s}`),
  ];
}

const CASES = cases();
const at = (text: string, f: ExternalSecretFinding) => text.slice(f.start, f.end);

/** True when `out` contains any 8-character window of `secret` (a secret must never be quoted, even in part). */
function quotes(out: string, secret: string): boolean {
  for (let i = 0; i + 8 <= secret.length; i++) if (out.includes(secret.slice(i, i + 8))) return true;
  return false;
}

/** Ordinary source text: this repository's own code (free of credentials by construction). */
const ORDINARY = ['lib/analyzers/secrets/detect.ts', 'lib/analyzers/shell/analyze.ts', 'lib/hook/run-hook.ts', 'lib/registry/resolve.ts', 'scripts/build.ts'].map((f) => ({
  f,
  text: readFileSync(join(ROOT, f), 'utf8'),
}));

describe('secretlint preset: findings', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const found = await scanText(c.text, c.filePath);
    const mine = found.filter((f) => f.ruleId === c.ruleId);
    expect(mine.length, JSON.stringify(found)).toBeGreaterThan(0);
    if (c.secret) {
      if (c.span === 'exact') expect(mine.map((f) => at(c.text, f))).toContain(c.secret);
      else expect(mine.some((f) => at(c.text, f).includes(c.secret))).toBe(true);
    }
    for (const f of found) {
      expect(Object.keys(f).sort()).toEqual(['end', 'kind', 'ruleId', 'start']);
      expect(f.ruleId).toMatch(/^[a-z0-9-]+$/);
      expect(f.kind.length).toBeGreaterThan(0);
      expect(f.start).toBeGreaterThanOrEqual(0);
      expect(f.end).toBeLessThanOrEqual(c.text.length);
      // No secret text in any field: not the credential, not the matched text.
      const fields = `${f.ruleId}\n${f.kind}`;
      expect(quotes(fields, c.secret)).toBe(false);
      expect(quotes(fields, at(c.text, f))).toBe(false);
    }
  });

  it('kinds are human names', async () => {
    const kinds = new Set<string>();
    for (const c of CASES) for (const f of await scanText(c.text, c.filePath)) kinds.add(`${f.ruleId}: ${f.kind}`);
    expect([...kinds]).toEqual(expect.arrayContaining(['aws: AWS secret access key', 'github: GitHub token', 'privatekey: private key', 'basicauth: password in a URL']));
  });

  it('does not report the documented AWS example keys', async () => {
    for (const text of [
      'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'export AWS_SECRET_ACCESS_KEY="wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"',
      'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE',
      '[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n',
    ]) {
      expect(await scanText(text), text).toEqual([]);
    }
  });

  it('with default options does not scan AWS access key ids (enableIDScanRule is off; our regexes cover them)', async () => {
    expect(await scanText(`AWS_ACCESS_KEY_ID=AKIA${pick(UPPER + DIGITS, 16)}`)).toEqual([]);
  });

  it('does not report ordinary source code', async () => {
    for (const { f, text } of ORDINARY) expect(await scanText(text, join(ROOT, f)), f).toEqual([]);
  });

  it('a secretlint-disable comment in the scanned text does not hide a finding', async () => {
    const token = `ghp_${pick(ALNUM, 36)}`;
    const text = `/* secretlint-disable */\nconst t = "${token}"; // secretlint-disable-line\n`;
    const found = await scanText(text);
    expect(found.map((f) => at(text, f))).toEqual([token]);
  });

  it('offsets are UTF-16 offsets of the original text, a BOM and astral characters included', async () => {
    const token = `ghp_${pick(ALNUM, 36)}`;
    const text = `\ufeff// 🔑 déjà vu\nconst t = "${token}";\n`;
    const [f] = await scanText(text);
    expect(f && at(text, f)).toBe(token);
  });

  it('scans at most MAX_SCAN_CHARS, like the regex detector', async () => {
    const token = `ghp_${pick(ALNUM, 36)}`;
    expect(await scanText(`${' '.repeat(600 * 1024)}${token}`)).toEqual([]);
  });
});

describe('mightHoldSecret (prefilter)', () => {
  it("each need's written literals are the ones its source requires (what lets the prefilter skip its regex)", () => {
    for (const [rule, need, flags, literals] of NEEDS) expect([rule, [...literals]]).toEqual([rule, requiredLiterals(need, flags)]);
  });


  it('is true for every text secretlint reports on', async () => {
    let reported = 0;
    for (const c of CASES) {
      if ((await scanText(c.text, c.filePath)).length === 0) continue;
      reported++;
      expect(mightHoldSecret(c.text, c.filePath), c.name).toBe(true);
      // Also inside surrounding code, with and without a path.
      const embedded = `function f() {\n  return 1;\n}\n${c.text}\nexport {};\n`;
      if ((await scanText(embedded)).length) expect(mightHoldSecret(embedded), `${c.name} (embedded)`).toBe(true);
    }
    expect(reported).toBe(CASES.length);
  });

  it('is false for ordinary source code, so secretlint is not loaded for it', () => {
    for (const { f, text } of ORDINARY) expect(mightHoldSecret(text, f), f).toBe(false);
  });

  it('rulesFor: running only the rules a text can trigger finds exactly what the whole preset finds', async () => {
    const all = CASES.map((c) => ({ text: c.text, filePath: c.filePath as string | undefined }));
    // Every case alone, inside code, and all of them in one text (each rule then among many).
    for (const c of CASES) all.push({ text: `function f() {\n  return 1;\n}\n${c.text}\nexport {};\n`, filePath: undefined });
    all.push({ text: CASES.map((c) => c.text).join('\n'), filePath: undefined });
    all.push({ text: CASES.map((c) => c.text).join('\n'), filePath: 'config/keys.json' });
    let narrowed = 0;
    for (const { text, filePath } of all) {
      const only = rulesFor(text, filePath);
      if (only.length < 24) narrowed++;
      expect(await scanText(text, filePath, only), `${text.slice(0, 60)} ${filePath ?? ''}`).toEqual(await scanText(text, filePath));
    }
    expect(narrowed).toBeGreaterThan(CASES.length);
    // A text with one token runs one or two rules, not the preset's 24.
    const github = CASES.find((x) => x.ruleId === 'github')!;
    expect(rulesFor(github.text, github.filePath)).toEqual(['github']);
  });
});

describe('loadSecretlint from source', () => {
  it('loads the .ts entry (no bundle path) and scans; later calls share the load', async () => {
    expect(secretlintBundlePath()).toBeNull();
    const p = loadSecretlint();
    expect(loadSecretlint()).toBe(p);
    const scan = await p;
    const c = CASES.find((x) => x.ruleId === 'github')!;
    expect(await scan(c.text)).toEqual(await scanText(c.text));
  });
});

const BUNDLE = join(ROOT, 'dist', 'hooks', 'secretlint.cjs');
const HAVE_DIST = existsSync(BUNDLE);

describe.skipIf(!HAVE_DIST)('built bundle dist/hooks/secretlint.cjs (skipped when dist/ is not built; `npm test` builds first)', () => {
  it('gives the same findings as the source entry', async () => {
    const inputs = CASES.map((c) => ({ text: c.text, filePath: c.filePath }));
    const script = `const m = require(${JSON.stringify(BUNDLE)});
      const inputs = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
      Promise.all(inputs.map((i) => m.scanText(i.text, i.filePath))).then((r) => process.stdout.write(JSON.stringify(r)));`;
    const r = spawnSync(process.execPath, ['-e', script], { input: JSON.stringify(inputs), env: hookEnv(mkdtempSync(join(tmpdir(), 'hw-sl-'))), encoding: 'utf8', timeout: 20_000 });
    expect(r.stderr).toBe('');
    const expected = await Promise.all(inputs.map((i) => scanText(i.text, i.filePath)));
    expect(JSON.parse(r.stdout)).toEqual(expected);
  });

  // The loader as a hook runs it: bundled with the hook build's settings (scripts/build.ts: CommonJS,
  // import.meta.url → the hook file, __HW_SECRETLINT_REL__, secretlint-entry kept out) and executed through the
  // compile-cache shim's vm.Script, from a directory of its own to show the path is relative to the hook file.
  async function bundledProbe(): Promise<string> {
    const entry = join(mkdtempSync(join(tmpdir(), 'hw-sl-src-')), 'probe.ts');
    writeFileSync(
      entry,
      `import { loadSecretlint, secretlintBundlePath } from ${JSON.stringify(join(ROOT, 'lib', 'analyzers', 'secrets', 'secretlint.ts'))};
       const out = (o: unknown) => process.stdout.write(JSON.stringify(o) + '\\n');
       loadSecretlint().then(
         async (scan) => out({ path: secretlintBundlePath(), findings: await scan(process.argv[2] ?? '') }),
         (err: Error) => out({ path: secretlintBundlePath(), error: err.message }),
       );`,
    );
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      minify: true,
      write: false,
      logLevel: 'error',
      banner: { js: "const __hwMeta={get url(){return require('node:url').pathToFileURL(__filename).href;}};" },
      define: { 'import.meta.url': '__hwMeta.url', __HW_SECRETLINT_REL__: JSON.stringify('secretlint.cjs') },
      plugins: [{ name: 'stays-out', setup: (b) => b.onResolve({ filter: /(^|[\\/])secretlint-entry(\.[jt]s)?$/ }, (a) => ({ path: a.path, external: true })) }],
    });
    const code = result.outputFiles[0]!.text;
    expect(code).not.toContain('lintSource'); // secretlint itself is not in the hook-side code
    return code;
  }

  function hookDir(probe: string, bundle: string | null): string {
    const dir = join(mkdtempSync(join(tmpdir(), 'hw-sl-dist-')), 'hooks');
    mkdirSync(dir);
    writeFileSync(join(dir, '..', 'package.json'), '{"type":"commonjs"}\n');
    writeHookFile(join(dir, 'probe.js'), probe, 'sl-probe');
    if (bundle === BUNDLE) {
      // The built file is a compile-cache loader with its code beside it (scripts/hook-file.ts).
      copyFileSync(BUNDLE, join(dir, 'secretlint.cjs'));
      copyFileSync(`${BUNDLE}.code.js`, join(dir, 'secretlint.cjs.code.js'));
    }
    else if (bundle !== null) writeFileSync(join(dir, 'secretlint.cjs'), bundle);
    return dir;
  }
  const runProbe = (dir: string, text: string) =>
    spawnSync(process.execPath, [join(dir, 'probe.js'), text], { env: hookEnv(mkdtempSync(join(tmpdir(), 'hw-sl-home-'))), encoding: 'utf8', timeout: 20_000 });

  it('a bundled hook loads secretlint.cjs from beside itself and scans', async () => {
    const dir = hookDir(await bundledProbe(), BUNDLE);
    const c = CASES.find((x) => x.ruleId === 'github')!;
    const r = runProbe(dir, c.text);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as { path: string; findings: ExternalSecretFinding[] };
    expect(out.path).toBe(join(dir, 'secretlint.cjs'));
    expect(out.findings).toEqual(await scanText(c.text));
  });

  it('a missing or throwing bundle is a one-line rejection, never a crash', async () => {
    const probe = await bundledProbe();
    for (const [bundle, expected] of [
      [null, /^secretlint unavailable: Cannot find module '.*secretlint\.cjs'$/],
      ["throw new Error('boom\\n    at line two');", /^secretlint unavailable: boom$/],
      ['module.exports = {};', /^secretlint unavailable: bundle has no scanText export$/],
      // The loader without its code file (a half-copied install).
      [readFileSync(BUNDLE, 'utf8'), /^secretlint unavailable: cannot read secretlint\.cjs\.code\.js \(ENOENT\); reinstall hookwarden$/],
    ] as const) {
      const r = runProbe(hookDir(probe, bundle), 'x');
      expect(r.status).toBe(0);
      expect(r.stderr).toBe('');
      expect((JSON.parse(r.stdout) as { error: string }).error).toMatch(expected);
    }
  });
});
