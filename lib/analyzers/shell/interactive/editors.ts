// Editors: vi and friends, emacs, nano, … — unless run as a script (vim -es, nvim --headless, emacs --batch, ed fed on stdin).

import { normaliseArgs } from '../operands.js';
import type { Segment } from '../types.js';
import { asksForInfo, hasFedStdin } from './args.js';
import { RULE } from './rules.js';
import type { Detection } from './types.js';

const EDITOR_REASON = (p: string): string => `${p} is an interactive editor; it would wait for keystrokes until the tool times out.`;
const EDITOR_HINT = 'Use the Edit or Write tools to change files, and Read to view them.';
const VIM_FAMILY: ReadonlySet<string> = new Set(['vi', 'vim', 'nvim', 'view', 'vimdiff', 'ex']);
const EMACS_BATCH: readonly string[] = ['--batch', '-batch', '--script', '-script'];

/** vim -es / -Es (silent ex mode), nvim --headless, emacs --batch: scripted, no terminal needed. */
function editorIsScripted(seg: Segment, flags: ReadonlySet<string>): boolean {
  if (VIM_FAMILY.has(seg.program)) return (flags.has('-s') && (flags.has('-e') || flags.has('-E'))) || flags.has('--headless');
  if (seg.program === 'emacs') return seg.argv.some((a) => EMACS_BATCH.includes(a));
  if (seg.program === 'ed') return hasFedStdin(seg);
  return false;
}

export function detectEditor(seg: Segment): Detection | undefined {
  const { flags } = normaliseArgs(seg.argv);
  if (asksForInfo(flags, ['-h']) || editorIsScripted(seg, flags)) return undefined;
  return { ruleId: RULE.editor, reason: EDITOR_REASON(seg.program), hint: EDITOR_HINT };
}
