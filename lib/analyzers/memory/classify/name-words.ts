// Word lists of the name heuristic (rule 4): never names, cues before and after a name, relations, titles,
// person states, residence verbs, entity types, particles, Title Case small words, coordinators, abbreviations.

/** Capitalised words that are never a person's name: pronouns, function words, days, months, languages, labels
 * and the generic subjects a project's facts start with ("Team prefers …", "User's …", "Config lives in …"). */
export const NOT_NAMES: ReadonlySet<string> = new Set([
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
export const PRE_CUES: readonly string[] = [
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
export const TITLES: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'mx', 'miss', 'dr', 'prof', 'professor', 'sir', 'dame', 'madam', 'lady', 'lord',
]);

/** People a fact can relate the user to, and roles that name a person ("Owner: Dana", "manager is Priya"). */
export const RELATIONS: ReadonlySet<string> = new Set([
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
export const POSSESSIVES: ReadonlySet<string> = new Set(['my', 'our', 'his', 'her', 'their', 'your']);

/** Words between a relation and the name ("manager is Priya", "colleague named Sam"). */
export const RELATION_LINKS: ReadonlySet<string> = new Set(['is', 'are', 'was', 'named', 'called']);

/** Verbs after a run that make it a person ("Sam prefers tabs", "Dana said …", "Li owns billing"). */
export const POST_CUES: ReadonlySet<string> = new Set([
  'said', 'says', 'told', 'tells', 'asked', 'asks', 'mentioned', 'mentions', 'thinks', 'thought', 'feels', 'felt',
  'prefers', 'preferred', 'likes', 'liked', 'loves', 'loved', 'hates', 'hated', 'dislikes', 'disliked', 'wants',
  'wanted', 'wishes', 'believes', 'believed', 'agreed', 'agrees', 'promised', 'suggested', 'suggests', 'owns',
  'reviews', 'reviewed', 'approves', 'approved', 'leads', 'knows', 'maintains', 'joined', 'texted', 'emailed',
  'phoned', 'replied', 'wrote', 'signed', 'insists', 'insisted', 'complained', 'noticed', 'decided', 'recommends',
]);

/** Verbs after a sentence's subject: a full name ("Maria Garcia handles releases", rule 4f) or the subject of a
 * fact with sensitive evidence ("Tom was diagnosed …", rule 4e). */
export const SUBJECT_VERBS: ReadonlySet<string> = new Set([
  ...POST_CUES, 'is', 'was', 'has', 'had', 'does', 'did', 'will', 'would', 'can', 'could', 'should', 'must', 'might',
  'may', 'got', 'gets', 'takes', 'took', 'needs', 'needed', 'uses', 'used', 'sees', 'saw', 'went', 'goes', 'lives',
  'lived', 'works', 'worked', 'owes', 'earns', 'pays', 'paid', 'suffers', 'began', 'started', 'stopped', 'quit', 'lost',
  'left', 'moved', 'became', 'handles', 'manages', 'runs', 'does', 'keeps', 'plays', 'speaks', 'drives', 'visits',
]);

/** Relations of a memory-server relation fact that hold between technical things, not people. */
export const TECH_RELATIONS: ReadonlySet<string> = new Set([
  'depends_on', 'depends-on', 'dependson', 'uses', 'calls', 'imports', 'extends', 'implements', 'contains', 'includes',
  'deploys_to', 'deployed_to', 'runs_on', 'hosted_on', 'built_with', 'wraps', 'replaces', 'supersedes', 'consumes',
  'produces', 'publishes', 'subscribes_to', 'reads_from', 'writes_to', 'part_of', 'instance_of', 'type_of', 'is_a',
  'has_a', 'belongs_to', 'tested_by', 'configured_by', 'generated_by', 'served_by', 'proxies', 'queries', 'stores',
]);

/** After "X is …": states of a person ("Dana is allergic", "Li is on leave"). Two-word states are joined by a space. */
export const PERSON_STATES: ReadonlySet<string> = new Set([
  'allergic', 'pregnant', 'married', 'divorced', 'sick', 'ill', 'away', 'vegan', 'vegetarian', 'on leave',
  'on vacation', 'on holiday', 'on call', 'on-call', 'in charge', 'a friend', 'a colleague', 'the owner', 'the lead',
  'the manager', 'diagnosed', 'hospitalised', 'hospitalized', 'injured',
]);

/** Residence verbs ("Anna lives in Porto"): a name when a capitalised unknown word or a number follows. */
export const RESIDENCE: ReadonlySet<string> = new Set([
  'lives', 'lived', 'living', 'resides', 'resided', 'moved', 'relocated', 'grew', 'born', 'based', 'stays', 'staying',
]);
export const RESIDENCE_PREPS: ReadonlySet<string> = new Set(['in', 'at', 'to', 'near', 'on', 'from']);

/** Entity types of memory servers that name a person: `Anna (person): …`. */
export const PERSON_TYPES: ReadonlySet<string> = new Set([
  'person', 'people', 'human', 'individual', 'user', 'contact', 'friend', 'family', 'relative', 'colleague',
  'coworker', 'co-worker', 'employee', 'customer', 'client', 'patient', 'child', 'kid', 'partner', 'spouse', 'member',
]);

/** Particles inside a name run ("Ludwig van Beethoven"). */
export const PARTICLES: ReadonlySet<string> = new Set([
  'van', 'von', 'de', 'da', 'del', 'della', 'der', 'den', 'di', 'du', 'la', 'le', 'bin', 'ibn', 'al', 'el', 'ten', 'ter',
]);

/** Words a Title Case heading leaves in lower case (rule 4). */
export const SMALL_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'and', 'or', 'but', 'nor', 'for', 'of', 'on', 'in', 'at', 'to', 'by', 'with', 'from', 'as', 'vs',
  'via', 'into', 'onto', 'per', 'up', 'is', 'it', 'be', 'so', 'if', 'than', 'off', 'out',
]);

/** Joiners of a coordination ("Maria and Tom"). */
export const COORDINATORS: ReadonlySet<string> = new Set(['and', '&', 'or', '+', 'plus']);

/** Abbreviations whose dot does not end a sentence. */
export const ABBREVIATIONS: ReadonlySet<string> = new Set([
  'e.g', 'i.e', 'etc', 'vs', 'cf', 'mr', 'mrs', 'ms', 'mx', 'dr', 'prof', 'st', 'no', 'approx', 'incl',
]);

/** Cue words are never names themselves: "Ask Maria" is the cue "Ask" and the name "Maria", not a run of two. */
export const CUE_WORDS: ReadonlySet<string> = new Set([...PRE_CUES.filter((c) => !c.includes(' ')), ...TITLES, ...RELATIONS]);

/** Relation words of a memory-server relation fact must hold more than prepositions ("Deploy to Production" is
 * not a relation between two names). */
export const NOT_RELATIONS: ReadonlySet<string> = new Set([
  ...SMALL_WORDS, 'over', 'under', 'before', 'after', 'about', 'across', 'through', 'without', 'within', 'against',
  'between', 'like', 'unlike', 'instead', 'not', 'only', 'then', 'also', 'first', 'next',
]);
