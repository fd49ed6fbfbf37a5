// The non-interactive rule: find commands that never end (tail -f, watch, ping, yes) or that wait for a
// terminal (pagers, editors, REPLs, git's editor and hunk prompts, ssh with no remote command). A Bash
// tool call has no terminal and a time limit, so such a call just hangs until it is killed. Where a
// bounded equivalent exists and the command is one plain top-level command, the plan carries the
// rewritten command line; otherwise it asks, with the bounded form (if any) in the hint. Pure and
// deterministic: the first matching segment, in analysis order, decides.
//
//   plan.ts              entry point: first matching segment → rewrite or ask
//   detectors.ts         detection table: program → detector
//   follow-logs.ts, monitors.ts, pagers.ts, editors.ts, repls.ts, git-prompts.ts, ssh.ts   per-tool rules
//   rewrite.ts           when a rewrite may replace the command, and how its words are quoted
//   args.ts, strip-options.ts   shared argument helpers; removing follow flags from a word list
//   types.ts, rules.ts   the plan and detection shapes; rule ids and shared wording

export { planInteractive } from './plan.js';
export type { InteractivePlan } from './types.js';
