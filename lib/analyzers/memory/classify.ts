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

import { toRegExp } from '../../registry/regex.js';
import type { CompiledConvention, CompiledSensitive, SensitiveCategory } from '../../registry/types.js';

export interface FactClassification {
  class: 'low' | 'sensitive';
  /** Sensitive categories found (registry order, no duplicates); ['uncertain'] when nothing showed the fact is low
   *  and no category fired; empty for low. May mix, e.g. ['person','uncertain'] is NOT allowed: uncertain only alone. */
  categories: Array<SensitiveCategory | 'uncertain'>;
  /** Ids of every pattern (sensitive and convention) that fired on the text, in registry order. */
  by: string[];
  /** The text with every sensitive span replaced by `[<category>]` (possible names by `[person?]`); when the fact is
   *  sensitive only because it is uncertain and no span can be named, `[unclassified fact, N words]`. Never contains a
   *  sensitive span. For low facts: the text itself. */
  masked: string;
}

export interface ClassifierPatterns {
  sensitive: readonly CompiledSensitive[];
  conventions: readonly CompiledConvention[];
}

/** Only this many leading characters of a fact are read (rule 1). */
export const MAX_FACT_CHARS = 2_000;

/** The label a possible name is masked with. */
const NAME_LABEL = 'person?';

// ---- Word lists of the name heuristic (rule 4) --------------------------------------------------------------------

/** Capitalised words that are never a person's name: pronouns, function words, days, months, languages, labels
 * and the generic subjects a project's facts start with ("Team prefers …", "User's …", "Config lives in …"). */
const NOT_NAMES: ReadonlySet<string> = new Set([
  // pronouns, determiners, function words
  'i', 'me', 'my', 'mine', 'we', 'us', 'our', 'ours', 'you', 'your', 'yours', 'he', 'him', 'his', 'she', 'her', 'hers',
  'they', 'them', 'their', 'theirs', 'it', 'its', 'this', 'that', 'these', 'those', 'the', 'a', 'an', 'some', 'any',
  'each', 'every', 'all', 'both', 'either', 'neither', 'no', 'none', 'one', 'ones', 'other', 'others', 'another',
  'such', 'what', 'which', 'who', 'whom', 'whose', 'where', 'when', 'why', 'how', 'here', 'there', 'then', 'now',
  'if', 'and', 'or', 'but', 'so', 'yet', 'not', 'also', 'only', 'just', 'even', 'let', 'lets', 'yes', 'ok', 'okay',
  'please', 'thanks', 'hi', 'hello', 'hey', 'dear', 'mr', 'mrs', 'ms', 'mx', 'dr', 'prof', 'sir',
  // people in general
  'everyone', 'everybody', 'someone', 'somebody', 'anyone', 'anybody', 'nobody', 'noone', 'people', 'person', 'user',
  'users', 'team', 'teams', 'customer', 'customers', 'client', 'clients', 'developer', 'developers', 'dev', 'devs',
  'engineer', 'engineers', 'maintainer', 'maintainers', 'contributor', 'contributors', 'reviewer', 'reviewers',
  'owner', 'owners', 'author', 'authors', 'admin', 'admins', 'member', 'members', 'staff', 'human', 'humans',
  'agent', 'agents', 'assistant', 'bot', 'bots', 'operator', 'operators', 'visitor', 'visitors', 'guest', 'guests',
  // departments and groups
  'legal', 'security', 'design', 'product', 'marketing', 'sales', 'ops', 'devops', 'support', 'finance', 'hr',
  'infra', 'infrastructure', 'platform', 'management', 'leadership', 'engineering', 'data', 'research', 'company',
  'org', 'organisation', 'organization', 'department', 'group', 'community', 'upstream', 'downstream',
  // days, months, times
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'january', 'february', 'march',
  'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december', 'today', 'tomorrow',
  'yesterday', 'tonight', 'morning', 'evening', 'weekend', 'weekday', 'christmas', 'easter',
  // languages
  'english', 'french', 'german', 'spanish', 'italian', 'portuguese', 'dutch', 'chinese', 'japanese', 'korean',
  'russian', 'arabic', 'hindi', 'british', 'american', 'european', 'latin', 'greek', 'unicode', 'emoji',
  // labels and generic subjects of project facts
  'note', 'notes', 'important', 'warning', 'tip', 'todo', 'fixme', 'hack', 'nb', 'caution', 'danger', 'info',
  'config', 'configuration', 'build', 'builds', 'test', 'tests', 'docs', 'code', 'source', 'project', 'projects',
  'repo', 'repository', 'app', 'apps', 'service', 'services', 'everything', 'nothing', 'something', 'anything',
  'default', 'defaults', 'state', 'types', 'main', 'master', 'release', 'releases', 'version', 'versions',
  // screens and menus named in instructions ("Go to Settings")
  'settings', 'preferences', 'options', 'home', 'profile', 'account', 'help', 'about', 'file', 'edit', 'view', 'tools',
  'window', 'menu', 'tab', 'page', 'screen',
  // imperatives and verbs that open a sentence ("Use …", "Has a …", "Never …")
  'use', 'run', 'prefer', 'keep', 'avoid', 'never', 'always', 'add', 'set', 'send', 'store', 'ship', 'call', 'mask',
  'log', 'put', 'make', 'remember', 'save', 'check', 'read', 'write', 'open', 'close', 'try', 'start', 'stop', 'go',
  'get', 'see', 'follow', 'bump', 'pin', 'tag', 'push', 'pull', 'merge', 'commit', 'review', 'fix', 'update',
  'upgrade', 'migrate', 'switch', 'move', 'rename', 'delete', 'remove', 'create', 'generate', 'format', 'lint',
  'validate', 'verify', 'ensure', 'do', 'don’t', "don't", 'has', 'have', 'had', 'is', 'was', 'are', 'were', 'be',
  'takes', 'lives', 'works', 'loves', 'likes', 'hates', 'prefers', 'wants', 'needs', 'goes', 'drinks', 'eats',
  'speaks', 'dislikes', 'born', 'favourite', 'favorite', 'deploy', 'install', 'configure', 'enable', 'disable',
]);

