// ssh with no remote command (an interactive shell) or with -N (a tunnel held open).

import type { Segment } from '../types.js';
import { hasFedStdin } from './args.js';
import { RULE } from './rules.js';
import type { Detection } from './types.js';

const SSH_VALUED_SHORT: ReadonlySet<string> = new Set([...'BbcDEeFIiJLlmOopQRSWw']);
const SSH_NO_SESSION: ReadonlySet<string> = new Set(['-V', '-G', '-O', '-f', '-Q']);

interface SshArgs {
  flags: Set<string>;
  operands: string[];
}

function sshArgs(argv: readonly string[]): SshArgs {
  const out: SshArgs = { flags: new Set(), operands: [] };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (out.operands.length > 0 || !a.startsWith('-') || a === '-') {
      out.operands.push(a);
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const ch = a[k] as string;
      out.flags.add(`-${ch}`);
      if (SSH_VALUED_SHORT.has(ch)) {
        if (k === a.length - 1) i++;
        break;
      }
    }
  }
  return out;
}

export function detectSsh(seg: Segment): Detection | undefined {
  const { flags, operands } = sshArgs(seg.argv);
  if (operands.length === 0 || hasFedStdin(seg) || [...flags].some((f) => SSH_NO_SESSION.has(f))) return undefined;
  const tunnel = flags.has('-N');
  if (operands.length > 1 && !tunnel) return undefined;
  return {
    ruleId: RULE.remote,
    reason: tunnel
      ? 'ssh -N holds a tunnel open and never exits; the call would hang until the tool times out.'
      : 'ssh with no remote command opens an interactive shell and waits for input.',
    hint: tunnel ? 'Run the tunnel with run_in_background.' : `Pass the remote command, e.g. \`ssh ${operands[0]} 'uptime'\`.`,
  };
}
