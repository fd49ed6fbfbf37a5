// The repository probe's contract: one read-only git command, bounded, answered as data (never a throw).
// The engine builds the arguments and reads the output (lib/engine/consequence/); the hook runs git
// (lib/hook/repo-probe.ts) under a time, size and process bound. docs/consequences.md.

/** Why a probe has no answer. `not-a-repo`: the directory exists and git says it is not in a repository. */
export type ProbeFailure = 'missing' | 'timeout' | 'failed' | 'too-big' | 'no-cwd' | 'not-a-repo';

export type GitAnswer =
  | { ok: true; stdout: string }
  | { ok: false; reason: ProbeFailure; /** One line for the message: what went wrong. */ detail: string; stderr?: string };

/** Runs `git <args>` in `cwd` (absolute). Every call of one hook call shares one time budget. */
export type RepoProbe = (cwd: string, args: readonly string[]) => GitAnswer;

/** A list file's text (xargs -a F, `cat F | xargs`, `while read … done < F`), or why it was not read. */
export type FeedRead = { ok: true; text: string } | { ok: false; detail: string };

/** Reads a list file a command feeds to a delete (absolute path): regular, inside the project, bounded. */
export type FeedReader = (path: string) => FeedRead;
