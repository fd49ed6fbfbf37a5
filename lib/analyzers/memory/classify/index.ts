// Memory with consent, the classifier: is a fact the agent proposes to remember a low-sensitivity fact (a preference
// or a project convention, stored automatically) or a sensitive one (a personal fact that waits for the user's
// consent)? The registry (patterns/memory-facts.json) holds the evidence: sensitive lexicons and regexes per category,
// convention vocabulary and the technical names that are never a person's name. This file owns what counts as a
// possible person name and how evidence turns into a verdict. A false "low" stores personal data without asking; a
// false "sensitive" costs one consent prompt: every rule below leans towards sensitive when in doubt.
//
// Rules, in the order they apply:
//  1. Bound: only the first MAX_FACT_CHARS (2,000) characters are read. When the fact is longer, the read part ends at
//     the last whitespace before the cut (a token cut in half is not read) and the fact can never be low: the unread
//     rest may hold anything. It is sensitive with the categories found in the read part, or ['uncertain'].
//  2. Sensitive evidence: every sensitive pattern's word list (whole words, case-insensitive) and regexes (flags "iu")
//     are scanned over the read text; every match, wherever it stands (inline code included), is a span of the
//     pattern's category and the pattern fires.
//  3. Convention evidence: a convention pattern fires when its word list or one of its regexes matches (preference
//     and convention vocabulary, code in backticks, paths, file extensions, commands, flags, versions, tool names).
//  4. Possible person names. A candidate is a name-shaped word outside inline code: a capital and then lower-case
//     letters ("Maria", "O'Brien", "McKay", "Anne-Marie"); ALLCAPS, acronyms, digits, dots, slashes, underscores,
//     backticks and camelCase inside are code-like and never names. Words in NOT_NAMES (pronouns, function words,
//     days, months, imperatives, generic subjects like "Team", "User", "Config") and cue words are never candidates.
//     Consecutive candidates (and particles like "van", "de" between them) form a run; trailing punctuation or a
//     possessive ends it. A run holding a known technical name (the union of every convention pattern's `names`,
//     case-insensitive) is no name, except in a strong context. Sentences start the text and follow . ! ? : ; (not
//     after e.g., i.e., Dr. …), a lone dash or bar, and an opening bracket or quote. A line is Title Case when it has
//     two or more significant words (SMALL_WORDS aside), all capitalised. A run is a possible name only when:
//     a. a cue stands before it, written in lower case, or opening the sentence ("Ask Maria …") — in a Title Case
//        line only a cue of several words ("Reviewed by Lena Fischer"). Cues are PRE_CUES ("ask", "tell", "ping",
//        "cc", "with", "from", "talk to", "approved by" …), TITLES (strong: "Dr Okafor") and RELATIONS words,
//        directly or through "is/named/called" ("colleague Sam", "manager is Priya", "Owner: Dana Novak" — a role
//        label counts in Title Case too), strong when a possessive stands before the relation ("my daughter Ruby");
//     b. after it stands a possessive ("Maria's laptop"); a POST_CUES verb in lower case ("Sam prefers tabs", "Dana
//        said", "Li owns billing"); "works at/for/as"; "is/was" and a PERSON_STATES word ("is allergic", "was
//        diagnosed", "is on leave") or "my/our … <relation>"; ", my <relation>"; "and I/me"; a RESIDENCE verb and a
//        preposition before a capitalised unknown word or a number ("Anna lives in Porto"); or an entity type in
//        brackets, `Anna (person)` (strong). A sentence-initial run ending in ":" takes the verb after the colon
//        ("Anna: prefers tabs", a memory-server observation);
//     c. the whole fact is a memory-server relation `<run> <relation> <run>`, the relation one to four lower-case,
//        snake or camel words, not only prepositions and not one of TECH_RELATIONS (depends_on, uses, calls …):
//        "Anna works_at Acme", "Bob manages Carol" name both runs;
//     d. coordination: a run joined to a name by "and", "&", "or", "+" or a comma ("with Maria and Tom"); outside
//        Title Case, two unknown runs joined by a coordinator word are both names ("Maria and Tom share …");
//     e. the fact already holds a sensitive span (rule 2) and the run lies outside every span, unless it opens a
//        sentence without being the subject of a SUBJECT_VERBS or "-ed" verb or the entity label opening the fact
//        ("Tom was diagnosed with ADHD" and "Anna: has asthma" mask the name; "Card 4000 …" and "Phone numbers …"
//        name no one): a personal fact's proper nouns are masked, places and employers included;
//     f. outside Title Case, a run of two or more words is the subject of a SUBJECT_VERBS verb ("Maria Garcia
//        handles releases").
//     So a sentence-initial capitalised word alone is never a name: Title Case headings and imperatives ("Use",
//     "Run", "Prefer") open sentences. Every possible name is a `person` span; one lying entirely inside a registry
//     span ("Driver's licence") is masked by that span and adds no category.
//  5. Verdict: low needs positive evidence: at least one convention pattern fired (rule 3), no sensitive span
//     (rule 2), no possible name (rule 4) and the whole fact was read (rule 1). Anything else is sensitive.
//  6. Categories: for a sensitive fact, the categories of the sensitive patterns that fired, in registry order and
//     without duplicates; a possible name adds `person` where the registry's first person pattern stands (or at the
//     end when the registry has none). When none fired, the fact is sensitive because it is uncertain and
//     categories is ['uncertain'], always alone. Low facts have no categories.
//  7. by: the ids of every sensitive pattern that fired (registry order), then of every convention pattern that
//     fired (registry order), whatever the verdict.
//  8. masked: for a low fact, the text itself. For a sensitive fact with spans, the read text with every span
//     replaced by `[<category>]` (a possible name by `[person?]`; overlapping spans merge, and a merged span that
//     holds registry evidence takes the first such span's category); when the fact was cut, ` [+N characters not
//     read]` stands for the rest. For an uncertain fact, `[unclassified fact, N words]` (N = whitespace-separated
//     words of the read text): nothing can be named, so nothing of the text is kept.
//
// Pure and deterministic: no I/O, no clock, no randomness. Work is bounded by the 2,000 characters read.

export { classifyFact } from './decide.js';
export { MAX_FACT_CHARS } from './read-part.js';
export type { ClassifierPatterns, FactClassification } from './types.js';
