// Verify after write, at Stop (docs/session.md §1): project files changed since the last test, build, type-check
// or lint (or re-read), or a check after the last change that failed. Changes to files matching
// `session.verifyIgnore` (documentation and prose no project check covers) never call for a check. Blocks or
// reminds once per last change that needs checking (`nudged.verifyWriteSeq`).

import type { ActionRecord, SessionState } from '../session/state.js';
import { VERIFYING } from '../session/state.js';
import type { EngineDeps } from './deps.js';
import type { Match } from '../vocab/match.js';

/** One rule id for both findings (changes nothing checked, a check that failed): the message tells them apart. */
export const UNVERIFIED_ID = 'session/unverified-changes';

const KIND_RUN: Record<string, string> = { test: 'test run', build: 'build', typecheck: 'type-check', lint: 'lint run' };

/** Whether a session path (project-relative) matches `session.verifyIgnore`: picomatch globs, dot files included,
 * case-sensitive. picomatch is loaded only when a Stop has changed files to sort. */
export async function verifyIgnored(globs: readonly string[]): Promise<(path: string) => boolean> {
  if (!globs.length) return () => false;
  const picomatch = (await import('picomatch')).default;
  const res = globs.map((g) => picomatch.makeRe(g, { dot: true }));
  return (path) => res.some((re) => re.test(path));
}

/** The project's own check command for a hint, else `fallback`. */
export function checkHint(deps: EngineDeps, fallback: string): string {
  const checks = deps.projectChecks?.() ?? [];
  if (!checks.length) return fallback;
  const [first, ...rest] = checks;
  const also = rest.length ? ` (also: ${rest.map((c) => `\`${c.command}\``).join(', ')})` : '';
  return `Run \`${first?.command}\` (${first?.source})${also} and report its real result.`;
}

/** The setting behind the nudge and how to change it, for the model and the user who reads the reason. It ends the
 * message, not the hint, so the hint stays the same as a phantom claim's and is given once when both fire. */
function settingNote(mode: 'remind' | 'block'): string {
  return `(session.verifyAfterWrite: ${mode}; ${mode === 'block' ? 'remind' : 'block'} or off in ~/.hookwarden/config.json)`;
}

/** Per check kind, the newest run after `since` that failed and was not followed by a run of the same kind. */
function failedChecks(s: SessionState, since: number): ActionRecord[] {
  const latest = new Map<string, ActionRecord>();
  for (const a of s.actions) if (VERIFYING.has(a.kind) && a.seq > since) latest.set(a.kind, a);
  return [...latest.values()].filter((a) => a.failed).sort((a, b) => a.seq - b.seq);
}

export interface Unverified {
  match: Match;
  /** What `nudged.verifyWriteSeq` records: the last change the nudge was about. */
  seq: number;
}

/**
 * The verify-after-write finding for this Stop, if any:
 * - a check of some kind ran after the last change that needs one, and its latest run failed (or was interrupted):
 *   the reason names the command and asks for a fix or a plain report of the failure;
 * - else changed files nothing checked (the original rule).
 * `ignored` is `verifyIgnored(session.verifyIgnore)`.
 */
export function unverified(s: SessionState, deps: EngineDeps, ignored: (path: string) => boolean): Unverified | undefined {
  const mode = deps.config.session.verifyAfterWrite;
  if (mode === 'off' || !s.lastWriteSeq) return undefined;
  const relevant = s.changed.filter((c) => !ignored(c.path));
  // Files past the list's bound are unknown: they count.
  const count = relevant.length + s.changedMore;
  // The change a check must follow: the newest listed one that needs checking; with none listed (a check cleared
  // the list, or every listed file is ignored), the last write.
  const since = relevant.length ? Math.max(...relevant.map((c) => c.seq)) : s.lastWriteSeq;
  if (s.nudged.verifyWriteSeq === since) return undefined;
  const action = mode === 'block' ? 'block' : 'warn';
  const names = relevant.slice(-5).map((c) => c.path);
  const more = count - names.length;
  const files = `${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  const finding = (message: string, hint: string, matched: string): Unverified => ({
    seq: since,
    match: { id: UNVERIFIED_ID, kind: 'session', severity: 'high', action, message: `${message} ${settingNote(mode)}`, hint, matched },
  });
  const failed = failedChecks(s, since);
  if (failed.length) {
    const what = failed.map((a) => KIND_RUN[a.kind] ?? a.kind);
    return finding(
      `the last ${what.join(' and ')} after the last change failed (${failed.map((a) => `\`${a.command}\``).join(', ')})`,
      'Fix what it reports and run it again, or tell the user plainly that it fails and why.',
      // The files the failed check leaves unverified; a check that passed earlier may have cleared the list.
      count ? files : failed.map((a) => a.command).join('; '),
    );
  }
  if (!count) return undefined;
  return finding(
    `${count === 1 ? '1 changed file was' : `${count} changed files were`} not checked (no test, build, type-check, lint or re-read since)`,
    checkHint(deps, 'Run the project\'s tests or checks, or re-read the changed files, and report what you verified.'),
    files,
  );
}
