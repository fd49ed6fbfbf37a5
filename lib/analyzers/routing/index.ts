// The router's index of a catalogue: an inverted index (stem → the candidates holding it, with a count per field),
// each candidate's field lengths and hint phrases, and the average field lengths BM25F needs. Pure and
// deterministic; built once per catalogue and lexicon and cached as JSON by the hook layer (lib/hook/router-io.ts):
// stemming a hundred descriptions costs more than a whole warm hook call may, and scoring walks only the postings
// of the prompt's own words.

import type { Catalogue, Candidate, CandidateKind } from '../../catalogue/types.js';
import { hash64 } from '../../hash64.js';
import { stems, words, type Lexicon } from './tokens.js';

export const INDEX_VERSION = 3;

export const FIELDS = ['name', 'description', 'hints', 'body'] as const;
export type Field = (typeof FIELDS)[number];
export const FIELD_COUNT = FIELDS.length;

export interface IndexedCandidate {
  id: string;
  kind: CandidateKind;
  name: string;
  tools?: string[];
  userOnly?: boolean;
  /** Stems per field, in FIELDS order. */
  len: number[];
  /** Hint phrases as written and as stem sets: every stem present in a prompt → the phrase matches. */
  intents: HintPhrase[];
  anti: HintPhrase[];
  /** How a prompt can name the candidate itself (lowercase): "sql-optimizer", "sql optimizer". */
  spelled: string[];
}

export interface HintPhrase {
  text: string;
  stems: string[];
}

export interface RouterIndex {
  version: number;
  /** Content hash of what was indexed (candidates' names, descriptions, bodies, hints, tools) and the lexicon. */
  hash: string;
  candidates: IndexedCandidate[];
  /** stem → flat runs of [candidate index, count in each field…] (1 + FIELD_COUNT numbers per candidate). */
  postings: Record<string, number[]>;
  /** Average stems per field, in FIELDS order. */
  avgLen: number[];
}

const phrases = (texts: readonly string[], lex: Lexicon): HintPhrase[] =>
  texts.map((text) => ({ text, stems: [...new Set(stems(text, lex))] })).filter((p) => p.stems.length > 0);

/** The spellings of a name a user types when they already chose it: as written, and with its separators as spaces. */
function spellings(c: Pick<Candidate, 'name'>): string[] {
  const n = c.name.toLowerCase();
  const spaced = words(n).join(' ');
  return [...new Set([n, spaced].filter((s) => s.length >= 3))];
}

function fieldStems(c: Candidate, lex: Lexicon): string[][] {
  const hintText = [...c.hints.intents, ...c.hints.examples].join('. ');
  return [stems(c.name, lex), stems(c.description, lex), stems(hintText, lex), stems(c.body ?? '', lex)];
}

export function buildIndex(catalogue: Pick<Catalogue, 'candidates'>, lex: Lexicon): RouterIndex {
  const sorted = [...catalogue.candidates].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const postings = new Map<string, number[]>();
  const total = new Array<number>(FIELD_COUNT).fill(0);
  const candidates = sorted.map((c, i): IndexedCandidate => {
    const fields = fieldStems(c, lex);
    const counts = new Map<string, number[]>();
    fields.forEach((field, f) => {
      total[f]! += field.length;
      for (const s of field) {
        let row = counts.get(s);
        if (!row) counts.set(s, (row = new Array<number>(FIELD_COUNT).fill(0)));
        row[f]! += 1;
      }
    });
    for (const s of [...counts.keys()].sort()) {
      let list = postings.get(s);
      if (!list) postings.set(s, (list = []));
      list.push(i, ...counts.get(s)!);
    }
    return {
      id: c.id,
      kind: c.kind,
      name: c.name,
      ...(c.tools ? { tools: c.tools } : {}),
      ...(c.userOnly ? { userOnly: true } : {}),
      len: fields.map((f) => f.length),
      intents: phrases(c.hints.intents, lex),
      anti: phrases(c.hints.antiIntents, lex),
      spelled: spellings(c),
    };
  });
  const n = Math.max(1, candidates.length);
  const content = sorted.map((c) => [c.id, c.description, c.body ?? '', c.tools ?? null, c.userOnly ?? false, c.hints]);
  const hash = hash64(JSON.stringify([INDEX_VERSION, content, [...lex.stopwords].sort(), [...lex.synonyms].sort()]));
  return {
    version: INDEX_VERSION,
    hash,
    candidates,
    postings: Object.fromEntries([...postings].sort(([a], [b]) => (a < b ? -1 : 1))),
    avgLen: total.map((t) => t / n),
  };
}
