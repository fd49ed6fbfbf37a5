// Output of the shell analyzer: a command line turned into structured segments the registry matches on.

export interface Redirect {
  /** The operator as written: >, >>, <, 2>, &>, >|, ... */
  op: string;
  /** Normalised target (see normaliseOperand). */
  target: string;
}

/** One simple command after wrappers (sudo, env, timeout, bash -c, ...) are stripped. */
export interface Segment {
  /** argv with argv[0] reduced to the program's basename; quotes removed; flags as written. */
  argv: string[];
  program: string;
  /** Wrappers stripped to reach this command, outermost first (e.g. ["sudo", "env"]). */
  wrappers: string[];
  /** Nesting that produced this segment, outermost first (e.g. ["bash -c", "$()"]); empty at top level. */
  via: string[];
  redirects: Redirect[];
  /** `NAME=value` words the command gets in its environment (`PGHOST=db psql`, `env DATABASE_URL=… psql`),
   * when there are some. */
  env?: string[];
  /** Text fed on stdin by a here-string or heredoc (`psql <<EOF … EOF`), when there is one. */
  stdin?: string;
  /**
   * Absolute directory the command runs in, after earlier `cd`/`pushd` segments of the same line;
   * undefined once a `cd` went somewhere unknowable (`cd "$X"`, `cd -`, or on a remote host).
   */
  cwd?: string;
  /** Writes inside hookwarden's home that the arguments do not name as such: link targets, copies into a
   * directory (self-writes.ts). Present only when there are some. */
  selfWrites?: Array<{ path: string; via: string }>;
  /** xargs items from a file the command names (`xargs -a F`, `cat F | xargs`, `xargs < F`), as written: the
   * engine reads it through an injected reader (lib/engine/consequence/feeds.ts). `token`: xargs -I's. */
  feed?: { file: string; token?: string };
  /** Index of the pipeline this segment belongs to and its stage in it. */
  pipeline: number;
  stage: number;
}

export interface ShellContext {
  cwd: string;
  home: string;
  /** Project root (CLAUDE_PROJECT_DIR, else cwd); used to classify targets. */
  projectDir?: string;
  /** `$HOOKWARDEN_HOME` as the hook runner resolved it: the variable expands to it unless the command
   * assigns it. Absent means `<home>/.hookwarden`. */
  hookwardenHome?: string;
  /** The default branch a repository names for a remote (`refs/remotes/<remote>/HEAD`), read by the hook runner;
   * absent (tests, what-if runs) or undefined: judged by the names main and master only. */
  defaultBranch?: (repoDir: string, remote: string) => string | undefined;
}

export interface ShellAnalysis {
  segments: Segment[];
  /** Structural facts, e.g. "fork-bomb". */
  facts: string[];
  /** Set when the command could not be parsed; the engine treats that as a reason to ask. */
  parseError?: string;
}
