// The vocabulary of file accesses: what a command does to a file (FileOp, FileAccess) and how a program's
// arguments name files (ArgSpec, OptionFile, Operand), as the program table states it.

export type FileOp = 'read' | 'write' | 'delete';

export interface FileAccess {
  /** The path operand as the analyzer normalised it (vars expanded, quotes removed). May be relative. */
  path: string;
  op: FileOp;
  /** What produced it, for messages: e.g. "cat", "curl -F", "tee", "redirect >", "redirect <", "cp (source)", "mv (source)". */
  via: string;
  /** Absolute directory the segment runs in, when known (Segment.cwd). */
  cwd?: string;
  /**
   * For operands with unexpanded glob/regex characters (`.env*`, `id_rsa*`, find -name '*.pem' results): a few
   * concrete sample paths that such a glob could name, so path globs can be tried against them. Absent for plain paths.
   */
  samples?: string[];
}

/** How a program's arguments name files. */
export interface ArgSpec {
  /** Short options taking a value: the rest of their cluster, or the next word when last in it. */
  short?: string;
  /** Long options taking the next word as value when written without `=`. */
  long?: readonly string[];
  /** Short options whose optional value can only be attached (sed -i.bak, perl -i). */
  attached?: string;
  /** Long options taking two words (jq --rawfile NAME FILE); the second is their value. */
  pairs?: readonly string[];
  /** Options are whole words after one dash (openssl -in, xclip -selection); `long` lists those taking a value. */
  singleDash?: boolean;
  /** `+word` is an option too (less +F, more +10). */
  plusWords?: boolean;
  /** The first word may be option letters without a dash whose values follow in order (tar czf x.tgz). */
  oldStyle?: boolean;
  /** Options end at the first operand (awk's program text, source's script). */
  posix?: boolean;
  /** Options that change the directory later operands are relative to (tar -C, git -C, patch -d). */
  chdir?: readonly string[];
  /** The directory change applies to operands only, not to option values (tar opens -f before any -C). */
  chdirOperandsOnly?: boolean;
  /** Leading operands that are not files (grep's pattern, awk's program, chmod's mode). */
  lead?: number;
  /** Roles of the operands after `lead` (and after `positions`). */
  roles?: readonly FileOp[];
  /** Roles of the first operands after `lead`, in order (uniq IN OUT, zip ARCHIVE …). */
  positions?: readonly (readonly FileOp[])[];
  /** With two or more operands, the last is a destination with these roles (cp, mv, scp). */
  dest?: readonly FileOp[];
  /** Option values that are files, by option name. */
  files?: Readonly<Record<string, OptionFile>>;
  /** `key=value` operands whose value is a file (dd if= of=). */
  assign?: Readonly<Record<string, FileOp>>;
  /** The file an operand names, when operands are richer words (httpie `field@file`); undefined: none. */
  item?: (word: string) => string | undefined;
  /** `host:path` operands are on another machine (scp, rsync). */
  remote?: boolean;
  /** `name=value` operands are assignments, not files (awk). */
  skipAssignments?: boolean;
  /** Overrides when any of the options is given (`-i` or `-i=inplace` for an option with that value), in order. */
  when?: ReadonlyArray<readonly [readonly string[], Partial<ArgSpec>]>;
  /** The first operand selects another spec (git rm, aws s3 cp, gio trash). */
  sub?: Readonly<Record<string, ArgSpec>>;
  /** Argument formats no layout above describes (find). */
  custom?: (argv: readonly string[]) => Operand[];
}

export interface OptionFile {
  op: FileOp;
  /** The file inside the value (curl -F name=@file); undefined when the value names none. */
  file?: (value: string) => string | undefined;
}

/** A word naming a file, with its roles and what to call it in messages. */
export interface Operand {
  word: string;
  ops: readonly FileOp[];
  via: string;
}
