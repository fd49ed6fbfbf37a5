// Runs every pattern's examples through the same matchers the engine uses (ESLint RuleTester style):
// each `match` example must fire the pattern, each `noMatch` example must not.

import { matchIntents } from './intents/match.js';
import { matchPath } from './paths/match.js';
import { normalisePath } from './paths/normalise.js';
import { findSecrets } from './secrets/detect.js';
import { analyzeShell, matchShell } from './shell/index.js';
import { findClaims } from './claims/detect.js';
import { commandActions } from './session/actions.js';
import { capabilityOf } from './session/capability.js';
import { matchModeCue } from './session/mode-cues.js';
import { classifyFact } from './memory/classify/index.js';
import { findMemoryRequests } from './memory/requests/index.js';
import { memoryTargetForPath, memoryTargetForTool } from './memory/targets.js';
import type { CompiledPattern, PathOp } from '../registry/types.js';

/** The fixed context examples are judged in: a project at /home/dev/project, hookwarden's home at its default. */
export const EXAMPLE_CONTEXT = {
  cwd: '/home/dev/project',
  home: '/home/dev',
  projectDir: '/home/dev/project',
  hookwardenHome: '/home/dev/.hookwarden',
};

export function patternMatches(p: CompiledPattern, example: string): boolean {
  switch (p.kind) {
    case 'intent':
      return matchIntents(example, [p]).length > 0;
    case 'shell':
      return matchShell(analyzeShell(example, EXAMPLE_CONTEXT), [p], EXAMPLE_CONTEXT).length > 0;
    case 'path': {
      // "read:~/.ssh/id_rsa" names the operation; a bare path is tried with every operation the pattern has.
      // Text after the first newline is the content written ("write:~/.npmrc\n_authToken=…").
      const [, prefixed, rest] = /^(read|write|delete):(.*)$/s.exec(example) ?? [];
      const [path = '', ...lines] = (rest ?? example).split('\n');
      const content = lines.length > 0 ? lines.join('\n') : undefined;
      const n = normalisePath(path, EXAMPLE_CONTEXT);
      const ops = prefixed ? [prefixed as PathOp] : (Object.keys(p.on) as PathOp[]);
      return ops.some((op) => matchPath(n, op, [p], 'example', content).length > 0);
    }
    case 'secret':
      return findSecrets(example, [p]).length > 0;
    case 'action':
      return commandActions(analyzeShell(example, EXAMPLE_CONTEXT), [p], EXAMPLE_CONTEXT).length > 0;
    case 'claim':
      return findClaims(example, [p]).length > 0;
    case 'capability':
      // Examples are tool names; the pattern must be the one that decides for it on its own.
      return capabilityOf(example, [p]).id === p.id;
    case 'mode':
      return matchModeCue(example, [p]) !== undefined;
    case 'sensitive':
      return classifyFact(example, { sensitive: [p], conventions: [] }).by.includes(p.id);
    case 'convention':
      return classifyFact(example, { sensitive: [], conventions: [p] }).by.includes(p.id);
    case 'memory-cue': {
      const found = findMemoryRequests(example, [p]);
      return [...found.requests, ...found.answers].some((r) => r.cue === p.id);
    }
    case 'memory-target': {
      // "tool:mcp__memory__create_entities" or "path:CLAUDE.md" (a path as a tool would write it).
      const [, how, rest = ''] = /^(tool|path):(.*)$/s.exec(example) ?? [];
      if (how === 'tool') return memoryTargetForTool(rest, [p]) === p;
      return memoryTargetForPath(normalisePath(rest, EXAMPLE_CONTEXT).forms, [p]) === p;
    }
  }
}

export interface ExampleFailure {
  id: string;
  example: string;
  expected: 'match' | 'noMatch';
}

export function checkExamples(
  compiled: CompiledPattern[],
  examples: Map<string, { match: string[]; noMatch: string[] }>,
): { failures: ExampleFailure[]; checked: number } {
  const failures: ExampleFailure[] = [];
  let checked = 0;
  for (const p of compiled) {
    const ex = examples.get(p.id);
    if (!ex) continue;
    for (const e of ex.match) {
      checked++;
      if (!patternMatches(p, e)) failures.push({ id: p.id, example: e, expected: 'match' });
    }
    for (const e of ex.noMatch) {
      checked++;
      if (patternMatches(p, e)) failures.push({ id: p.id, example: e, expected: 'noMatch' });
    }
  }
  return { failures, checked };
}
