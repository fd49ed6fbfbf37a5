// hookwarden policy sign | verify | keygen: the admin's side of central policy bundles (lib/policy/, docs/team.md
// "Policy bundles"). The private key stays with the admin; machines get the public key out of band, in the
// managed config.

import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { readRegularFile } from '../../fs/read.js';
import { createExclusive, writeFileAtomic } from '../../fs/write.js';
import { BUNDLE_FILES, MAX_BUNDLE_BYTES, sha256Hex, type BundleFileName } from '../../policy/format.js';
import { generateKeys, parsePrivateKey, parsePublicKey } from '../../policy/keys.js';
import { isoUtc } from '../../vocab/iso-time.js';
import { argProblem, parseArgs, usageError, type CliIO, noArgument, type Command } from '../io.js';

/** One line on stderr, `hookwarden <command>: <why>`, and the exit code. */
function failed(io: CliIO, command: string, why: string, code: number): number {
  io.err(`hookwarden ${command}: ${why}\n`);
  return code;
}

/** `-o x` as `--out x`: the one short option these commands take. */
const withOut = (args: string[]): string[] => args.map((a) => (a === '-o' ? '--out' : a));

function readText(path: string, what: string): string | { problem: string } {
  const r = readRegularFile(path, { maxBytes: MAX_BUNDLE_BYTES });
  if (r.status === 'ok') return r.bytes.toString('utf8');
  return { problem: `cannot read ${what} ${path}: ${r.status === 'missing' ? 'no such file' : r.status === 'unsafe' ? `it ${r.reason}` : r.reason}` };
}

/** config.json and patterns.json from one folder, or from files named so. */
function bundleInputs(paths: string[], cwd: string): Record<BundleFileName, string> | { problem: string } {
  const found: Partial<Record<BundleFileName, string>> = {};
  for (const p of paths.map((x) => resolve(cwd, x))) {
    if (existsSync(p) && statSync(p).isDirectory()) {
      for (const name of BUNDLE_FILES) found[name] = join(p, name);
      continue;
    }
    const name = basename(p) as BundleFileName;
    if (!BUNDLE_FILES.includes(name)) return { problem: `${p} is neither a folder nor a file named config.json or patterns.json` };
    found[name] = p;
  }
  const out: Partial<Record<BundleFileName, string>> = {};
  for (const name of BUNDLE_FILES) {
    const path = found[name];
    if (!path || !existsSync(path)) return { problem: `no ${name} ${path ? `in ${dirname(path)}` : 'given'}: a bundle carries config.json and patterns.json (write {} for an empty one)` };
    const text = readText(path, name);
    if (typeof text !== 'string') return text;
    out[name] = text;
  }
  return out as Record<BundleFileName, string>;
}

export const policySignCommand: Command = {
  name: 'policy sign',
  summary: 'build a signed policy bundle from config.json and patterns.json (the admin\'s private key)',
  usage:
    'hookwarden policy sign --key <private.pem> [--revision <rev>] <folder | config.json patterns.json> -o <bundle.json>\n' +
    '  The manifest lists each file\'s sha256; its canonical JSON is signed with the Ed25519 key. The files are checked\n' +
    '  as machines check them (config and patterns formats, pattern ids starting with "managed/"). --revision (what\n' +
    '  every audit line names): default "sha256-" and the first 12 hex digits of the files\' hash.',
  async run(args, io) {
    const spec = { options: ['key', 'revision', 'out'] };
    const a = parseArgs(withOut(args), spec);
    const keyPath = a.options.get('key');
    const out = a.options.get('out');
    const problem =
      argProblem(a.unknown, spec) ??
      (!keyPath ? 'needs --key <private.pem> (`hookwarden policy keygen` makes one)' : undefined) ??
      (!out ? 'needs -o <bundle.json>' : undefined) ??
      (!a.positionals.length ? 'needs a folder holding config.json and patterns.json, or the two files' : undefined);
    if (problem || !keyPath || !out) return usageError(io, 'policy sign', problem ?? 'bad arguments');
    const pem = readText(resolve(io.cwd, keyPath), 'the key');
    if (typeof pem !== 'string') return failed(io, 'policy sign', pem.problem, 1);
    const key = parsePrivateKey(pem);
    if ('problem' in key) return failed(io, 'policy sign', `${keyPath} ${key.problem}`, 1);
    const files = bundleInputs(a.positionals, io.cwd);
    if ('problem' in files) return failed(io, 'policy sign', files.problem, 1);
    const revision = a.options.get('revision') ?? `sha256-${sha256Hex(`${files['config.json']}\0${files['patterns.json']}`).slice(0, 12)}`;
    const { signBundle } = await import('../../policy/sign.js'); // zod's messages: lib/policy/verify.ts
    const b = signBundle({ files, revision, created: isoUtc(io.now()), key });
    if ('problem' in b) return failed(io, 'policy sign', `${b.problem}; nothing written`, 1);
    writeFileAtomic(resolve(io.cwd, out), `${JSON.stringify(b, null, 2)}\n`, 0o644);
    io.out(`${out}: revision ${revision}, key ${key.id}\n`);
    return 0;
  },
};

