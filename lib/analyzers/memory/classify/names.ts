// Possible person names of the read text (rule 4): the runs a context, a relation fact, a coordination, nearby
// sensitive evidence or a subject position names.

import { contextAfter, contextBefore } from './context.js';
import type { Span } from './evidence.js';
import { COORDINATORS, NOT_RELATIONS, SUBJECT_VERBS, TECH_RELATIONS } from './name-words.js';
import { type Run, runsOf } from './runs.js';
import { isTitleCase, RELATION_WORD, type Token } from './tokens.js';

/** Rule 4c: the whole fact is `<run> <relation words> <run>`. */
function relationFact(tokens: readonly Token[], runs: readonly Run[], firstWord: number): Run[] {
  if (runs.length !== 2) return [];
  const [first, lastRun] = runs as [Run, Run];
  if (first.from !== firstWord || lastRun.to !== tokens.length - 1) return [];
  if (first.hasKnown || lastRun.hasKnown) return [];
  const between = tokens.slice(first.to + 1, lastRun.from);
  if (between.length < 1 || between.length > 4) return [];
  if (tokens[first.to]!.trail || tokens[first.to]!.possessive) return [];
  const relation =
    between.every((t) => !t.code && !t.lead && !t.trail && RELATION_WORD().test(t.core)) &&
    between.some((t) => !NOT_RELATIONS.has(t.lower)) &&
    !(between.length === 1 && TECH_RELATIONS.has(between[0]!.lower));
  const endOk = /^\.?$/u.test(tokens[lastRun.to]!.trail);
  return relation && endOk ? [first, lastRun] : [];
}

/** Is the gap between two runs a coordination ("Maria and Tom", "Maria, Tom")? */
function coordinated(tokens: readonly Token[], a: Run, b: Run): boolean {
  const lastA = tokens[a.to]!;
  if (lastA.possessive || tokens[b.from]!.lead) return false;
  const gap = b.from - a.to - 1;
  if (gap === 0) return lastA.trail === ',';
  if (gap !== 1) return false;
  const joiner = tokens[a.to + 1]!;
  return (lastA.trail === '' || lastA.trail === ',') && COORDINATORS.has(joiner.lower) && !joiner.trail && joiner.lowerCase;
}

/** Rule 4e: in a fact that already holds sensitive evidence, a run outside that evidence is a possible name unless
 * it opens a sentence without being its subject ("Tom was diagnosed …" names Tom; "Card 4000 …" names no one). */
function nearEvidence(tokens: readonly Token[], run: Run, evidence: readonly Span[], firstWord: number): boolean {
  if (run.hasKnown) return false;
  const start = tokens[run.from]!.start;
  const end = tokens[run.to]!.end;
  if (evidence.some((e) => e.start < end && start < e.end)) return false;
  if (!tokens[run.from]!.initial) return true;
  // "Anna: has type 2 diabetes": the entity an observation is about, when the fact opens with it.
  if (tokens[run.to]!.trail === ':' && run.from === firstWord) return true;
  return subjectOf(tokens, run);
}

/** Is the run directly followed by a verb it is the subject of ("Tom was …", "Anna takes …", "Li reviewed …")? */
function subjectOf(tokens: readonly Token[], run: Run): boolean {
  const next = tokens[run.to + 1];
  if (tokens[run.to]!.trail || tokens[run.to]!.possessive || !next || next.code || next.lead || !next.lowerCase) return false;
  return SUBJECT_VERBS.has(next.lower) || /^\p{Ll}{3,}ed$/u.test(next.core);
}

/** Possible person names of the read text (rule 4), as character spans; `evidence` are the registry's spans. */
export function possibleNames(tokens: readonly Token[], evidence: readonly Span[]): Array<[number, number]> {
  const runs = runsOf(tokens);
  if (!runs.length) return [];
  const titleCase = isTitleCase(tokens);
  const firstWord = tokens.findIndex((t) => /\p{L}/u.test(t.core));
  const named = runs.map((run) => {
    const ctx = contextBefore(tokens, run, titleCase) ?? contextAfter(tokens, run, titleCase);
    if (ctx === 'strong' || (ctx === 'weak' && !run.hasKnown)) return true;
    // Rule 4f: a full name as a sentence's subject ("Maria Garcia handles releases").
    if (!titleCase && !run.hasKnown && run.to > run.from && subjectOf(tokens, run)) return true;
    return evidence.length > 0 && nearEvidence(tokens, run, evidence, firstWord);
  });
  for (const r of relationFact(tokens, runs, firstWord)) named[runs.indexOf(r)] = true;
  // Rule 4d: two unknown runs joined by a coordinator name each other ("Maria and Tom share …"), outside Title Case.
  if (!titleCase) {
    for (let i = 1; i < runs.length; i++) {
      const a = runs[i - 1]!;
      const b = runs[i]!;
      if (!a.hasKnown && !b.hasKnown && coordinated(tokens, a, b) && b.from - a.to === 2) named[i - 1] = named[i] = true;
    }
  }
  // Rule 4d: coordination, forwards then backwards.
  for (let i = 1; i < runs.length; i++) {
    if (named[i - 1] && !named[i] && !runs[i]!.hasKnown && coordinated(tokens, runs[i - 1]!, runs[i]!)) named[i] = true;
  }
  for (let i = runs.length - 2; i >= 0; i--) {
    if (named[i + 1] && !named[i] && !runs[i]!.hasKnown && coordinated(tokens, runs[i]!, runs[i + 1]!)) named[i] = true;
  }
  const out: Array<[number, number]> = [];
  runs.forEach((run, i) => {
    if (!named[i]) return;
    const a = tokens[run.from]!;
    const b = tokens[run.to]!;
    // The span covers the name and its possessive ending, not the surrounding punctuation.
    out.push([a.start + a.lead.length, b.end - b.trail.length]);
  });
  return out;
}