/** Lower-case cue words (or phrases, as token sequences) after which a name-shaped run is a possible name. */
const PRE_CUES: readonly string[] = [
  'ask', 'asks', 'asked', 'asking', 'tell', 'tells', 'told', 'telling', 'ping', 'pinged', 'pinging', 'cc', 'thank',
  'thanks', 'thanked', 'email', 'emailed', 'emailing', 'text', 'texted', 'message', 'messaged', 'dm', 'dmed',
  'notify', 'notified', 'contact', 'contacted', 'meet', 'met', 'meeting', 'invite', 'invited', 'remind', 'reminded',
  'consult', 'consulted', 'with', 'from', 'hi', 'hello', 'hey', 'dear', 'visit', 'visited', 'visiting', 'marry',
  'married', 'dating', 'hug', 'introduce', 'introduced', 'named', 'called', 'aka', 'nicknamed', 'congratulate',
  'talk to', 'speak to', 'speak with', 'talk with', 'chat with', 'check with', 'pair with', 'sync with', 'report to',
  'reports to', 'reporting to', 'defer to', 'escalate to', 'reply to', 'replied to', 'write to', 'wrote to',
  'assign to', 'assigned to', 'married to', 'engaged to', 'approved by', 'reviewed by', 'written by', 'owned by',
  'maintained by', 'signed by', 'requested by', 'reported by', 'created by', 'authored by', 'sent by', 'loop in',
  'reach out to', 'signed off by', 'hand off to', 'handed off to', 'check in with', 'name is', 'call me', 'known as',
  'go by', 'goes by', 'i am', "i'm", 'this is', 'go to', 'goes to', 'went to', 'thanks to', 'credit to',
];

/** Titles before a name (strong: even a technical name after one is a name, "Dr Ruby"). */
const TITLES: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'mx', 'miss', 'dr', 'prof', 'professor', 'sir', 'dame', 'madam', 'lady', 'lord',
]);

