// hookwarden eval: hook-input JSON lines on stdin → one result line each, exactly what the hook process
// would have produced ({exit_code, stdout, stderr, decision}), without a process per line.

import { hookForEvent, HOOKS, type HookName } from '../../hook/hooks.js';
import { runHook } from '../../hook/run-hook.js';
import { argProblem, parseArgs, usageError, noArgument, type Command } from '../io.js';
import { runtimeFor } from '../runtime.js';

function hookOf(line: string, forced: HookName | undefined): HookName {
  if (forced) return forced;
  try {
    const ev = (JSON.parse(line) as { hook_event_name?: unknown }).hook_event_name;
    if (typeof ev === 'string') return hookForEvent(ev) ?? 'pre-tool-use';
  } catch {
    // Unparseable lines are judged as the PreToolUse guard would judge them.
  }
  return 'pre-tool-use';
}

export const evalCommand: Command = {
  name: 'eval',
  summary: 'judge hook-input JSON lines from stdin in one process',
  usage:
    'hookwarden eval [--hook <name>] [--audit] < inputs.jsonl\n' +
    '  Each input line yields {"exit_code","stdout","stderr","decision"} on its own line.\n' +
    '  --hook forces one hook (user-prompt, pre-tool-use, post-tool-use, stop, session-start);\n' +
    '  otherwise hook_event_name picks it (unparseable lines: pre-tool-use). --audit writes audit lines.',
  async run(args, io) {
    const spec = { flags: ['audit'], options: ['hook'] };
    const a = parseArgs(args, spec);
    const forced = a.options.get('hook');
    const problem =
      argProblem(a.unknown, spec) ??
      (forced !== undefined && !(forced in HOOKS) ? `--hook "${forced}" is not a hook; hooks are ${Object.keys(HOOKS).join(', ')}` : undefined) ??
      noArgument(a.positionals, ' (it reads hook inputs, one JSON per line, from stdin)');
    if (problem) return usageError(io, 'eval', problem);
    const rt = runtimeFor(io, a.flags.has('audit'));
    const lines = io.readStdin().toString('utf8').split('\n');
    for (const line of lines) {
      if (!line.trim()) continue;
      const r = await runHook(hookOf(line, forced as HookName | undefined), line, rt);
      io.out(`${JSON.stringify({ exit_code: r.exitCode, stdout: r.stdout, stderr: r.stderr, decision: r.decision ?? null })}\n`);
    }
    return 0;
  },
};
