// The Porter stemmer, by character tests instead of regular expressions: the same stems as the `stemmer` package
// (test/text/porter.test.ts holds them equal on every word of the repository's docs and patterns and on random
// words), at a fraction of a prompt's cost. A hook process stems a few words once: compiling the package's ~18
// regular expressions for them was ~0.3 ms of every prompt (docs/performance.md), more than the stemming itself.
//
// Domain: lowercase words, as lib/text/words.ts makes them. Classes as the package's expressions have them: a, e,
// i, o, u are vowels; y is a vowel after a consonant and a consonant at the start or after a vowel; anything else
// (digits included) is a consonant. An initial y is written Y while stemming, so it never counts as a vowel.

const STEP2: Readonly<Record<string, string>> = {
  ational: 'ate',
  tional: 'tion',
  enci: 'ence',
  anci: 'ance',
  izer: 'ize',
  bli: 'ble',
  alli: 'al',
  entli: 'ent',
  eli: 'e',
  ousli: 'ous',
  ization: 'ize',
  ation: 'ate',
  ator: 'ate',
  alism: 'al',
  iveness: 'ive',
  fulness: 'ful',
  ousness: 'ous',
  aliti: 'al',
  iviti: 'ive',
  biliti: 'ble',
  logi: 'log',
};
const STEP3: Readonly<Record<string, string>> = { icate: 'ic', ative: '', alize: 'al', iciti: 'ic', ical: 'ic', ful: '', ness: '' };
const STEP4 = ['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize'];
const STEP2_KEYS = Object.keys(STEP2);
const STEP3_KEYS = Object.keys(STEP3);

/** a, e, i, o, u */
const aeiou = (c: number): boolean => c === 97 || c === 101 || c === 105 || c === 111 || c === 117;

/** Porter's measure m of `s`, the number of vowel-consonant runs in [C](VC)^m[V]. */
function measure(s: string): number {
  let m = 0;
  let inVowels = false;
  let prevConsonant = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const vowel: boolean = aeiou(c) || (c === 121 && prevConsonant);
    if (!vowel && inVowels) m++;
    inVowels = vowel;
    prevConsonant = !vowel;
  }
  return m;
}

/** Whether `s` holds a vowel (its first y is never one: an initial y is Y here). */
function hasVowel(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (aeiou(c) || c === 121) return true;
  }
  return false;
}

/** The whole of `s` is consonants, one vowel (y too), and a last consonant other than w, x, y: "hop", "strip". */
function cvc(s: string): boolean {
  const n = s.length;
  if (n < 3 || aeiou(s.charCodeAt(0))) return false;
  for (let i = 1; i < n - 2; i++) {
    const c = s.charCodeAt(i);
    if (aeiou(c) || c === 121) return false;
  }
  const v = s.charCodeAt(n - 2);
  const last = s.charCodeAt(n - 1);
  return (aeiou(v) || v === 121) && !aeiou(last) && last !== 119 && last !== 120 && last !== 121;
}

/** The longest of `suffixes` that `s` ends with after at least one character, or undefined. */
function longestSuffix(s: string, suffixes: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const x of suffixes) if (s.length > x.length && s.endsWith(x) && (!best || x.length > best.length)) best = x;
  return best;
}

/** Step 1b's ending: -ed or -ing after at least one character, the stem before it; else undefined. */
function edOrIng(s: string): string | undefined {
  if (s.length > 3 && s.endsWith('ing')) return s.slice(0, -3);
  if (s.length > 2 && s.endsWith('ed')) return s.slice(0, -2);
  return undefined;
}

/** The Porter stem of one lowercase word. */
export function porterStem(word: string): string {
  let s = word;
  if (s.length < 3) return s;
  const initialY = s.charCodeAt(0) === 121;
  if (initialY) s = `Y${s.slice(1)}`;

  // Step 1a: sses → ss, ies → i, s → (not after s).
  if ((s.length > 4 && s.endsWith('sses')) || (s.length > 3 && s.endsWith('ies'))) s = s.slice(0, -2);
  else if (s.length > 2 && s.endsWith('s') && s.charCodeAt(s.length - 2) !== 115) s = s.slice(0, -1);

  // Step 1b: eed → ee when m > 0; ed, ing dropped after a vowel, then at/bl/iz → +e, a double consonant halved,
  // a short cvc stem → +e.
  if (s.length > 3 && s.endsWith('eed')) {
    if (measure(s.slice(0, -3)) > 0) s = s.slice(0, -1);
  } else {
    const stem = edOrIng(s);
    if (stem !== undefined && hasVowel(stem)) {
      s = stem;
      const n = s.length;
      const last = s.charCodeAt(n - 1);
      if (s.endsWith('at') || s.endsWith('bl') || s.endsWith('iz')) s += 'e';
      else if (n >= 2 && last === s.charCodeAt(n - 2) && !aeiou(last) && last !== 121 && last !== 108 && last !== 115 && last !== 122) s = s.slice(0, -1);
      else if (cvc(s)) s += 'e';
    }
  }

  // Step 1c: y → i after a vowel.
  if (s.length > 1 && s.endsWith('y') && hasVowel(s.slice(0, -1))) s = `${s.slice(0, -1)}i`;

  // Steps 2 and 3: double and single suffixes mapped when m > 0.
  const s2 = longestSuffix(s, STEP2_KEYS);
  if (s2 && measure(s.slice(0, -s2.length)) > 0) s = s.slice(0, -s2.length) + STEP2[s2];
  const s3 = longestSuffix(s, STEP3_KEYS);
  if (s3 && measure(s.slice(0, -s3.length)) > 0) s = s.slice(0, -s3.length) + STEP3[s3];

  // Step 4: suffixes dropped when m > 1; -ion only after s or t.
  const s4 = longestSuffix(s, STEP4);
  if (s4) {
    if (measure(s.slice(0, -s4.length)) > 1) s = s.slice(0, -s4.length);
  } else if (s.length > 4 && s.endsWith('ion') && (s.charCodeAt(s.length - 4) === 115 || s.charCodeAt(s.length - 4) === 116)) {
    if (measure(s.slice(0, -3)) > 1) s = s.slice(0, -3);
  }

  // Step 5: a final e dropped when m > 1, or m = 1 and not cvc; ll → l when m > 1.
  if (s.length > 1 && s.endsWith('e')) {
    const stem = s.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !cvc(stem))) s = stem;
  }
  if (s.endsWith('ll') && measure(s) > 1) s = s.slice(0, -1);

  return initialY ? `y${s.slice(1)}` : s;
}