/** People a fact can relate the user to, and roles that name a person ("Owner: Dana", "manager is Priya"). */
const RELATIONS: ReadonlySet<string> = new Set([
  'wife', 'husband', 'partner', 'spouse', 'son', 'daughter', 'kid', 'kids', 'child', 'children', 'baby', 'mum', 'mom',
  'mother', 'dad', 'father', 'parent', 'parents', 'brother', 'sister', 'sibling', 'aunt', 'uncle', 'cousin', 'niece',
  'nephew', 'grandma', 'grandpa', 'grandmother', 'grandfather', 'granddaughter', 'grandson', 'boyfriend',
  'girlfriend', 'fiancé', 'fiance', 'fiancée', 'fiancee', 'ex', 'stepson', 'stepdaughter', 'stepmom', 'stepdad',
  'boss', 'manager', 'colleague', 'coworker', 'co-worker', 'teammate', 'mentor', 'mentee', 'lead', 'cto', 'ceo',
  'cfo', 'coo', 'vp', 'director', 'friend', 'bestie', 'doctor', 'gp', 'dentist', 'therapist', 'psychiatrist', 'nurse',
  'neighbour', 'neighbor', 'landlord', 'landlady', 'roommate', 'flatmate', 'housemate', 'lawyer', 'accountant',
  'nanny', 'babysitter', 'dog', 'cat', 'pet', 'owner', 'owners', 'reviewer', 'reviewers', 'maintainer',
  'maintainers', 'author', 'assignee', 'approver', 'approvers', 'contact', 'poc', 'client', 'recruiter',
  'interviewer', 'intern', 'tutor', 'teacher', 'coach', 'pm', 'po', 'designer', 'founder', 'cofounder',
  'co-founder', 'investor', 'oncall', 'on-call',
]);

/** Possessives that make a following relation strong ("my daughter Ruby"). */
const POSSESSIVES: ReadonlySet<string> = new Set(['my', 'our', 'his', 'her', 'their', 'your']);

/** Words between a relation and the name ("manager is Priya", "colleague named Sam"). */
const RELATION_LINKS: ReadonlySet<string> = new Set(['is', 'are', 'was', 'named', 'called']);

/** Verbs after a run that make it a person ("Sam prefers tabs", "Dana said …", "Li owns billing"). */
const POST_CUES: ReadonlySet<string> = new Set([
  'said', 'says', 'told', 'tells', 'asked', 'asks', 'mentioned', 'mentions', 'thinks', 'thought', 'feels', 'felt',
  'prefers', 'preferred', 'likes', 'liked', 'loves', 'loved', 'hates', 'hated', 'dislikes', 'disliked', 'wants',
  'wanted', 'wishes', 'believes', 'believed', 'agreed', 'agrees', 'promised', 'suggested', 'suggests', 'owns',
  'reviews', 'reviewed', 'approves', 'approved', 'leads', 'knows', 'maintains', 'joined', 'texted', 'emailed',
  'phoned', 'replied', 'wrote', 'signed', 'insists', 'insisted', 'complained', 'noticed', 'decided', 'recommends',
]);

/** Verbs after a sentence's subject: a full name ("Maria Garcia handles releases", rule 4f) or the subject of a
 * fact with sensitive evidence ("Tom was diagnosed …", rule 4e). */
const SUBJECT_VERBS: ReadonlySet<string> = new Set([
  ...POST_CUES, 'is', 'was', 'has', 'had', 'does', 'did', 'will', 'would', 'can', 'could', 'should', 'must', 'might',
  'may', 'got', 'gets', 'takes', 'took', 'needs', 'needed', 'uses', 'used', 'sees', 'saw', 'went', 'goes', 'lives',
  'lived', 'works', 'worked', 'owes', 'earns', 'pays', 'paid', 'suffers', 'began', 'started', 'stopped', 'quit', 'lost',
  'left', 'moved', 'became', 'handles', 'manages', 'runs', 'does', 'keeps', 'plays', 'speaks', 'drives', 'visits',
]);

