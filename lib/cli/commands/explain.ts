// hookwarden explain: a command, a prompt or a file path → the full decision, through the same hook path.

import type { RouterSettings } from '../../analyzers/routing/types.js';
import type { UnifiedRoutingDecision } from '../../engine/types.js';
import { formatRouting } from '../explain-routing.js';
import type { HookName } from '../../hook/hooks.js';
import { runHook } from '../../hook/run-hook.js';
import { argProblem, parseArgs, usageError, type Command } from '../io.js';
import { runtimeFor } from '../runtime.js';

function inputFor(kind: string, text: string, op: string, cwd: string): { hook: HookName; input: object } {
  const base = { session_id: 'explain', transcript_path: '', cwd, permission_mode: 'default' };
  if (kind === 'prompt') return { hook: 'user-prompt', input: { ...base, hook_event_name: 'UserPromptSubmit', prompt: text } };
  if (kind === 'path') {
    const tool = op === 'read' ? 'Read' : 'Write';
    const tool_input = op === 'read' ? { file_path: text } : { file_path: text, content: '' };
    return { hook: 'pre-tool-use', input: { ...base, hook_event_name: 'PreToolUse', tool_name: tool, tool_input, tool_use_id: 'explain' } };
  }
  return {
    hook: 'pre-tool-use',
    input: { ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: text }, tool_use_id: 'explain' },
  };
}

export function formatDecision(d: UnifiedRoutingDecision, router?: RouterSettings): string {
  const lines = [
    `verdict:      ${d.decision.action} (confidence ${d.decision.confidence})`,
    `input:        ${d.input.domain}${d.input.toolName ? ` via ${d.input.toolName}` : ''}: ${d.input.content}`,
    `rules:        ${d.audit.decisionRules.join(', ')}`,
    `local:        ${d.local.level}, max severity ${d.local.maxSeverity}, confidence ${d.local.confidence}`,
  ];
  for (const m of d.local.matches) {
    lines.push(`  - ${m.id} [${m.severity}/${m.action}] ${m.message}`, `      matched: ${m.matched}${m.where ? ` (${m.where})` : ''}`, `      hint:    ${m.hint}`);
  }
  if (d.routing && router) lines.push(...formatRouting(d.routing, router));
  const o = d.orchestration;
  lines.push(
    o.available
      ? `orchestrator: ${o.source} → ${o.answer?.intervention.level} (${o.answer?.intervention.reason ?? 'no reason'}), ${o.latencyMs} ms`
      : `orchestrator: unavailable (${o.unavailableReason})`,
  );
  lines.push(`message:      ${d.decision.message}`);
  return `${lines.join('\n')}\n`;
}

export const explainCommand: Command = {
  name: 'explain',
  summary: 'show how a command, prompt or path would be judged, with every match and rule',
  usage:
    'hookwarden explain [--json] <command>\n' +
    '       hookwarden explain --prompt [--json] <prompt text>\n' +
    '       hookwarden explain --path [--op write|read] [--json] <file path>\n' +
    '  Nothing is written to the audit log.',
  async run(args, io) {
    const spec = { flags: ['json', 'prompt', 'path'], options: ['op', 'cwd'] };
    const a = parseArgs(args, spec);
    const text = a.positionals.join(' ');
    const op = a.options.get('op') ?? 'write';
    const problem =
      argProblem(a.unknown, spec) ??
      (a.flags.has('prompt') && a.flags.has('path') ? '--prompt and --path do not go together: explain one prompt or one path' : undefined) ??
      (!['read', 'write'].includes(op) ? `--op "${op}" is not an operation; operations are read, write` : undefined) ??
      (a.options.has('op') && !a.flags.has('path') ? '--op goes with --path (explain --path --op read <file>)' : undefined) ??
      (!text ? `needs the ${a.flags.has('prompt') ? 'prompt text' : a.flags.has('path') ? 'file path' : 'command'} to judge (quote it: hookwarden explain 'rm -rf build')` : undefined);
    if (problem) return usageError(io, 'explain', problem);
    const kind = a.flags.has('prompt') ? 'prompt' : a.flags.has('path') ? 'path' : 'command';
    const { hook, input } = inputFor(kind, text, op, a.options.get('cwd') ?? io.cwd);
    const r = await runHook(hook, JSON.stringify(input), runtimeFor(io, false));
    if (a.flags.has('json')) {
      io.out(`${JSON.stringify({ exit_code: r.exitCode, stdout: r.stdout, stderr: r.stderr, decision: r.decision ?? null })}\n`);
    } else {
      if (r.decision) io.out(formatDecision(r.decision, r.router));
      io.out(`hook output:  exit ${r.exitCode}${r.stdout ? `, stdout ${r.stdout}` : ', no stdout (no opinion)'}\n`);
    }
    return 0;
  },
};
