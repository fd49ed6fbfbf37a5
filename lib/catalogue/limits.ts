// The discovery's bounds and the wording of its skip reasons, shared by the walk, the field reader, `routes` and
// doctor. The bounds keep a hook fast and safe whatever a cloned repository puts in its .claude folder.

/** Candidate files read in one discovery (project, user and plugins together, in that order). */
export const MAX_CANDIDATE_FILES = 500;
/** A file larger than this is not read (front matter sits at the top; lib/fs reads whole files only). */
export const MAX_FILE_BYTES = 64 * 1024;
/** Folders below commands/ that are walked: commands/a/b/c/d.md is the deepest command read. */
export const MAX_COMMAND_DEPTH = 4;
/** Per hint list (intents, anti_intents, examples): more items are dropped, longer ones cut. */
export const MAX_HINTS = 24;
export const MAX_HINT_CHARS = 200;
/** Declared tools: more are dropped, longer names cut. */
export const MAX_TOOLS = 64;
export const MAX_TOOL_CHARS = 200;
/** Claude Code caps a skill's description at 1024 characters; longer descriptions are cut there. */
export const MAX_DESCRIPTION_CHARS = 1024;
/** A command without a description takes its first body line, cut as Claude Code cuts it. */
export const MAX_BODY_DESCRIPTION_CHARS = 100;
export const MAX_NAME_CHARS = 128;
/** The start of the body the router reads (the instructions name tools and words a description leaves out). */
export const MAX_BODY_CHARS = 1500;

const MALFORMED = 'malformed: ';

/** A file whose front matter or fields are wrong (the user should fix it), as opposed to one left out by a bound,
 * a shadowing candidate or a special file. `routes` exits 1 and doctor warns on these. */
export const malformed = (why: string): string => `${MALFORMED}${why}`;
export const isMalformed = (skipped: { reason: string }): boolean => skipped.reason.startsWith(MALFORMED);