/** Relations of a memory-server relation fact that hold between technical things, not people. */
const TECH_RELATIONS: ReadonlySet<string> = new Set([
  'depends_on', 'depends-on', 'dependson', 'uses', 'calls', 'imports', 'extends', 'implements', 'contains', 'includes',
  'deploys_to', 'deployed_to', 'runs_on', 'hosted_on', 'built_with', 'wraps', 'replaces', 'supersedes', 'consumes',
  'produces', 'publishes', 'subscribes_to', 'reads_from', 'writes_to', 'part_of', 'instance_of', 'type_of', 'is_a',
  'has_a', 'belongs_to', 'tested_by', 'configured_by', 'generated_by', 'served_by', 'proxies', 'queries', 'stores',
]);

/** After "X is …": states of a person ("Dana is allergic", "Li is on leave"). Two-word states are joined by a space. */
const PERSON_STATES: ReadonlySet<string> = new Set([
  'allergic', 'pregnant', 'married', 'divorced', 'sick', 'ill', 'away', 'vegan', 'vegetarian', 'on leave',
  'on vacation', 'on holiday', 'on call', 'on-call', 'in charge', 'a friend', 'a colleague', 'the owner', 'the lead',
  'the manager', 'diagnosed', 'hospitalised', 'hospitalized', 'injured',
]);

/** Residence verbs ("Anna lives in Porto"): a name when a capitalised unknown word or a number follows. */
const RESIDENCE: ReadonlySet<string> = new Set([
  'lives', 'lived', 'living', 'resides', 'resided', 'moved', 'relocated', 'grew', 'born', 'based', 'stays', 'staying',
]);
const RESIDENCE_PREPS: ReadonlySet<string> = new Set(['in', 'at', 'to', 'near', 'on', 'from']);

/** Entity types of memory servers that name a person: `Anna (person): …`. */
const PERSON_TYPES: ReadonlySet<string> = new Set([
  'person', 'people', 'human', 'individual', 'user', 'contact', 'friend', 'family', 'relative', 'colleague',
  'coworker', 'co-worker', 'employee', 'customer', 'client', 'patient', 'child', 'kid', 'partner', 'spouse', 'member',
]);

/** Particles inside a name run ("Ludwig van Beethoven"). */
const PARTICLES: ReadonlySet<string> = new Set([
  'van', 'von', 'de', 'da', 'del', 'della', 'der', 'den', 'di', 'du', 'la', 'le', 'bin', 'ibn', 'al', 'el', 'ten', 'ter',
]);

/** Words a Title Case heading leaves in lower case (rule 4). */
const SMALL_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'and', 'or', 'but', 'nor', 'for', 'of', 'on', 'in', 'at', 'to', 'by', 'with', 'from', 'as', 'vs',
  'via', 'into', 'onto', 'per', 'up', 'is', 'it', 'be', 'so', 'if', 'than', 'off', 'out',
]);

/** Joiners of a coordination ("Maria and Tom"). */
const COORDINATORS: ReadonlySet<string> = new Set(['and', '&', 'or', '+', 'plus']);

/** Abbreviations whose dot does not end a sentence. */
const ABBREVIATIONS: ReadonlySet<string> = new Set([
  'e.g', 'i.e', 'etc', 'vs', 'cf', 'mr', 'mrs', 'ms', 'mx', 'dr', 'prof', 'st', 'no', 'approx', 'incl',
]);

/** Cue words are never names themselves: "Ask Maria" is the cue "Ask" and the name "Maria", not a run of two. */
const CUE_WORDS: ReadonlySet<string> = new Set([...PRE_CUES.filter((c) => !c.includes(' ')), ...TITLES, ...RELATIONS]);

/** Relation words of a memory-server relation fact must hold more than prepositions ("Deploy to Production" is
 * not a relation between two names). */
