// Memory requests in the user's prompt: "remember that…" / "forget that…" and answers to pending memory items
// ("approve m-3fa2c9b1d0"). The registry (patterns/memory-requests.json) says what each cue looks like and where
// its fact or item id sits (named groups `fact` / `id`); this file owns what counts as a request. A request is the
// user's consent, so a false positive stores something the user never asked to store, while a false negative only
// loses a convenience: every rule below leans towards "not a request" when in doubt. Pure: no I/O.
//
// Rules, in the order they apply:
//  1. Bound: only the first MAX_CHARS (20,000) characters are read. When the prompt is cut, the sentence the cut
//     falls in is not read (its fact would be cut short).
//  2. Private: `<private>…</private>` is replaced by [PRIVATE] (text.ts) before anything else, so private text is
//     never a cue and never a fact; a fact that contained private text keeps the marker, and a fact that is only
//     the marker is no request.
//  3. Quoted matter is data, never searched for cues: fenced code blocks (``` or ~~~, closed by the same fence
//     character at least as long; an unclosed fence runs to the end), block-quote lines (first non-blank
//     character `>`), inline code spans and text in double quotes ("…" or “…”, on one line). They are masked
//     (same length, so positions hold) for the cue search only: a fact is cut from the unmasked text and may hold
//     inline code ("remember that tests run with `npm test`": the cue is outside the code). One exception: a code
//     span or quotation holding nothing but an item id (`m-3fa2c9b1d0`) is read as the bare id.
//  4. Sentences: the masked text is cut after . ! or ? (plus closing brackets) followed by whitespace or the end,
//     never after "e.g." / "i.e." / "vs." / "cf." / "approx." / "incl.", and at every newline. Cue regexes run on
//     one sentence at a time (without its end mark), so `^` and `$` anchor to the sentence.
//  5. The keyword gate: a cue's regexes run only when the lower-cased prompt, and then the lower-cased sentence,
//     contains one of its keywords (compiling a cue costs far more than a substring test, and most prompts hold
//     no memory cue). Approve/reject cues also need an item id of the exact form somewhere in the prompt.
//  6. Who is asking (remember and forget cues): the text of the sentence before the cue (its lead, list and
//     heading marks dropped) may only hold OPENERS (please, also, and, ok, btw, hey Claude, from now on, for this
//     repo, in all my projects …) and separators, optionally ending in a POLITE frame ("can you", "could you
//     please", "I want you to", "I'd like you to"). Anything else means the cue is reported, hypothetical,
//     negated or asked about, not requested: "I remember that…", "you said to remember…", "do you remember
//     that…", "don't remember that…" (as a remember cue: it is the forget cue's job), "when you refactor,
//     remember that…", "make sure you remember that…" (task advice), "I tried it and remember that it failed",
//     "<private>…</private> remember that…" (hidden text: who asks is unknown) — none of them is a request.
//  7. Questions: a cue in a sentence ending with "?" counts only when a POLITE frame asks it ("Could you
//     remember that the API is frozen?"); "Do you remember…?", "Remember that bug?" are questions. Which verbs
//     and complements make a cue at all is pattern data: "remember when we…", "what do you remember about…",
//     "did you note that…" and "I forgot…" match no cue.
//  8. Infinitives: a remember cue whose match ends in "to" ("remember to X", "don't forget to X") is an
//     instruction for the task at hand, not a memory request, unless its sentence holds a DURABLE marker
//     ("always", "never", "every time", "whenever", "from now on", "going forward", "in future", "before every"
//     …); then the fact is X ("remember to always run lint" → "always run lint").
//  9. Notes: a bare "Note that X" is task context, not a request (prompts say "Note that the API returns 404…"
//     about the task constantly); "please note that", "make a note that", "take note that", "note down that",
//     "note for later: X" ask for a note and are requests (pattern data).
// 10. Forget: "forget that X", "forget m-…", "don't/do not/never remember X", "stop remembering X", "remove X
//     from your/the memory", "delete the memory about X", "forget everything you know about X", "you can forget
//     X". "forget about X" is task talk ("forget about the tests for now") and counts only with an item id;
//     "forget it", "forget about it", "never mind", "forget that." (a pronoun, rule 13), "I forgot…" and "don't
//     forget to…" are not forget requests. A negated remember cue is nothing by itself (rule 6); "don't remember
//     X" is a forget cue in its own right, and "don't remember that" with no fact after it is nothing.
// 11. Several cues in one sentence, in text order: a cue inside the fact of an accepted one replaces it when only
//     OPENERS lie between them ("From now on, remember that we use pnpm" → "we use pnpm"; "Going forward, don't
//     remember my address" → a forget); otherwise it starts a new request when the text from some "," ";" ":"
//     "and" "also" "then" "plus" inside the earlier fact up to it holds only OPENERS, and the earlier fact ends
//     there ("Remember that we use pnpm, and forget that I prefer tabs" → two requests; only the last
//     MAX_SPLIT_LEAD (200) characters before the cue are tried); otherwise it is part of the earlier fact. Two
//     cues with the same fact start are one request (the first in registry order).
// 12. The fact runs from the start of the cue's `fact` group to the end of its sentence — unless the cue matched
//     text after the group ("remove X from your memory"), then the group is the fact. It is cut from the
//     unmasked text, then: user-scope phrases are removed (rule 14); trailing TRAILING_ANY words ("please",
//     "thanks", "for me", "for the future", "for later", "from now on", "going forward" …) and, after a comma,
//     "ok" / "in (the) future" / "if possible", and a leading "please" are dropped (a forget fact also loses a
//     leading "I said" / "I told you": "forget that I said we use yarn" → "we use yarn"); the rest is normalised
//     (text.ts: one line, list marks, wrapping quotes and trailing punctuation off); trailing emoji and an
//     unbalanced ")" go.
// 13. No request when the fact is then: shorter than 2 characters, only a pronoun ("it", "this", "that",
//     "everything", "the above" …), only [PRIVATE], without a letter or digit, temporary ("… for now", "for the
//     moment", "just this once": not a memory), or holding a run of 64 spaces and . , ; : (not writing; it would
//     also cost the normaliser a quadratic scan). A remember fact that starts with an item id is no request
//     (approving an item is the approve cue's job); an id in the wrong case is neither an id nor a fact.
// 14. Scope: 'user' when the lead, the cue or the fact says the fact holds in every project: "in/for/across all
//     (my) projects/repos", "in every project", "regardless of the project" anywhere; "globally" / "everywhere"
//     in the lead or cue, or at the start or end of the fact ("I prefer tabs everywhere") but not after a
//     technical word ("installed globally", "imported everywhere"). The phrase is removed from the fact.
// 15. Forget by id: a forget fact that starts with an item id is that id; further ids listed right after it
//     ("forget m-… and m-…") are forget requests of their own. Ids are `m-` + exactly 10 lowercase hex digits,
//     not part of a longer word.
// 16. Consent answers: an approve/reject cue names the id (its `id` group; pattern data puts the verb a few
//     words before the id — "approve m-…", "yes, remember m-…", "no, don't store m-…"; a weak word alone, "ok
//     m-…" / "no m-…", only when the id ends the clause — or an answer right after it — "m-… is fine", "m-…:
//     reject"). Ids listed right after a verb-first answer ("approve m-…, m-… and m-…") get the same answer. It
//     does not count when the sentence before it holds a negation, hedge, condition or question word
//     (ANSWER_BLOCK: "don't approve m-…" is no approval; the reject cue reads "don't store m-…"), when its
//     sentence is a question without a POLITE frame ("Should I approve m-…?"), when what follows defers it
//     ("approve m-… later", "keep m-… pending", "… if …"), or when its clause (from the last "," ";" ":" or the
//     previous answer, a joining "and"/"but" dropped) starts with anything but OPENERS and a POLITE frame —
//     except "I"/"we" before a performative verb ("I approve m-…", "we reject m-…"); "I remember m-… from
//     yesterday" is a report. An id without a cue near it is not an answer. Each id is answered once, at its
//     first answer's place in the text; reject wins when both appear for the same id.
// 17. Result: requests in text order, duplicates (same op, scope and factKey) dropped; answers in text order.

export { DURABLE } from './accept.js';
export { TRAILING_ANY } from './facts.js';
export { findMemoryRequests, MAX_CHARS, mayHoldCue } from './find.js';
export { ITEM_ID } from './ids.js';
export { OPENERS, POLITE } from './lead.js';
export type { ConsentAnswer, FindOptions, MemoryRequest } from './types.js';
