// Stage 3, prepare: the call's config and registry, loaded once per process and place (the memo), and the
// problems met loading them. An unsafe $HOOKWARDEN_HOME (a link, someone else's, writable by others) is neither
// read nor written: the call is prepared without it (lib/hook/home-guard.ts).

import { homeProblem } from '../../fs/private-dir.js';
import { resolveRegistry } from '../../registry/resolve.js';
import { unsafeHomeNote, withoutHome } from '../home-guard.js';
import type { Locations } from '../locations.js';
import { hash64 } from '../../hash64.js';
import { managedSources, unappliedNote, type ManagedSources } from '../managed.js';
import { loadCallConfig, trustedOverrides } from '../project-trust.js';
import type { Prepared, RuntimeDeps } from '../runtime.js';

/** The memo key of a call's config and registry: what they were loaded from (lib/serve/reload.ts reads it back; the
 * managed folder is one per process, from its environment, and not part of it). */
export const memoKey = (loc: Pick<Locations, 'hookwardenHome' | 'projectDir' | 'patternsDir'>): string =>
  `${loc.hookwardenHome}\0${loc.projectDir}\0${loc.patternsDir}`;

/** The inverse of memoKey, or null for a key of another shape. */
export function parseMemoKey(key: string): Pick<Locations, 'hookwardenHome' | 'projectDir' | 'patternsDir'> | null {
  const parts = key.split('\0');
  if (parts.length !== 3 || parts.some((p) => !p)) return null;
  const [hookwardenHome, projectDir, patternsDir] = parts as [string, string, string];
  return { hookwardenHome, projectDir, patternsDir };
}

/** Loads config and registry for a call; problems are reported, never fatal. */
export function prepare(loc: Locations, rt: RuntimeDeps): Promise<Prepared> {
  if (!rt.memo) return loadPrepared(loc, rt);
  const key = memoKey(loc);
  let p = rt.memo.get(key);
  if (!p) {
    p = loadPrepared(loc, rt);
    rt.memo.set(key, p);
  }
  return p;
}

async function loadPrepared(loc: Locations, rt: RuntimeDeps): Promise<Prepared> {
  // Without a managed folder or an active bundle: one failed stat for each, nothing else.
  const managed = managedSources(loc);
  const cfg = loadCallConfig(loc, managed.config);
  const reg = await resolveRegistry(
    { shippedDir: loc.patternsDir, overrides: [...managed.patterns, ...trustedOverrides(loc, cfg.config)], cacheDir: loc.cacheDir, root: loc.hookwardenHome },
    rt.embedded,
  );
  // Managed patterns that cannot be applied (no patterns/ beside the bundle, or HOOKWARDEN_PATTERNS_DIR naming an
  // empty folder) are refused like a loose file: nobody gains by hiding the shipped packs.
  for (const path of reg.ignored ?? []) {
    if (managed.patterns.some((m) => m.path === path && m.scope !== 'bundle')) managed.refused.push(unappliedNote(path, loc.patternsDir));
  }
  const policy = policyOf(cfg.hash, reg.registry.hash, managed);
  return { cfg, reg, issues: [...managed.refused, ...managed.issues, ...cfg.issues, ...reg.issues], policy };
}

/** The policy a call was judged under (the audit's policy_revision): the effective config's and registry's hashes, which
 * cover what the managed, bundle, user and project files changed, with the bundle's revision and any refusal. */
function policyOf(configHash: string, registryHash: string, managed: ManagedSources): Prepared['policy'] {
  const revision = hash64(`${configHash}\0${registryHash}\0${managed.bundleRevision ?? ''}\0${managed.refused.join('\0')}`);
  return { revision, refused: managed.refused, ...(managed.bundleRevision !== undefined ? { bundleRevision: managed.bundleRevision } : {}) };
}

export interface PreparedCall extends Prepared {
  /** Why the home is unsafe, when it is. */
  homeIssue?: string;
  /** Audit, session state, memory and caches go together: none in what-if runs or under an unsafe home. */
  stateful: boolean;
}

/** prepare(), with the home checked first. Throws only for what a call cannot go on without (the runner then
 * answers by the failure policy). */
export async function prepareCall(loc: Locations, rt: RuntimeDeps): Promise<PreparedCall> {
  const homeIssue = homeProblem(loc.hookwardenHome);
  if (!homeIssue) return { ...(await prepare(loc, rt)), stateful: rt.audit !== false };
  const p = await loadPrepared(withoutHome(loc), rt);
  return { ...p, issues: [unsafeHomeNote(loc.hookwardenHome, homeIssue), ...p.issues], homeIssue, stateful: false };
}