const NOT_RELATIONS: ReadonlySet<string> = new Set([
  ...SMALL_WORDS, 'over', 'under', 'before', 'after', 'about', 'across', 'through', 'without', 'within', 'against',
  'between', 'like', 'unlike', 'instead', 'not', 'only', 'then', 'also', 'first', 'next',
]);

// ---- Tokens -------------------------------------------------------------------------------------------------------

/** A capital and then lower-case letters; Mc/Mac/O' prefixes and hyphenated parts allowed. Nothing else. */
const NAME_SHAPE = /^(?:Mc\p{Lu}|Mac\p{Lu}|O['’]\p{Lu}|\p{Lu})\p{Ll}+(?:-\p{Lu}?\p{Ll}+)*$/u;
const LEAD = /^[([{"'“‘«*_~<]+/u;
const TRAIL = /[)\]}"'”’»*_~>,.;:!?]+$/u;
const POSSESSIVE_END = /['’]s$/u;
const SENTENCE_END = /[.!?:;]/u;
const BOUNDARY_TOKEN = /^(?:[-–—|•·]+|\/\/)$/u;
const OPENS_SENTENCE = /[([{"“‘«]/u;
const RELATION_WORD = /^(?:\p{Ll}[\p{Ll}\p{N}]*(?:[_-][\p{Ll}\p{N}]+)*|\p{Ll}+(?:\p{Lu}\p{Ll}+)+)$/u;

interface Token {
  start: number;
  end: number;
  /** Token without leading/trailing punctuation and possessive ending. */
  core: string;
  lower: string;
  lead: string;
  trail: string;
  possessive: boolean;
  /** Inside inline code. */
  code: boolean;
  initial: boolean;
  /** Name-shaped, outside code, neither in NOT_NAMES nor a cue word (rule 4). */
  candidate: boolean;
  known: boolean;
  /** Written in lower case (a cue must be, unless it opens a sentence). */
  lowerCase: boolean;
}

/** Inline code spans (a backtick run up to the next run of the same length; an unmatched run is literal). */
function codeSpans(s: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const re = /`+/gu;
  let open: { at: number; len: number } | undefined;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    if (!open) open = { at: m.index, len: m[0].length };
    else if (m[0].length === open.len) {
      spans.push([open.at, m.index + m[0].length]);
      open = undefined;
    }
  }
  return spans;
}

function tokenize(text: string, known: ReadonlySet<string>): Token[] {
  const code = codeSpans(text);
  const tokens: Token[] = [];
  let ci = 0;
  let sentenceOpen = true;
  const re = /\S+/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    while (ci < code.length && code[ci]![1] <= start) ci++;
    const inCode = ci < code.length && code[ci]![0] < end;
    let raw = m[0];
    const lead = LEAD.exec(raw)?.[0] ?? '';
    raw = raw.slice(lead.length);
    let trail = TRAIL.exec(raw)?.[0] ?? '';
    let core = raw.slice(0, raw.length - trail.length);
    let possessive = false;
    if (POSSESSIVE_END.test(core) && core.length > 2) {
      possessive = true;
      core = core.slice(0, -2);
    } else if (/^['’]/u.test(trail) && /s$/u.test(core) && !/['‘]/u.test(lead)) {
      possessive = true; // "James' laptop"
      trail = trail.slice(1);
    }
    const lower = core.toLowerCase();
    const hasLetter = /\p{L}/u.test(core);
    const initial = sentenceOpen || OPENS_SENTENCE.test(lead);
    const shaped = !inCode && NAME_SHAPE.test(core.normalize('NFC'));
    tokens.push({
      start,
      end,
      core,
      lower,
      lead,
      trail,
      possessive,
      code: inCode,
      initial: hasLetter && initial,
      candidate: shaped && !NOT_NAMES.has(lower) && !CUE_WORDS.has(lower),
      known: known.has(lower),
      lowerCase: core === lower || lower === 'i' || lower === "i'm" || lower === 'i’m',
    });
    if (BOUNDARY_TOKEN.test(m[0])) sentenceOpen = true;
    else if (hasLetter || /\p{N}/u.test(core)) {
      sentenceOpen = SENTENCE_END.test(trail) && !(trail.startsWith('.') && ABBREVIATIONS.has(lower));
    }
  }
  return tokens;
}

/** Rule 4: at least two significant words, all capitalised. */
function isTitleCase(tokens: readonly Token[]): boolean {
  let significant = 0;
  for (const t of tokens) {
    if (t.code || !/^\p{L}/u.test(t.core) || SMALL_WORDS.has(t.lower)) continue;
    if (!/^\p{Lu}/u.test(t.core)) return false;
    significant++;
  }
  return significant >= 2;
}

interface Run {
  /** Token indexes [from, to] inclusive. */
  from: number;
  to: number;
  hasKnown: boolean;
}

/** Runs of name-shaped words (rule 4); a run ends after trailing punctuation or a possessive. */
function runsOf(tokens: readonly Token[]): Run[] {
  const runs: Run[] = [];
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (!t.candidate) {
      i++;
      continue;
    }
    const run: Run = { from: i, to: i, hasKnown: t.known };
    let j = i;
    while (!tokens[j]!.trail && !tokens[j]!.possessive && run.to - run.from < 5) {
      const next = tokens[j + 1];
      const afterParticle = tokens[j + 2];
      if (next?.candidate && !next.lead) {
        j++;
      } else if (next && !next.lead && !next.trail && PARTICLES.has(next.core) && afterParticle?.candidate && !afterParticle.lead) {
        j += 2; // "Ludwig van Beethoven"
      } else break;
      run.to = j;
      run.hasKnown ||= tokens[j]!.known;
    }
    runs.push(run);
    i = j + 1;
  }
  return runs;
}

/** Pre-cue phrases as token sequences, longest first. */
const PRE_SEQUENCES: readonly string[][] = [...PRE_CUES].map((c) => c.split(' ')).sort((a, b) => b.length - a.length);

/** Do the tokens right before index `at` spell a cue, without punctuation between? Each cue token is written in
 * lower case, or opens the sentence (in a Title Case line only when the cue has several words). */
function cueBefore(tokens: readonly Token[], at: number, titleCase: boolean): boolean {
  for (const seq of PRE_SEQUENCES) {
    const from = at - seq.length;
    if (from < 0) continue;
    let ok = true;
    for (let k = 0; k < seq.length && ok; k++) {
      const t = tokens[from + k]!;
      const opensSentence = t.initial && (!titleCase || seq.length > 1);
      ok = !t.code && t.lower === seq[k] && !t.trail && !t.possessive && (t.lowerCase || opensSentence);
    }
    if (ok) return true;
  }
  return false;
}

/** Is token `i` a relation/role word usable as a cue ("my wife", "manager is", "Owner:")? 'strong' when a possessive
 * stands right before it or one word before it ("my older sister"). */
function relationAt(tokens: readonly Token[], i: number, titleCase: boolean): 'strong' | 'weak' | undefined {
  const t = tokens[i];
  if (!t || t.code || !RELATIONS.has(t.lower) || !(t.lowerCase || (t.initial && !titleCase))) return undefined;
  const p1 = tokens[i - 1];
  const p2 = tokens[i - 2];
  const possessed = (p: Token | undefined): boolean => !!p && !p.trail && (POSSESSIVES.has(p.lower) || p.possessive);
  return possessed(p1) || (possessed(p2) && !p1!.trail) ? 'strong' : 'weak';
}

/** Rule 4a: the context before a run. */
function contextBefore(tokens: readonly Token[], run: Run, titleCase: boolean): 'strong' | 'weak' | undefined {
  const at = run.from;
  const prev = tokens[at - 1];
  if (!prev || tokens[at]!.lead) return undefined;
  if (TITLES.has(prev.lower) && (prev.trail === '' || prev.trail === '.')) return 'strong';
  // "my wife Anna", "manager is Priya", "Owner: Dana", "my wife, Anna", "colleague named Sam"
  if (!prev.trail || prev.trail === ':' || prev.trail === ',') {
    // A role label ("Owner: Dana Novak") counts in a Title Case line too.
    const direct = relationAt(tokens, at - 1, titleCase && prev.trail !== ':');
    if (direct) return direct;
  }
  if (!prev.trail && RELATION_LINKS.has(prev.lower)) {
    const linked = relationAt(tokens, at - 2, titleCase);
    if (linked && !tokens[at - 2]!.trail) return linked;
  }
  return cueBefore(tokens, at, titleCase) ? 'weak' : undefined;
}

/** Rule 4b: the context after a run. */
function contextAfter(tokens: readonly Token[], run: Run, titleCase: boolean): 'strong' | 'weak' | undefined {
  const last = tokens[run.to]!;
  if (last.possessive) return 'weak';
  const next = tokens[run.to + 1];
  if (!next || next.code) return undefined;
  // `Anna (person)`: an entity type in brackets
  if (!last.trail && next.lead.startsWith('(') && PERSON_TYPES.has(next.lower) && next.trail.startsWith(')')) return 'strong';
  // "Anna: prefers tabs" (a sentence-initial entity name and its observation)
  const colon = last.trail === ':' && tokens[run.from]!.initial;
  if (last.trail && !colon) {
    // "Dana, my manager, …"
    if (last.trail === ',' && relationAt(tokens, run.to + 2, titleCase) === 'strong') return 'weak';
    return undefined;
  }
  if (!next.lowerCase || next.lead) return undefined;
  if (POST_CUES.has(next.lower)) return 'weak';
  if (next.trail) return undefined;
  const after = tokens[run.to + 2];
  if (next.lower === 'works' || next.lower === 'worked' || next.lower === 'work') {
    return after && ['at', 'for', 'as'].includes(after.lower) ? 'weak' : undefined;
  }
  if (next.lower === 'and' && after && (after.lower === 'i' || after.lower === 'me')) return 'weak';
  if (next.lower === 'is' || next.lower === 'was') {
    if (!after || after.code) return undefined;
    // "is my manager", "is our CTO", "is my older brother"
    if (POSSESSIVES.has(after.lower) && !after.trail) {
      if (relationAt(tokens, run.to + 3, false) || relationAt(tokens, run.to + 4, false)) return 'weak';
    }
    const two = tokens[run.to + 3];
    if (PERSON_STATES.has(after.lower) || (!after.trail && two && PERSON_STATES.has(`${after.lower} ${two.lower}`))) return 'weak';
    if (after.lower === 'born') return 'weak';
    return undefined;
  }
  // "Anna lives in Porto", "Li moved to 12 Rua …", "Sam grew up in Leeds"
  if (RESIDENCE.has(next.lower)) {
    let k = run.to + 2;
    if (tokens[k]?.lower === 'up') k++;
    const prep = tokens[k];
    const obj = tokens[k + 1];
    if (prep && RESIDENCE_PREPS.has(prep.lower) && !prep.trail && obj && !obj.code) {
      if ((obj.candidate && !obj.known) || /^\p{N}/u.test(obj.core)) return 'weak';
    }
  }
  return undefined;
}

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
    between.every((t) => !t.code && !t.lead && !t.trail && RELATION_WORD.test(t.core)) &&
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
function possibleNames(tokens: readonly Token[], evidence: readonly Span[]): Array<[number, number]> {
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

// ---- Evidence and verdict ------------------------------------------------------------------------------------------

interface Span {
  start: number;
  end: number;
  label: string;
  /** From a registry pattern (not the name heuristic). */
  registry: boolean;
}

/** Every non-empty match of `re` (global) in `text` as a span. */
function scan(re: RegExp, text: string, label: string, out: Span[]): boolean {
  let hit = false;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    hit = true;
    out.push({ start: m.index, end: m.index + m[0].length, label, registry: true });
  }
  return hit;
}

function fires(p: CompiledConvention, text: string): boolean {
  if (p.words && toRegExp(p.words).test(text)) return true;
  return p.regex.some((r) => toRegExp(r).test(text));
}

const knownCache = new WeakMap<readonly CompiledConvention[], ReadonlySet<string>>();

/** The union of every convention pattern's technical names, lower-case; a multi-word name adds its words too. */
function knownNames(conventions: readonly CompiledConvention[]): ReadonlySet<string> {
  let set = knownCache.get(conventions);
  if (!set) {
    const s = new Set<string>();
    for (const c of conventions) {
      for (const n of c.names) {
        const lower = n.toLowerCase();
        s.add(lower);
        if (lower.includes(' ')) for (const w of lower.split(/\s+/u)) if (w.length > 1) s.add(w);
      }
    }
    set = s;
    knownCache.set(conventions, set);
  }
  return set;
}

/** The read part of a fact (rule 1). */
function readPart(text: string): { head: string; cut: boolean } {
  if (text.length <= MAX_FACT_CHARS) return { head: text, cut: false };
  let head = text.slice(0, MAX_FACT_CHARS);
  if (!/\s/u.test(text[MAX_FACT_CHARS]!)) {
    const ws = head.search(/\s\S*$/u);
    head = ws > 0 ? head.slice(0, ws) : '';
  }
  return { head, cut: true };
}

/** Rule 8: spans merged and replaced by their labels. */
function maskSpans(text: string, spans: Span[]): string {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let at = 0;
  let i = 0;
  while (i < sorted.length) {
    const first = sorted[i]!;
    let end = first.end;
    let label = first.registry ? first.label : undefined;
    let j = i + 1;
    while (j < sorted.length && sorted[j]!.start < end) {
      end = Math.max(end, sorted[j]!.end);
      if (!label && sorted[j]!.registry) label = sorted[j]!.label;
      j++;
    }
    out += `${text.slice(at, first.start)}[${label ?? NAME_LABEL}]`;
    at = end;
    i = j;
  }
  return out + text.slice(at);
}

const wordCount = (s: string): number => s.match(/\S+/gu)?.length ?? 0;

export function classifyFact(text: string, patterns: ClassifierPatterns): FactClassification {
  const { head, cut } = readPart(text);
  const spans: Span[] = [];
  const by: string[] = [];
  const categories: Array<SensitiveCategory | 'uncertain'> = [];
  const fired = patterns.sensitive.map((p) => {
    let hit = false;
    if (p.words) hit = scan(toRegExp(p.words, 'g'), head, p.category, spans) || hit;
    for (const r of p.regex) hit = scan(toRegExp(r, 'g'), head, p.category, spans) || hit;
    if (hit) by.push(p.id);
    return hit;
  });
  // A name inside a registry span ("Driver's licence") is masked by that span and adds no category of its own.
  const names = possibleNames(tokenize(head, knownNames(patterns.conventions)), spans).filter(
    ([start, end]) => !spans.some((e) => e.start <= start && end <= e.end),
  );
  let personPlaced = false;
  patterns.sensitive.forEach((p, i) => {
    if (p.category === 'person' && !personPlaced && names.length) {
      personPlaced = true;
      categories.push('person');
    }
    if (fired[i] && !categories.includes(p.category)) categories.push(p.category);
  });
  if (names.length && !personPlaced) categories.push('person');
  let convention = false;
  for (const c of patterns.conventions) {
    if (fires(c, head)) {
      by.push(c.id);
      convention = true;
    }
  }
  for (const [start, end] of names) spans.push({ start, end, label: NAME_LABEL, registry: false });

  if (spans.length === 0 && convention && !cut) return { class: 'low', categories: [], by, masked: text };
  if (spans.length === 0) {
    return { class: 'sensitive', categories: ['uncertain'], by, masked: `[unclassified fact, ${wordCount(head)} words]` };
  }
  const rest = text.length - head.length;
  const masked = maskSpans(head, spans) + (cut ? ` [+${rest} characters not read]` : '');
  return { class: 'sensitive', categories, by, masked };
}
