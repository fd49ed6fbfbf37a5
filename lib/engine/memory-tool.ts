// Memory writes the model proposes through its tools (docs/memory.md). The proposal is taken from the tool call
// before it runs (PreToolUse); hookwarden's own store is written after the turn (Stop), never inside the tool loop.
//  - a credential in a proposed fact: the call is blocked; the fact is refused and audited, never stored;
//  - a sensitive fact: the call is blocked (the memory file or server would otherwise hold it without consent)
//    and the fact waits as a pending item — its hash and a masked preview only — for the user's answer;
//  - low facts: the call goes ahead; the facts wait in the session state until the tool ran (PostToolUse) and
//    the turn ends (Stop), then are stored with consent kind `auto-low`; a call that never ran stores nothing.
//  - a Bash command writing a memory file is asked about: its content cannot be checked fact by fact.

import { proposedFacts } from '../analyzers/memory/proposals.js';
import { memoryTargetForPath, memoryTargetForTool } from '../analyzers/memory/targets.js';
import type { NormalisedPath } from '../analyzers/paths/normalise.js';
import type { KnownSecrets } from '../analyzers/secrets/detect.js';
import type { FactOrigin, ScopedChange } from '../memory/facts.js';
import { viewOf } from '../registry/select.js';
import type { CompiledMemoryTarget } from '../registry/types.js';
import type { MemoryProposal, SessionEffect } from '../session/state.js';
import type { CallContext, EngineDeps } from './deps.js';
import { categoryWords, judgeFact } from './memory-judge.js';
import type { Match } from '../vocab/match.js';

export const MEMORY_SECRET_ID = 'memory/secret-proposal';
export const MEMORY_SENSITIVE_ID = 'memory/sensitive-proposal';
export const MEMORY_SHELL_WRITE_ID = 'memory/shell-write';

export interface MemoryFindings {
  matches: Match[];
  changes: ScopedChange[];
  effect?: SessionEffect;
  /** The input holds a fact that may not be recorded: the audit omits it. */
  withheld: boolean;
}

const FILE_WRITERS = new Set(['Write', 'Edit', 'MultiEdit']);

interface FoundTarget {
  target: CompiledMemoryTarget;
  path?: NormalisedPath;
}

function findTarget(toolName: string, written: readonly NormalisedPath[], deps: EngineDeps): FoundTarget | undefined {
  const targets = viewOf(deps.registry).memoryTargets;
  const byTool = memoryTargetForTool(toolName, targets);
  if (byTool) return { target: byTool };
  if (!FILE_WRITERS.has(toolName)) return undefined;
  for (const path of written) {
    const target = memoryTargetForPath(path.forms, targets, path.caseInsensitive);
    if (target) return { target, path };
  }
  return undefined;
}