export const policyVerifyCommand: Command = {
  name: 'policy verify',
  summary: 'check a policy bundle as a machine would: signature, file hashes, contents',
  usage:
    'hookwarden policy verify --key <public.pem | base64 key> <bundle.json>\n' +
    '  Exit 0 and the revision when every machine with that key would activate it; else one line naming why, exit 3.',
  async run(args, io) {
    const spec = { options: ['key'] };
    const a = parseArgs(args, spec);
    const keyArg = a.options.get('key');
    const problem =
      argProblem(a.unknown, spec) ?? (!keyArg ? 'needs --key <public.pem>' : undefined) ?? (a.positionals.length !== 1 ? 'needs exactly one bundle file' : undefined);
    if (problem || !keyArg) return usageError(io, 'policy verify', problem ?? 'bad arguments');
    const keyText = existsSync(resolve(io.cwd, keyArg)) ? readText(resolve(io.cwd, keyArg), 'the key') : keyArg;
    if (typeof keyText !== 'string') return failed(io, 'policy verify', keyText.problem, 1);
    const key = parsePublicKey(keyText);
    if ('problem' in key) return failed(io, 'policy verify', `--key ${key.problem}`, 1);
    const text = readText(resolve(io.cwd, a.positionals[0] as string), 'the bundle');
    if (typeof text !== 'string') return failed(io, 'policy verify', text.problem, 1);
    const { verifyBundle } = await import('../../policy/verify.js');
    const v = verifyBundle(text, key);
    if ('problem' in v) return failed(io, 'policy verify', `${a.positionals[0]}: refused: ${v.problem}`, 3);
    io.out(`ok: revision ${v.bundle.manifest.revision} (created ${v.bundle.manifest.created}), key ${v.keyId}\n`);
    return 0;
  },
};

export const policyKeygenCommand: Command = {
  name: 'policy keygen',
  summary: 'make an Ed25519 key pair for signing policy bundles',
  usage:
    'hookwarden policy keygen -o <name>\n' +
    '  Writes <name>.pem (the private key, mode 0600: keep it off the machines) and <name>.pub.pem, and prints the\n' +
    '  public key as policy.bundle.publicKey takes it. Never overwrites a file.',
  async run(args, io) {
    const spec = { options: ['out'] };
    const a = parseArgs(withOut(args), spec);
    const out = a.options.get('out');
    const problem = argProblem(a.unknown, spec) ?? (!out ? 'needs -o <name>' : undefined) ?? noArgument(a.positionals);
    if (problem || !out) return usageError(io, 'policy keygen', problem ?? 'bad arguments');
    const k = generateKeys();
    const priv = resolve(io.cwd, `${out}.pem`);
    const pub = resolve(io.cwd, `${out}.pub.pem`);
    if (existsSync(priv) || existsSync(pub)) return failed(io, 'policy keygen', `${existsSync(priv) ? priv : pub} already exists; choose another -o`, 1);
    createExclusive(priv, k.privatePem, 0o600);
    createExclusive(pub, k.publicPem, 0o644);
    io.out(`${priv} (private, 0600), ${pub}; key ${k.id}\npolicy.bundle.publicKey: "${k.publicRaw}"\n`);
    return 0;
  },
};
