// git: editors (commit without -m, rebase -i, tag -a without -m) and hunk prompts (add -p, …).

import { normaliseArgs } from '../operands.js';
import { ownEntry } from '../tables.js';
import type { Segment } from '../types.js';
import { RULE } from './rules.js';
import type { Detection } from './types.js';

const EDITOR_ENV: readonly string[] = ['GIT_EDITOR=', 'EDITOR=', 'VISUAL=', 'GIT_SEQUENCE_EDITOR='];
/** `git -c core.editor=true …` supplies a non-interactive editor. */
const EDITOR_CONFIG: readonly string[] = ['core.editor=', 'sequence.editor='];
const COMMIT_MESSAGE_FLAGS: readonly string[] = ['-m', '--message', '-F', '--file', '-C', '--reuse-message', '--no-edit', '--dry-run'];
const TAG_ANNOTATE_FLAGS: readonly string[] = ['-a', '--annotate', '-s', '--sign', '-u', '--local-user'];
const TAG_MESSAGE_FLAGS: readonly string[] = ['-m', '--message', '-F', '--file'];
/** Per subcommand, flags that open an interactive hunk or menu prompt. */
const GIT_PROMPT_FLAGS: Readonly<Record<string, readonly string[]>> = {
  add: ['-p', '--patch', '-i', '--interactive', '-e', '--edit'],
  checkout: ['-p', '--patch'],
  reset: ['-p', '--patch'],
  restore: ['-p', '--patch'],
  stash: ['-p', '--patch'],
  commit: ['-p', '--patch', '--interactive'],
  clean: ['-i', '--interactive'],
};
const GIT_HUNK_HINT = 'Name whole paths instead of picking hunks, or write a patch and apply it with `git apply` (add --cached to stage it).';

/** --fixup=<commit> writes its own message; --fixup=amend:/reword: open the editor. */
function fixupWithoutEditor(argv: readonly string[]): boolean {
  return argv.some((a) => a === '--fixup' || (a.startsWith('--fixup=') && !a.startsWith('--fixup=amend:') && !a.startsWith('--fixup=reword:')));
}

export function detectGit(seg: Segment): Detection | undefined {
  const { flags, operands } = normaliseArgs(seg.argv);
  const sub = operands[0] ?? '';
  const has = (list: readonly string[]): boolean => list.some((f) => flags.has(f));
  const prompt = ownEntry(GIT_PROMPT_FLAGS, sub);
  if (prompt && has(prompt)) {
    return { ruleId: RULE.prompt, reason: `git ${sub} ${prompt.find((f) => flags.has(f))} asks interactively which hunks to use.`, hint: GIT_HUNK_HINT };
  }
  if (seg.wrappers.some((w) => EDITOR_ENV.includes(w)) || seg.argv.some((a) => EDITOR_CONFIG.some((c) => a.startsWith(c)))) return undefined;
  if (sub === 'rebase' && has(['-i', '--interactive', '--edit-todo'])) {
    return {
      ruleId: RULE.editor,
      reason: 'git rebase -i opens an editor on the todo list and waits for it to close.',
      hint: 'Run a non-interactive rebase (e.g. `git rebase main`), or set GIT_SEQUENCE_EDITOR to a script that edits the todo list.',
    };
  }
  if (sub === 'commit' && !has(COMMIT_MESSAGE_FLAGS) && !fixupWithoutEditor(seg.argv)) {
    return {
      ruleId: RULE.editor,
      reason: 'git commit without -m opens an editor for the message and waits for it to close.',
      hint: 'Pass the message with `git commit -m "…"` (or -F file); with --amend, add --no-edit to keep the message.',
    };
  }
  if (sub === 'tag' && has(TAG_ANNOTATE_FLAGS) && !has(TAG_MESSAGE_FLAGS)) {
    return { ruleId: RULE.editor, reason: 'git tag -a without -m opens an editor for the message.', hint: 'Pass the message with -m (or -F file).' };
  }
  return undefined;
}
