// doctor: the central policy bundle, in one line: the active revision and where it came from, or why there is none
// (lib/policy/, docs/team.md "Policy bundles"). A `policy` setting in the user's or the project's config is named:
// it is ignored there (only the managed config may name a bundle server and key).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bundleSettings } from '../policy/managed-settings.js';
import { readActive, readState } from '../policy/store.js';
import { readJsonFile } from '../session/store.js';
import type { Check } from './doctor-hosts.js';

function lowerLayerPolicy(files: string[]): string | undefined {
  return files.find((f) => {
    const r = existsSync(f) ? readJsonFile(f) : null;
    return r?.status === 'ok' && !!r.value && typeof r.value === 'object' && 'policy' in r.value;
  });
}

export function policyBundleCheck(hookwardenHome: string, projectDir: string, env: NodeJS.ProcessEnv): Check {
  const what = 'policy bundle';
  const s = bundleSettings(env);
  const ignored = lowerLayerPolicy([join(hookwardenHome, 'config.json'), join(projectDir, '.hookwarden', 'config.json')]);
  const note = ignored ? `; ${ignored} sets policy, ignored there (only the managed config names a bundle server)` : '';
  if (s.status === 'none') return { status: ignored ? 'warn' : 'ok', what, detail: `none configured (no policy.bundle in ${s.file})${note}` };
  if (s.status === 'problem') return { status: 'fail', what, detail: `${s.problem}${note}` };
  const active = readActive(hookwardenHome);
  const failure = readState(hookwardenHome).lastFailure;
  const failed = failure ? `; last failure ${failure.at}: ${failure.reason}` : '';
  if (!active) return { status: 'fail', what, detail: `none active yet from ${s.settings.url}${failed} (run \`hookwarden policy pull\`, or start \`hookwarden serve\`)${note}` };
  if ('problem' in active) return { status: 'fail', what, detail: `${active.problem}${note}` };
  return { status: failure || ignored ? 'warn' : 'ok', what, detail: `revision ${active.revision}, fetched ${active.fetchedAt} from ${active.source}${failed}${note}` };
}
