// Execution intent: can a parsed command line change anything? Each segment is judged in phases —
// mutation guards (output redirects, tee, in-place edits, find actions, privilege, risky wrappers),
// then known writers, then programs that are read-only by construction, then programs whose script or
// arguments were inspected (sed, awk, curl, git branch/tag, aws get-*). The line is as weak as its
// weakest segment. Anything not positively known to be read-only is "write-or-unknown": the engine
// may auto-allow read-only commands, so a wrong "read-only" is the costly mistake and every table here
// errs the other way.
//
//   classify.ts          entry point: segments through the guards, programs through the phases in order
//   guards.ts            a. mutation guards, whatever the program
//   known-writes.ts      b. flags that make a read-only program write; programs known to write
//   read-only.ts         c. read-only by construction: program list, version words, nested-only launchers
//   bounded-readers.ts      read-only programs whose arguments can make them write or never end
//   subcommands.ts          tools whose listed subcommands are read-only
//   inspect-*.ts         d. content inspection: git, sed, awk, curl, aws
//   fallback.ts          e. everything else is write-or-unknown
//   result.ts, args.ts, sinks.ts   shared: the verdict type, argument helpers, non-file output targets

export { classifyIntent } from './classify.js';
export { sedScriptRisk } from './inspect-sed.js';
export type { ExecutionIntent, IntentResult } from './result.js';
