// doctor's line about the managed layer (docs/team.md "The managed layer"): which managed folder and policy bundle
// this machine's calls are judged under, their revisions, and a refused file (which denies every tool call) as a
// failure naming the fix. What a lower file tried to loosen is listed under `config` and `registry`.

import { managedSources } from '../hook/managed.js';
import type { Locations } from '../hook/locations.js';
import type { Prepared } from '../hook/runtime.js';
import type { Check } from './doctor-hosts.js';

export function managedCheck(loc: Pick<Locations, 'managedDir' | 'bundleDir' | 'hookwardenHome'>, policy: Prepared['policy']): Check {
  const what = 'managed policy';
  if (policy.refused.length) return { status: 'fail', what, detail: policy.refused.join('; ') };
  const m = managedSources(loc);
  const files = [...m.config.map((s) => s.path), ...m.patterns.map((s) => s.path)].filter((f) => f.startsWith(loc.managedDir));
  const parts = [
    files.length ? files.join(', ') : `none (no ${loc.managedDir})`,
    ...(policy.bundleRevision !== undefined ? [`bundle ${policy.bundleRevision} (${loc.bundleDir})`] : []),
    `policy revision ${policy.revision}`,
  ];
  return { status: m.issues.length ? 'warn' : 'ok', what, detail: [...parts, ...m.issues].join('; ') };
}
