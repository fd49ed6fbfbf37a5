// hookwarden policy pull | status: the machine's side of central policy bundles (lib/policy/, docs/team.md
// "Policy bundles"). The admin's side (sign, verify, keygen) is policy-admin.ts.

import { hookwardenHome } from '../../audit/paths.js';
import { ENGINE_VERSION } from '../../hook/main.js';
import { repairActive } from '../../policy/activate.js';
import { bundleSettings } from '../../policy/managed-settings.js';
import { pullOnce } from '../../policy/pull.js';
import { readActive, readInfo, readState, previousDir } from '../../policy/store.js';
import { printable } from '../../terminal-text.js';
import { join } from 'node:path';
import { argProblem, parseArgs, usageError, type CliIO, noArgument, type Command } from '../io.js';

/** Exit codes of `policy pull` (docs/cli.md). */
export const PULL_EXIT = { ok: 0, notFetched: 1, usage: 2, refused: 3, notConfigured: 4 } as const;

/** A CLI puller waits this long for another one (a daemon's activation takes milliseconds). */
const CLI_LOCK_WAIT_MS = 5000;

const homeOf = (io: CliIO): string => hookwardenHome(io.env, () => io.env.HOME || '/');

export const policyPullCommand: Command = {
  name: 'policy pull',
  summary: 'fetch the policy bundle the managed config names, verify it, activate it, print the active revision',
  usage:
    'hookwarden policy pull [--timeout <seconds>]\n' +
    '  One fetch of policy.bundle.url from the managed config (/etc/hookwarden/config.json) with the active bundle\'s\n' +
    '  ETag; verified with policy.bundle.publicKey; activated atomically in $HOOKWARDEN_HOME/policy/active/.\n' +
    '  Any failure keeps the last good bundle active. --timeout: the whole fetch (default 10).\n' +
    '  Exit: 0 the printed revision is active (new or unchanged), 1 not fetched (network, timeout, HTTP status, size,\n' +
    '  another puller busy), 2 usage, 3 bundle refused (signature, hash, content), 4 no policy.bundle configured or\n' +
    '  the managed config unusable.',
  async run(args, io) {
    const spec = { options: ['timeout'] };
    const a = parseArgs(args, spec);
    const t = a.options.get('timeout');
    const problem =
      argProblem(a.unknown, spec) ??
      (t !== undefined && !(/^\d+(\.\d+)?$/.test(t) && Number(t) > 0 && Number(t) <= 600) ? `--timeout "${t}" is not a number of seconds from 0 to 600` : undefined) ??
      noArgument(a.positionals);
    if (problem) return usageError(io, 'policy pull', problem);
    const home = homeOf(io);
    const r = await pullOnce({ home, env: io.env, now: io.now, lockTimeoutMs: CLI_LOCK_WAIT_MS, version: ENGINE_VERSION, ...(t ? { timeoutMs: Number(t) * 1000 } : {}) });
    const kept = (active?: string): string => (active ? `revision ${active} stays active` : 'no bundle is active');
    switch (r.status) {
      case 'none':
        io.err(`hookwarden policy pull: no policy.bundle in ${r.file}; nothing to pull (the admin sets url and publicKey there)\n`);
        return PULL_EXIT.notConfigured;
      case 'config-problem':
        io.err(`hookwarden policy pull: ${printable(r.reason)}; ${kept(r.active)}\n`);
        return PULL_EXIT.notConfigured;
      case 'activated':
        if (r.recovered) io.err(`hookwarden policy pull: ${r.recovered}\n`);
        io.out(`${printable(r.info.revision)}\n`);
        io.err(`hookwarden policy pull: revision ${printable(r.info.revision)} active (from ${r.info.source}${r.replaced ? `, replacing ${printable(r.replaced)}` : ''})\n`);
        return PULL_EXIT.ok;
      case 'unchanged':
        io.out(`${printable(r.revision)}\n`);
        return PULL_EXIT.ok;
      case 'refused':
        io.err(`hookwarden policy pull: refused the bundle: ${printable(r.reason)}; ${kept(r.active)}\n`);
        return PULL_EXIT.refused;
      default:
        io.err(`hookwarden policy pull: not fetched: ${printable(r.reason)}; ${kept(r.active)}\n`);
        return PULL_EXIT.notFetched;
    }
  },
};

export const policyStatusCommand: Command = {
  name: 'policy status',
  summary: 'the active policy bundle: revision, when and where it was fetched, the last failure',
  usage:
    'hookwarden policy status [--json]\n' +
    '  What the managed config names (policy.bundle), the active bundle (revision, created, fetched at, from, ETag,\n' +
    '  key), the previous one, and the last failure of a pull or poll. An activation a crash interrupted is finished.',
  async run(args, io) {
    const spec = { flags: ['json'] };
    const a = parseArgs(args, spec);
    const problem = argProblem(a.unknown, spec) ?? noArgument(a.positionals);
    if (problem) return usageError(io, 'policy status', problem);
    const home = homeOf(io);
    const repaired = repairActive(home, CLI_LOCK_WAIT_MS);
    const s = bundleSettings(io.env);
    const active = readActive(home);
    const previous = readInfo(join(previousDir(home), 'bundle.json'), home);
    const state = readState(home);
    if (a.flags.has('json')) {
      const settings = s.status === 'ok' ? { url: s.settings.url, keyId: s.settings.key.id, pollSeconds: s.settings.pollSeconds, file: s.settings.file } : s.status === 'none' ? null : { problem: s.problem };
      io.out(`${JSON.stringify({ settings, active, previous: previous && !('problem' in previous) ? previous.revision : null, lastFailure: state.lastFailure ?? null }, null, 2)}\n`);
      return 0;
    }
    const lines: string[] = [];
    if (repaired) lines.push(`repaired:     ${repaired}`);
    lines.push(
      s.status === 'ok'
        ? `configured:   ${s.settings.url} (key ${s.settings.key.id}, every ${s.settings.pollSeconds} s; ${s.settings.file})`
        : s.status === 'none'
          ? `configured:   no policy.bundle in ${s.file}`
          : `configured:   ${s.problem}`,
    );
    if (!active) lines.push('active:       none');
    else if ('problem' in active) lines.push(`active:       unreadable: ${active.problem}`);
    else {
      lines.push(`active:       revision ${active.revision} (created ${active.created})`);
      lines.push(`fetched:      ${active.fetchedAt} from ${active.source}${active.etag ? ` (ETag ${active.etag})` : ''}, key ${active.keyId}`);
    }
    if (previous && !('problem' in previous)) lines.push(`previous:     revision ${previous.revision}`);
    const f = state.lastFailure;
    lines.push(f ? `last failure: ${f.at}: ${f.reason}` : 'last failure: none since the last success');
    io.out(`${lines.map(printable).join('\n')}\n`);
    return 0;
  },
};
