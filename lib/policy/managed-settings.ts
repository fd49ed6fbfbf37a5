// Where the bundle comes from: `policy.bundle` of the managed config, `/etc/hookwarden/config.json`
// (`HOOKWARDEN_MANAGED_DIR` names another folder, for tests). Never from the user's or a project's config: a lower
// layer must not point the machine at another bundle server or key. The file is the admin's: it is used only when
// it and its folder are root's and not writable by group or others (where the platform has uids), the same rule
// the managed layer holds its files to.

import { lstatSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { issueText } from '../config/issue-text.js';
import { fileSchema } from '../config/schema.js';
import { readRegularFile } from '../fs/read.js';
import { errCode } from '../fs/checks.js';
import { parsePublicKey, type PublicKey } from './keys.js';

export const DEFAULT_MANAGED_DIR = '/etc/hookwarden';
export const DEFAULT_POLL_SECONDS = 60;

export const managedDir = (env: NodeJS.ProcessEnv): string => (env.HOOKWARDEN_MANAGED_DIR?.trim() ? resolve(env.HOOKWARDEN_MANAGED_DIR.trim()) : DEFAULT_MANAGED_DIR);
export const managedConfigFile = (env: NodeJS.ProcessEnv): string => join(managedDir(env), 'config.json');

export interface BundleSettings {
  url: string;
  key: PublicKey;
  pollSeconds: number;
  /** The managed config file they came from. */
  file: string;
}

/** No bundle configured (`none`), the settings, or a one-line problem naming the file and what to do. */
export type BundleSettingsResult = { status: 'none'; file: string } | { status: 'ok'; settings: BundleSettings } | { status: 'problem'; problem: string };

function adminOwnedProblem(st: Stats): string | null {
  if (typeof process.getuid !== 'function') return null;
  if (st.isSymbolicLink()) return 'is a symbolic link';
  if (st.uid !== 0) return `is owned by uid ${st.uid}, not root`;
  if ((st.mode & 0o022) !== 0) return `is writable by its group or other users (mode ${(st.mode & 0o777).toString(8)})`;
  return null;
}

export function bundleSettings(env: NodeJS.ProcessEnv): BundleSettingsResult {
  const file = managedConfigFile(env);
  const r = readRegularFile(file, { maxBytes: 1024 * 1024 });
  if (r.status === 'missing') return { status: 'none', file };
  if (r.status !== 'ok') return { status: 'problem', problem: `${file}: ${r.status === 'unsafe' ? `it ${r.reason}` : `unreadable (${r.reason})`}` };
  for (const path of [dirname(file), file]) {
    let why: string | null;
    try {
      why = adminOwnedProblem(lstatSync(path));
    } catch (err) {
      why = `cannot be examined (${errCode(err) ?? 'error'})`;
    }
    if (why) return { status: 'problem', problem: `${path} ${why}: the managed config must be root's alone; policy.bundle not used` };
  }
  let json: unknown;
  try {
    json = JSON.parse(r.bytes.toString('utf8'));
  } catch (err) {
    return { status: 'problem', problem: `${file}: not valid JSON (${(err as Error).message.slice(0, 80)})` };
  }
  const parsed = fileSchema().safeParse(json);
  if (!parsed.success) return { status: 'problem', problem: `${file}: ${issueText(parsed.error.issues[0], json)}` };
  const b = parsed.data.policy?.bundle;
  if (!b) return { status: 'none', file };
  const key = parsePublicKey(b.publicKey);
  if ('problem' in key) return { status: 'problem', problem: `${file}: policy.bundle.publicKey ${key.problem}` };
  return { status: 'ok', settings: { url: b.url, key, pollSeconds: b.pollSeconds ?? DEFAULT_POLL_SECONDS, file } };
}
