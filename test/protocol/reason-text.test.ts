// What every host shows the user and the model: what happened, the rule id of each pattern and the hint; never the
// merge rules' names or the segment a match was in (those are for `explain` and the audit line).

import { describe, expect, it } from 'vitest';
import type { FinalDecision } from '../../lib/engine/types.js';
import { AGENTS } from '../../lib/protocol/adapter.js';
import type { SupportedEvent } from '../../lib/protocol/claude-code/schema.js';
import { adapterFor as pick } from '../../lib/protocol/adapters.js';
import { plain } from '../../lib/protocol/text.js';

const MESSAGE =
  'hookwarden block: Deletes the filesystem root. [bash-filesystem/rm-root] — matched: rm -rf / (target / is the filesystem root) (segment 2 (via bash -c)); ' +
  'Force-push overwrites the remote branch. [bash-git/force-push] — matched: git push --force origin main (segment 3). Rules: LOCAL_BLOCK_STANDS, CONSENSUS_WITH_KETER.';
const HINT = 'Name the exact project-relative path you meant to remove (e.g. rm -rf ./build).';
/** The hint as every host keeps it (Codex drops a reason's last full stop). */
const HINT_TEXT = HINT.slice(0, -1);

const decision = (action: FinalDecision['action']): FinalDecision => ({
  action,
  shouldProceed: action !== 'block',
  severity: 'critical',
  confidence: 0.9,
  message: MESSAGE.replace('hookwarden block', `hookwarden ${action}`),
  hints: [HINT],
  injections: action === 'warn' ? [`${MESSAGE.replace('hookwarden block', 'hookwarden warn')} Hint: ${HINT}`] : [],
});

/** Every string a host is given: the JSON's string leaves and stderr. */
function texts(out: { stdout: string; stderr: string }): string[] {
  const all: string[] = out.stderr ? [out.stderr] : [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') all.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  if (out.stdout) walk(JSON.parse(out.stdout));
  return all;
}

const EVENTS: SupportedEvent[] = ['PreToolUse', 'UserPromptSubmit', 'PostToolUse', 'PostToolUseFailure', 'Stop'];

describe('reason text, every host', () => {
  it('plain() drops the merge rules and segment positions and keeps the rest word for word', () => {
    expect(plain(MESSAGE)).toBe(
      'hookwarden block: Deletes the filesystem root. [bash-filesystem/rm-root] — matched: rm -rf / (target / is the filesystem root); ' +
        'Force-push overwrites the remote branch. [bash-git/force-push] — matched: git push --force origin main.',
    );
    // Text that only looks like it is left alone: a command that mentions "(segment x)" or "Rules: lower".
    expect(plain('matched: echo "(segment one)" Rules: lower case.')).toBe('matched: echo "(segment one)" Rules: lower case.');
  });

  for (const agent of AGENTS) {
    it(`${agent}: names the rule ids and the hint, and no merge rule or segment`, () => {
      const adapter = pick(agent);
      let reasons = 0;
      for (const event of EVENTS) {
        for (const action of ['block', 'ask', 'warn'] as const) {
          const all = texts(adapter.render(event, decision(action)));
          for (const t of all) {
            expect(t, `${agent} ${event} ${action}`).not.toMatch(/LOCAL_BLOCK_STANDS|CONSENSUS_WITH_KETER|Rules: |\(segment \d/);
          }
          const reason = all.find((t) => t.includes('[bash-filesystem/rm-root]') && t.includes(HINT_TEXT));
          if (reason) {
            reasons += 1;
            expect(reason).toContain('[bash-git/force-push]');
          }
        }
      }
      // A guard's deny carries the whole reason with its hint on every host.
      const deny = texts(adapter.render('PreToolUse', decision('block')));
      expect(deny.some((t) => t.includes('[bash-filesystem/rm-root]') && t.includes(HINT_TEXT)), agent).toBe(true);
      expect(reasons).toBeGreaterThan(3);
    });
  }
});