/** PreToolUse: the facts a memory-writing call proposes, judged. Undefined when the call writes no memory. */
export function memoryProposal(
  toolName: string,
  input: Record<string, unknown>,
  written: readonly NormalisedPath[],
  ctx: CallContext,
  deps: EngineDeps,
  known?: KnownSecrets,
): MemoryFindings | undefined {
  if (!deps.config.memory.enabled) return undefined;
  const found = findTarget(toolName, written, deps);
  if (!found) return undefined;
  const { target, path } = found;
  const current = toolName === 'Write' && path ? deps.memory?.readText(path.forms[0] ?? '') : undefined;
  const { facts, more } = proposedFacts(target.shape, toolName, input, current);
  if (!facts.length) return undefined;
  const origin: FactOrigin = {
    kind: 'tool',
    sessionId: ctx.sessionId,
    tool: toolName,
    target: target.id,
    ...(ctx.toolUseId ? { toolUseId: ctx.toolUseId } : {}),
    ...(path ? { path: path.display } : {}),
    ...(target.loadedByAgent ? { loadedByAgent: true } : {}),
  };
  const out: MemoryFindings = { matches: [], changes: [], withheld: false };
  const secrets: string[] = [];
  const pending: Array<{ id: string; preview: string; categories: string[] }> = [];
  const low: MemoryProposal['facts'] = [];
  for (const f of facts) {
    const j = judgeFact(f.text, deps, known);
    if (j.kind === 'secret') {
      secrets.push(j.preview);
      out.changes.push({ scope: 'project', change: { op: 'refuse', id: j.id, class: 'secret', categories: [], preview: j.preview, reason: `holds a credential (${j.secretIds.join(', ')})`, origin, consent: 'none' } });
    } else if (j.kind === 'too-long') {
      // Not blocked (a long line in CLAUDE.md is ordinary), but not kept in hookwarden's memory either.
      out.changes.push({ scope: 'project', change: { op: 'refuse', id: j.id, class: 'low', categories: [], preview: j.preview, reason: `${j.chars} characters, over memory.maxFactChars (${deps.config.memory.maxFactChars})`, origin, consent: 'none' } });
    } else if (j.fact.class === 'sensitive') {
      pending.push({ id: j.fact.id, preview: j.masked, categories: j.fact.categories });
      out.changes.push({
        scope: 'project',
        change: { op: 'pend', item: { id: j.fact.id, hash: j.fact.hash, categories: j.fact.categories, preview: j.masked, origin: { ...origin, ...(ctx.transcriptPath ? { transcriptPath: ctx.transcriptPath } : {}) } } },
      });
    } else {
      low.push({ id: j.fact.id, hash: j.fact.hash, text: j.fact.text });
    }
  }
  const where = path ? `written to ${path.display}` : `${toolName} input`;
  if (secrets.length) {
    out.withheld = true;
    out.matches.push({
      id: MEMORY_SECRET_ID,
      kind: 'memory',
      severity: 'critical',
      action: 'block',
      message: `this memory write holds a credential; hookwarden never stores secrets in memory`,
      hint: 'Leave the credential out of memory: refer to it by the name of its environment variable or secret store.',
      matched: secrets.join(' | '),
      where,
    });
  }
  if (pending.length) {
    out.withheld = true;
    const ids = pending.map((p) => p.id);
    const cats = [...new Set(pending.flatMap((p) => p.categories))];
    const first = ids[0];
    out.matches.push({
      id: MEMORY_SENSITIVE_ID,
      kind: 'memory',
      severity: 'high',
      action: 'block',
      message: `this memory write holds ${pending.length === 1 ? 'a sensitive fact' : `${pending.length} sensitive facts`} (${categoryWords(cats)}) needing the user's consent first; it was not written, and hookwarden holds ${ids.join(', ')} as pending`,
      hint:
        `Tell the user what you wanted to remember and why. To keep it they reply "approve ${first}" (or run \`hookwarden memory approve ${first}\` themselves); ` +
        `"reject ${first}" drops it; unanswered it expires after ${deps.config.memory.pendingTtl}. Do not write it another way.` +
        (low.length ? ' Write the other facts in a call of their own.' : ''),
      matched: pending.map((p) => `${p.id}: ${p.preview}`).join(' | '),
      where,
    });
  }
  if (more) out.changes.push({ scope: 'project', change: { op: 'refuse', id: 'm-overflow', class: 'low', categories: [], preview: `${more} more facts`, reason: 'over the facts read per call', origin, consent: 'none' } });
  // Low facts of a call that goes ahead wait for the tool to run and the turn to end.
  if (low.length && !secrets.length && !pending.length && ctx.toolUseId && deps.session) {
    out.effect = {
      type: 'memoryProposed',
      proposal: {
        toolUseId: ctx.toolUseId,
        tool: toolName,
        target: target.id,
        ...(path ? { path: path.display } : {}),
        ...(target.loadedByAgent ? { loadedByAgent: true } : {}),
        facts: low,
      },
    };
  }
  return out;
}

/** Bash: a command that writes a memory file (by the same file-access table the guard uses). */
export function shellMemoryWrite(path: NormalisedPath, deps: EngineDeps): Match | undefined {
  if (!deps.config.memory.enabled) return undefined;
  const target = memoryTargetForPath(path.forms, viewOf(deps.registry).memoryTargets, path.caseInsensitive);
  if (!target) return undefined;
  return {
    id: MEMORY_SHELL_WRITE_ID,
    kind: 'memory',
    severity: 'medium',
    action: 'ask',
    message: `the command writes the memory file ${path.display} (${target.message}); hookwarden cannot check what it would remember`,
    hint: 'Use the Edit or Write tool for memory files, so each fact can be checked for consent.',
    matched: path.display,
  };
}
