// Interpreter one-liners judged by what they do: `python -c`, `node -e`, `perl -e`, `ruby -e`, `php -r`
// (and code fed to those interpreters on stdin) turned into equivalent shell actions the caller feeds back
// into the shell analysis: `shutil.rmtree('/')` → rm -rf /, `os.system(S)` → the script S,
// `open(T, 'w')` → tee T. A small lexer per language keeps string literals and comments out of the way
// (data is data); calls are then found in code tokens only and their literal arguments evaluated.
// Bounded work; never throws.

import { knownInterpolation } from './interpolation.js';
import { baseName } from './wrappers.js';

export type InterpreterLang = 'python' | 'node' | 'perl' | 'ruby' | 'php';

export interface InterpreterAction {
  /** The API call as written, e.g. "shutil.rmtree" — used in messages. */
  api: string;
  /** An equivalent simple command, e.g. ["rm", "-rf", "/"] */
  argv?: string[];
  /** Or a shell script the code runs, e.g. the string given to os.system */
  shell?: string;
}

export const UNKNOWN_TARGET = '<unknown>';

const MAX_CODE_BYTES = 64 * 1024;
const MAX_ACTIONS = 100;
/** Expression nesting evaluated (calls in arguments in calls …). */
const MAX_DEPTH = 16;
/** Interpolations inside interpolations lexed as code (f"{f'{x}'}"). */
const MAX_NESTED_LEX = 3;
const MAX_STREAMS = 256;
/** eval("…") inside eval("…"). */
const MAX_EVAL = 2;
/** Evaluation steps per statement, and for the whole analysis. */
const LOCAL_BUDGET = 2000;
const GLOBAL_BUDGET = 500_000;
/** Postfix operations followed in one chain (a.b(c).d …). */
const MAX_CHAIN = 4096;
/** Items kept from one list or argument list. */
const MAX_ITEMS = 256;

// ---------------------------------------------------------------------------------------------------------
// Which interpreter, and where its inline code is

const LANG_NAMES: ReadonlyArray<readonly [RegExp, InterpreterLang]> = [
  [/^(?:python|pypy)(?:\d+(?:\.\d+)*)?$/, 'python'],
  [/^(?:node|nodejs|bun|deno)$/, 'node'],
  [/^perl(?:\d+(?:\.\d+)*)?$/, 'perl'],
  [/^ruby(?:\d+(?:\.\d+)*)?$/, 'ruby'],
  [/^php(?:\d+(?:\.\d+)*)?$/, 'php'],
];

/** Language of a program basename: python, python3, python3.12, pypy3, node, nodejs, bun, deno, perl, perl5.36, ruby, ruby3.2, php, php8.2 … */
export function interpreterLang(program: string): InterpreterLang | undefined {
  if (typeof program !== 'string' || program.length > 256) return undefined;
  const name = baseName(program);
  for (const [re, lang] of LANG_NAMES) if (re.test(name)) return lang;
  return undefined;
}

/** The inline code of an argv (argv[0] = program basename); undefined for a script file or a bare REPL. */
export function interpreterCode(argv: readonly string[]): string | undefined {
  try {
    if (!Array.isArray(argv) || argv.length === 0 || typeof argv[0] !== 'string') return undefined;
    const args = argv.map((a) => String(a));
    const name = baseName(args[0] as string);
    switch (interpreterLang(name)) {
      case 'python':
        return pythonCode(args);
      case 'node':
        return name === 'deno' ? denoCode(args) : name === 'bun' ? bunCode(args) : nodeCode(args);
      case 'perl':
        return perlCode(args);
      case 'ruby':
        return rubyCode(args);
      case 'php':
        return phpCode(args);
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}

const isOctal = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '7';
const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9A-Fa-f]$/.test(c);

/** python [opts] -c CODE: -c takes the rest of its cluster (-cCODE) or the next word. */
function pythonCode(argv: string[]): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '-' || a === '--' || !a.startsWith('-')) return undefined;
    if (a.startsWith('--')) {
      if (a === '--check-hash-based-pycs') i++;
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const ch = a[k];
      if (ch === 'c') return k + 1 < a.length ? a.slice(k + 1) : argv[i + 1];
      if (ch === 'm') return undefined;
      if (ch === 'W' || ch === 'X') {
        if (k + 1 === a.length) i++;
        break;
      }
    }
  }
  return undefined;
}

const NODE_VALUE_OPTS = new Set([
  '-r', '--require', '--import', '--loader', '--experimental-loader', '-C', '--conditions', '--input-type', '--env-file',
  '--env-file-if-exists', '--title', '--inspect-port', '--debug-port', '--stack-size', '--redirect-warnings',
  '--openssl-config', '--icu-data-dir', '--diagnostic-dir', '--report-dir', '--report-directory', '--report-filename',
  '--cpu-prof-dir', '--cpu-prof-name', '--heap-prof-dir', '--heap-prof-name', '--test-reporter',
  '--test-reporter-destination', '--watch-path', '--experimental-policy', '--policy-integrity', '--disable-warning',
  '--unhandled-rejections', '--secure-heap', '--secure-heap-min', '--tls-cipher-list', '--dns-result-order',
  '--localstorage-file', '--experimental-config-file', '--test-name-pattern', '--test-skip-pattern',
]);

function jsEval(argv: string[], valueOpts: ReadonlySet<string>): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '-e' || a === '--eval' || a === '-p' || a === '--print' || a === '-pe' || a === '-ep') return argv[i + 1];
    if (a.startsWith('--eval=')) return a.slice(7);
    if (a.startsWith('--print=')) return a.slice(8);
    if (a === '-' || a === '--' || !a.startsWith('-')) return undefined;
    if (valueOpts.has(a)) i++;
  }
  return undefined;
}

function nodeCode(argv: string[]): string | undefined {
  return jsEval(argv, NODE_VALUE_OPTS);
}

const BUN_VALUE_OPTS = new Set([
  '-r', '--preload', '--cwd', '--env-file', '-c', '--config', '--tsconfig-override', '-d', '--define', '-l', '--loader',
  '--conditions', '--main-fields', '--port', '--install', '--jsx-factory', '--jsx-fragment', '--jsx-import-source',
  '--jsx-runtime', '--console-depth', '--max-http-header-size', '--dns-result-order', '--user-agent', '--elide-lines',
  '--filter', '-F',
]);

function bunCode(argv: string[]): string | undefined {
  return jsEval(argv, BUN_VALUE_OPTS);
}

const DENO_VALUE_OPTS = new Set(['-L', '--log-level', '--ext', '--import-map', '-c', '--config', '--location', '--seed', '--cert']);

/** deno [global opts] eval [opts] CODE */
function denoCode(argv: string[]): string | undefined {
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i] as string;
    if (!a.startsWith('-')) break;
    if (DENO_VALUE_OPTS.has(a)) i++;
  }
  if (argv[i] !== 'eval') return undefined;
  for (i++; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') return argv[i + 1];
    if (!a.startsWith('-')) return a;
    if (DENO_VALUE_OPTS.has(a)) i++;
  }
  return undefined;
}

/** perl switches: -e/-E CODE (repeatable, also in clusters such as -lne), switches taking the rest of a cluster. */
function perlCode(argv: string[]): string | undefined {
  const pieces: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--' || a === '-' || !a.startsWith('-')) break;
    if (a.startsWith('--')) continue;
    for (let k = 1; k < a.length; k++) {
      const ch = a[k] as string;
      if (ch === 'e' || ch === 'E') {
        if (k + 1 < a.length) pieces.push(a.slice(k + 1));
        else pieces.push(argv[++i] ?? '');
        break;
      }
      if (ch === '0') {
        if (a[k + 1] === 'x') {
          k++;
          while (isHex(a[k + 1])) k++;
        } else while (isOctal(a[k + 1])) k++;
        continue;
      }
      if (ch === 'l') {
        while (isOctal(a[k + 1])) k++;
        continue;
      }
      if (ch === 'C') {
        while (k + 1 < a.length && 'IOESioDALa0123456789'.includes(a[k + 1] as string)) k++;
        continue;
      }
      if (ch === 'I') {
        if (k + 1 === a.length) i++;
        break;
      }
      if ('iMmFxdDV'.includes(ch)) break;
    }
  }
  return pieces.length > 0 ? pieces.join('\n') : undefined;
}

const RUBY_VALUE_LONG = new Set(['--enable', '--disable', '--encoding', '--external-encoding', '--internal-encoding', '--dump', '--backtrace-limit', '--parser']);

/** ruby switches: -e CODE (repeatable, also in clusters such as -ne); -r/-I/-C/-E/-F/-K take a value. */
function rubyCode(argv: string[]): string | undefined {
  const pieces: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--' || a === '-' || !a.startsWith('-')) break;
    if (a.startsWith('--')) {
      if (RUBY_VALUE_LONG.has(a)) i++;
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const ch = a[k] as string;
      if (ch === 'e') {
        if (k + 1 < a.length) pieces.push(a.slice(k + 1));
        else pieces.push(argv[++i] ?? '');
        break;
      }
      if ('rICEFK'.includes(ch)) {
        if (k + 1 === a.length) i++;
        break;
      }
      if (ch === 'x' || ch === 'W' || ch === 'T' || ch === 'i') break;
      if (ch === '0') while (isOctal(a[k + 1])) k++;
    }
  }
  return pieces.length > 0 ? pieces.join('\n') : undefined;
}

const PHP_CODE_LONG = new Set(['--run', '--process-begin', '--process-code', '--process-end']);
const PHP_VALUE_LONG = new Set(['--php-ini', '--define', '--zend-extension', '--rf', '--rc', '--re', '--rz', '--ri']);

/** php -r CODE (and the -B/-R/-E per-line code); -f/-F run a file. */
function phpCode(argv: string[]): string | undefined {
  const pieces: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--' || a === '-' || !a.startsWith('-')) break;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a : a.slice(0, eq);
      if (name === '--file' || name === '--process-file') return undefined;
      if (PHP_CODE_LONG.has(name)) pieces.push(eq >= 0 ? a.slice(eq + 1) : (argv[++i] ?? ''));
      else if (PHP_VALUE_LONG.has(name) && eq < 0) i++;
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const ch = a[k] as string;
      if ('rBRE'.includes(ch)) {
        if (k + 1 < a.length) pieces.push(a.slice(k + 1));
        else pieces.push(argv[++i] ?? '');
        break;
      }
      if (ch === 'f' || ch === 'F') return undefined;
      if ('cdz'.includes(ch)) {
        if (k + 1 === a.length) i++;
        break;
      }
    }
  }
  return pieces.length > 0 ? pieces.join('\n') : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Lexer: code tokens, string values, comments dropped

type TokKind = 'id' | 'str' | 'cmd' | 'words' | 'num' | 'op' | 'nl' | 're';

interface Tok {
  k: TokKind;
  /** Identifier, operator, decoded string value or command text. */
  v: string;
  /** Offset in the analysed code (nested code keeps its outer offset). */
  pos: number;
  /** Interpolating string/command whose value is not known. */
  dyn?: boolean;
  /** Word-list literal items (qw(), %w[]). */
  items?: string[];
  /** JS template literal (a tag's argument). */
  tpl?: boolean;
  /** Whitespace precedes the token. */
  sp?: boolean;
  /** How a command token was written (`…`, qx, %x), for messages. */
  label?: string;
}

type Interp = 'single' | 'js' | 'ruby' | 'perl' | 'php';

const OPS: Record<InterpreterLang, readonly string[]> = {
  python: ['**=', '//=', '->', '**', '//', '==', '!=', '<=', '>=', ':=', '+=', '-=', '*=', '/='],
  node: ['...', '===', '!==', '**', '?.', '??', '=>', '==', '!=', '<=', '>=', '&&', '||', '+=', '-='],
  ruby: ['...', '**', '::', '&.', '=>', '==', '!=', '<=', '>=', '&&', '||', '+=', '-=', '=~', '..'],
  perl: ['...', '::', '->', '=>', '==', '!=', '<=', '>=', '&&', '||', '//', '.=', '+=', '-=', '=~', '!~', '..'],
  php: ['...', '?->', '::', '->', '=>', '===', '!==', '==', '!=', '<=', '>=', '&&', '||', '??', '.=', '+='],
};

/** Words after which `/` starts a regex (and `%` a ruby literal, `%h` a perl hash). */
const OPERAND_KEYWORDS = new Set([
  'return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await',
  'if', 'unless', 'while', 'until', 'and', 'or', 'not', 'when', 'split', 'grep', 'map', 'join', 'push', 'unshift',
  'print', 'keys', 'values', 'each', 'exists', 'defined', 'scalar', 'my', 'our', 'local', 'sort', 'puts', 'x',
]);

const PY_PREFIXES = new Set(['r', 'u', 'b', 'f', 'br', 'rb', 'fr', 'rf']);
const PERL_QUOTES = new Set(['q', 'qq', 'qw', 'qx', 'm', 'qr', 's', 'tr', 'y']);
const PERL_SPECIAL_VARS = '&`+!@/\\,.0<>_?~=-:|';
const OPENERS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '<': '>' };

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isLetter = (c: string | undefined): boolean => c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
const isIdStart = (c: string | undefined): boolean => c !== undefined && (isLetter(c) || c === '_' || c.charCodeAt(0) > 127);
const isIdChar = (c: string | undefined): boolean => isIdStart(c) || isDigit(c);
const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v';

/** Decode the backslash escape at src[j]: [text, length]. Python and PHP keep unknown escapes. */
function unescape(src: string, j: number, mode: 'python' | 'php' | 'other'): [string, number] {
  const e = src[j + 1];
  if (e === undefined) return ['\\', 1];
  switch (e) {
    case 'n':
      return ['\n', 2];
    case 't':
      return ['\t', 2];
    case 'r':
      return ['\r', 2];
    case '0':
      return ['\0', 2];
    case '\n':
      return ['', 2];
    case '\\':
    case "'":
    case '"':
      return [e, 2];
    case 'x':
      if (isHex(src[j + 2]) && isHex(src[j + 3])) return [String.fromCharCode(parseInt(src.slice(j + 2, j + 4), 16)), 4];
      break;
    case 'u':
      if (isHex(src[j + 2]) && isHex(src[j + 3]) && isHex(src[j + 4]) && isHex(src[j + 5])) {
        return [String.fromCharCode(parseInt(src.slice(j + 2, j + 6), 16)), 6];
      }
      break;
  }
  if (mode === 'other' || (mode === 'php' && (e === '$' || e === '`'))) return [e, 2];
  return [`\\${e}`, 2];
}

/** Index of the `}` closing an interpolation opened before `from` (skipping nested brackets and quotes). */
function skipBalanced(src: string, from: number, limit: number): number {
  let depth = 0;
  for (let j = from; j < limit; j++) {
    const ch = src[j];
    if (ch === '\\') {
      j++;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') {
      j++;
      while (j < limit && src[j] !== ch) j += src[j] === '\\' ? 2 : 1;
      continue;
    }
    if (ch === '{' || ch === '(' || ch === '[') depth++;
    else if (ch === '}' || ch === ')' || ch === ']') {
      if (depth > 0) depth--;
      else if (ch === '}') return j;
    }
  }
  return limit;
}

/** Remove the indentation common to the non-blank lines. */
function dedent(s: string): string {
  const lines = s.split('\n');
  let min = Infinity;
  for (const line of lines) {
    let k = 0;
    while (k < line.length && (line[k] === ' ' || line[k] === '\t')) k++;
    if (k < line.length) min = Math.min(min, k);
  }
  return min === Infinity || min === 0 ? s : lines.map((line) => line.slice(Math.min(min, line.length))).join('\n');
}

function splitWords(s: string): string[] {
  return s.split(/\s+/).filter((w) => w !== '').slice(0, MAX_ITEMS);
}

interface Heredoc {
  tok: Tok;
  id: string;
  /** Terminator may be indented (<<~, <<-, PHP). */
  indent: boolean;
  /** Common indentation is removed from the body (<<~, PHP). */
  dedent: boolean;
  interp: boolean;
  php: boolean;
}

interface Quoted {
  value: string;
  end: number;
  dyn: boolean;
}

class Lexer {
  private i = 0;
  private sp = false;
  private readonly toks: Tok[] = [];
  private pending: Heredoc[] = [];
  private readonly n: number;

  constructor(
    private readonly lang: InterpreterLang,
    private readonly src: string,
    private readonly base: number,
    private readonly depth: number,
    /** Token streams of interpolated code (f"{…}", `${…}`, "#{…}", s///e), filled as they are met. */
    private readonly streams: Tok[][],
  ) {
    this.n = src.length;
  }

  run(): Tok[] {
    if (this.lang === 'php') this.phpStart();
    while (this.i < this.n) this.next();
    return this.toks;
  }

  private next(): void {
    const { src, lang } = this;
    const c = src[this.i] as string;
    if (c === '\n') return this.newline();
    if (isSpace(c)) {
      this.i++;
      this.sp = true;
      return;
    }
    if (c === '\\' && src[this.i + 1] === '\n' && (lang === 'python' || lang === 'ruby')) {
      this.i += 2;
      this.sp = true;
      return;
    }
    if ((this.i === 0 || src[this.i - 1] === '\n') && this.lineDirective()) return;
    if (this.comment()) return;
    if (lang === 'php' && c === '?' && src[this.i + 1] === '>') return this.phpClose();
    if (this.literal()) return;
    if (this.word()) return;
    if (isDigit(c)) return this.number();
    this.op();
  }

  private push(t: Omit<Tok, 'pos' | 'sp'>, start: number): Tok {
    // One object shape for every token keeps property access monomorphic.
    const tok: Tok = { k: t.k, v: t.v, pos: this.base + start, dyn: t.dyn ?? false, items: t.items, tpl: t.tpl ?? false, sp: this.sp, label: t.label };
    this.toks.push(tok);
    this.sp = false;
    return tok;
  }

  private last(): Tok | undefined {
    return this.toks[this.toks.length - 1];
  }

  /** The previous token ends an operand (so `/` divides, `%` is modulo, `<<` shifts). */
  private operandBefore(): boolean {
    const p = this.last();
    if (!p || p.k === 'nl') return false;
    if (p.k === 'op') return p.v === ')' || p.v === ']' || p.v === '}';
    if (p.k === 'id') return !OPERAND_KEYWORDS.has(p.v);
    return true;
  }

  private newline(): void {
    const at = this.i++;
    if (this.pending.length > 0) this.heredocBodies();
    if (this.lang !== 'perl' && this.lang !== 'php') this.push({ k: 'nl', v: '\n' }, at);
    this.sp = true;
  }

  /** Ruby =begin…=end, Perl POD, __END__ / __DATA__: all data. */
  private lineDirective(): boolean {
    const { src, lang, i } = this;
    if (lang === 'ruby' && src.startsWith('=begin', i) && !isIdChar(src[i + 6])) {
      this.i = this.lineEndAfter('\n=end', i);
      return true;
    }
    if (lang === 'perl' && src[i] === '=' && isLetter(src[i + 1])) {
      this.i = this.lineEndAfter('\n=cut', i);
      return true;
    }
    if ((lang === 'ruby' || lang === 'perl') && src[i] === '_' && (src.startsWith('__END__', i) || src.startsWith('__DATA__', i))) {
      let e = src.indexOf('\n', i);
      if (e < 0) e = this.n;
      const w = src.slice(i, e).trim();
      if (w === '__END__' || (lang === 'perl' && w === '__DATA__')) {
        this.i = this.n;
        return true;
      }
    }
    return false;
  }

  /** End of the line holding the next `marker` after `from` (its newline is left to end the statement). */
  private lineEndAfter(marker: string, from: number): number {
    const at = this.src.indexOf(marker, from);
    if (at < 0) return this.n;
    const e = this.src.indexOf('\n', at + marker.length);
    return e < 0 ? this.n : e;
  }

  private comment(): boolean {
    const { src, lang, i } = this;
    const c = src[i];
    const nx = src[i + 1];
    const hash =
      c === '#' &&
      (lang === 'python' || lang === 'ruby' || lang === 'perl' || (lang === 'php' && nx !== '[') || (lang === 'node' && i === 0 && nx === '!'));
    const slashes = c === '/' && nx === '/' && (lang === 'node' || lang === 'php');
    if (hash || slashes) {
      let j = i;
      while (j < this.n && src[j] !== '\n' && !(lang === 'php' && src[j] === '?' && src[j + 1] === '>')) j++;
      this.i = j;
      this.sp = true;
      return true;
    }
    if (c === '/' && nx === '*' && (lang === 'node' || lang === 'php')) {
      const e = src.indexOf('*/', i + 2);
      this.i = e < 0 ? this.n : e + 2;
      this.sp = true;
      return true;
    }
    return false;
  }

  // --- PHP tags: code between <?php … ?>; text outside is output

  private phpStart(): void {
    let j = 0;
    while (j < this.n && (isSpace(this.src[j]) || this.src[j] === '\n')) j++;
    if (this.src.startsWith('<?', j)) this.i = this.afterOpenTag(j);
  }

  private afterOpenTag(at: number): number {
    if (this.src.startsWith('<?php', at)) return at + 5;
    if (this.src.startsWith('<?=', at)) return at + 3;
    return at + 2;
  }

  private phpClose(): void {
    this.push({ k: 'op', v: ';' }, this.i);
    const at = this.src.indexOf('<?', this.i + 2);
    this.i = at < 0 ? this.n : this.afterOpenTag(at);
    this.sp = true;
  }

  // --- literals

  private literal(): boolean {
    const { src, lang, i } = this;
    const c = src[i] as string;
    switch (lang) {
      case 'python':
        if (c !== '"' && c !== "'") return false;
        this.pyString(i, '');
        return true;
      case 'node':
        if (c === '"' || c === "'") {
          this.jsString(c);
          return true;
        }
        if (c === '`') return this.quote(i, i + 1, '`', undefined, 'js', 'str', undefined, true);
        return c === '/' && !this.operandBefore() && this.slashRegex();
      case 'ruby':
        if (c === "'") return this.quote(i, i + 1, "'", undefined, 'single', 'str');
        if (c === '"') return this.quote(i, i + 1, '"', undefined, 'ruby', 'str');
        if (c === '`') return this.quote(i, i + 1, '`', undefined, 'ruby', 'cmd', '`…`');
        if (c === '%') return this.rubyPercent();
        if (c === ':' && src[i - 1] !== ':' && !isIdChar(src[i - 1])) {
          if (src[i + 1] === '"') return this.quote(i, i + 2, '"', undefined, 'ruby', 'str');
          if (isIdStart(src[i + 1])) return this.rubySymbol();
        }
        if (c === '/' && this.regexAllowed()) return this.slashRegex();
        return c === '<' && src[i + 1] === '<' && this.heredoc();
      case 'perl':
        if (c === "'") return this.quote(i, i + 1, "'", undefined, 'single', 'str');
        if (c === '"') return this.quote(i, i + 1, '"', undefined, 'perl', 'str');
        if (c === '`') return this.quote(i, i + 1, '`', undefined, 'perl', 'cmd', '`…`');
        if (c === '/' && this.regexAllowed()) return this.slashRegex();
        return c === '<' && src[i + 1] === '<' && this.heredoc();
      case 'php':
        if (c === "'") return this.quote(i, i + 1, "'", undefined, 'single', 'str');
        if (c === '"') return this.quote(i, i + 1, '"', undefined, 'php', 'str');
        if (c === '`') return this.quote(i, i + 1, '`', undefined, 'php', 'cmd', '`…`');
        return src.startsWith('<<<', i) && this.heredoc();
    }
  }

  /** Ruby/Perl: `/` after an operator, or `word /re/` (space before, none after). */
  private regexAllowed(): boolean {
    if (!this.operandBefore()) return true;
    const p = this.last();
    return p?.k === 'id' && this.sp && !isSpace(this.src[this.i + 1]) && !p.v.startsWith('$') && !p.v.startsWith('@');
  }

  private pyString(start: number, prefix: string): void {
    const { src, n } = this;
    const q = src[this.i] as string;
    const q3 = q + q + q;
    const triple = src.startsWith(q3, this.i);
    const lower = prefix.toLowerCase();
    const raw = lower.includes('r');
    const fmt = lower.includes('f');
    let j = this.i + (triple ? 3 : 1);
    let out = '';
    let dyn = false;
    while (j < n) {
      const ch = src[j] as string;
      if (ch === q && (!triple || src.startsWith(q3, j))) {
        j += triple ? 3 : 1;
        break;
      }
      if (ch === '\n' && !triple) break;
      if (ch === '\\') {
        if (raw) {
          out += src.slice(j, j + 2);
          j += 2;
        } else {
          const [s, len] = unescape(src, j, 'python');
          out += s;
          j += len;
        }
        continue;
      }
      if (fmt && ch === '{') {
        if (src[j + 1] === '{') {
          out += '{';
          j += 2;
          continue;
        }
        const e = skipBalanced(src, j + 1, n);
        const known = knownInterpolation('python', src.slice(j + 1, e));
        if (known !== undefined) out += known;
        else {
          this.nested(j + 1, e);
          dyn = true;
        }
        j = e + 1;
        continue;
      }
      if (fmt && ch === '}' && src[j + 1] === '}') {
        out += '}';
        j += 2;
        continue;
      }
      out += ch;
      j++;
    }
    this.i = Math.min(j, n);
    this.push({ k: 'str', v: out, dyn }, start);
  }

  private jsString(q: string): void {
    const { src, n } = this;
    const start = this.i;
    let j = start + 1;
    let out = '';
    while (j < n && src[j] !== q && src[j] !== '\n') {
      if (src[j] === '\\') {
        const [s, len] = unescape(src, j, 'other');
        out += s;
        j += len;
        continue;
      }
      out += src[j];
      j++;
    }
    this.i = src[j] === q ? j + 1 : j;
    this.push({ k: 'str', v: out }, start);
  }

  /** A quoted literal from `from` up to the unescaped `close` (nesting `open`); pushes its token. */
  private quote(start: number, from: number, close: string, open: string | undefined, mode: Interp, kind: TokKind, label?: string, tpl?: boolean): boolean {
    const r = mode === 'single' ? this.readSingle(from, close, open) : this.readDouble(from, close, open, mode, this.n);
    this.i = r.end;
    if (kind === 're') while (this.i < this.n && isLetter(this.src[this.i])) this.i++;
    if (kind === 'words') this.push({ k: 'words', v: r.value, items: splitWords(r.value), dyn: r.dyn }, start);
    else this.push({ k: kind, v: r.value, dyn: r.dyn, label, tpl }, start);
    return true;
  }

  /** Single-quote semantics: only \\ and an escaped delimiter are escapes. */
  private readSingle(from: number, close: string, open: string | undefined): Quoted {
    const { src, n } = this;
    let out = '';
    let depth = 0;
    let j = from;
    while (j < n) {
      const ch = src[j] as string;
      if (ch === '\\' && j + 1 < n) {
        const nx = src[j + 1] as string;
        out += nx === close || nx === '\\' || nx === open ? nx : ch + nx;
        j += 2;
        continue;
      }
      if (open !== undefined && ch === open) depth++;
      else if (ch === close) {
        if (depth === 0) return { value: out, end: j + 1, dyn: false };
        depth--;
      }
      out += ch;
      j++;
    }
    return { value: out, end: n, dyn: false };
  }

  /** Double-quote semantics: escapes decoded, interpolation makes the value unknown (its code is lexed). */
  private readDouble(from: number, close: string | undefined, open: string | undefined, mode: Interp, limit: number): Quoted {
    const { src } = this;
    let out = '';
    let depth = 0;
    let dyn = false;
    let j = from;
    while (j < limit) {
      const ch = src[j] as string;
      if (ch === '\\' && j + 1 < limit) {
        const [s, len] = unescape(src, j, mode === 'php' ? 'php' : 'other');
        out += s;
        j += len;
        continue;
      }
      if (close !== undefined) {
        if (open !== undefined && ch === open) depth++;
        else if (ch === close) {
          if (depth === 0) return { value: out, end: j + 1, dyn };
          depth--;
        }
      }
      const nx = src[j + 1];
      if ((mode === 'ruby' && ch === '#' && nx === '{') || (mode === 'js' && ch === '$' && nx === '{')) {
        const e = skipBalanced(src, j + 2, limit);
        const known = knownInterpolation(mode, src.slice(j + 2, e));
        if (known !== undefined) out += known;
        else {
          this.nested(j + 2, e);
          dyn = true;
        }
        j = Math.min(e + 1, limit);
        continue;
      }
      // Perl "$ENV{HOME}/x": the variable as `$HOME` text, like an $ENV{HOME} outside a string (env()).
      const envRef = mode === 'perl' && ch === '$' ? /^\$ENV\{'?([A-Za-z_]\w{0,63})'?\}/.exec(src.slice(j, Math.min(j + 72, limit))) : null;
      if (envRef) {
        out += `$${envRef[1]}`;
        j += envRef[0].length;
        continue;
      }
      if (mode === 'ruby' && ch === '#' && (nx === '@' || nx === '$')) dyn = true;
      if (mode === 'perl' && (ch === '$' || ch === '@') && (isIdChar(nx) || nx === '{' || nx === ':' || (ch === '$' && nx === '$'))) dyn = true;
      if (mode === 'php' && ((ch === '$' && (isIdStart(nx) || nx === '{')) || (ch === '{' && nx === '$'))) dyn = true;
      out += ch;
      j++;
    }
    return { value: out, end: limit, dyn };
  }

  private slashRegex(): boolean {
    const { src, n } = this;
    const start = this.i;
    let j = start + 1;
    let inClass = false;
    while (j < n) {
      const ch = src[j];
      if (ch === '\\') {
        j += 2;
        continue;
      }
      if (ch === '\n' && this.lang === 'node') return false;
      if (inClass) {
        if (ch === ']') inClass = false;
      } else if (ch === '[') inClass = true;
      else if (ch === '/') break;
      j++;
    }
    if (j >= n) return false;
    j++;
    while (j < n && isLetter(src[j])) j++;
    this.i = j;
    this.push({ k: 're', v: '' }, start);
    return true;
  }

  private rubySymbol(): boolean {
    const start = this.i;
    let j = start + 1;
    while (isIdChar(this.src[j])) j++;
    if (this.src[j] === '?' || this.src[j] === '!') j++;
    this.i = j;
    this.push({ k: 'str', v: this.src.slice(start + 1, j) }, start);
    return true;
  }

  /** Ruby %q() %Q() %() %w[] %i[] %x() %r{} %s(), where an operand is expected. */
  private rubyPercent(): boolean {
    const { src } = this;
    const start = this.i;
    let type = src[start + 1] ?? '';
    let d = start + 1;
    if (type !== '' && 'qQwWiIxrs'.includes(type)) d++;
    else type = '';
    const delim = src[d];
    if (delim === undefined || isIdChar(delim) || isSpace(delim) || delim === '\n' || delim === '=') return false;
    if (type === '' && !'([{<|!/^'.includes(delim)) return false;
    const p = this.last();
    const wanted = !this.operandBefore() || (p?.k === 'id' && this.sp && !isSpace(src[start + 1]));
    if (!wanted) return false;
    const close = OPENERS[delim] ?? delim;
    const open = OPENERS[delim] !== undefined ? delim : undefined;
    switch (type) {
      case 'q':
      case 's':
        return this.quote(start, d + 1, close, open, 'single', 'str');
      case 'w':
      case 'i':
        return this.quote(start, d + 1, close, open, 'single', 'words');
      case 'W':
      case 'I':
        return this.quote(start, d + 1, close, open, 'ruby', 'words');
      case 'x':
        return this.quote(start, d + 1, close, open, 'ruby', 'cmd', '%x');
      case 'r':
        return this.quote(start, d + 1, close, open, 'ruby', 're');
      default:
        return this.quote(start, d + 1, close, open, 'ruby', 'str');
    }
  }

  /** <<ID / <<"ID" / <<'ID' / <<~ID (Perl, Ruby), <<<ID / <<<'ID' (PHP): the body follows the line. */
  private heredoc(): boolean {
    const { src, lang } = this;
    const start = this.i;
    const php = lang === 'php';
    let j = start + (php ? 3 : 2);
    let indent = php;
    const dedent = php || src[j] === '~';
    if (php) while (src[j] === ' ' || src[j] === '\t') j++;
    else if (src[j] === '~' || (lang === 'ruby' && src[j] === '-')) {
      indent = true;
      j++;
    }
    const q = src[j];
    let id: string;
    if (q === '"' || q === "'" || (q === '`' && !php)) {
      let e = j + 1;
      while (e < this.n && e - j <= 64 && src[e] !== q && src[e] !== '\n') e++;
      if (src[e] !== q) return false;
      id = src.slice(j + 1, e);
      j = e + 1;
    } else if (isIdStart(q)) {
      let e = j;
      while (isIdChar(src[e])) e++;
      id = src.slice(j, e);
      j = e;
    } else return false;
    if (id === '') return false;
    if (lang === 'ruby' && !this.sp && this.operandBefore()) return false;
    const cmd = q === '`';
    const tok = this.push({ k: cmd ? 'cmd' : 'str', v: '', label: cmd ? '`…`' : undefined }, start);
    this.pending.push({ tok, id, indent, dedent, interp: q !== "'", php });
    this.i = j;
    return true;
  }

  private heredocBodies(): void {
    const { src, n } = this;
    const list = this.pending;
    this.pending = [];
    let phpLast = false;
    for (const h of list) {
      const from = this.i;
      let bodyEnd = n;
      let resume = n;
      for (let line = from; line < n; ) {
        let e = src.indexOf('\n', line);
        if (e < 0) e = n;
        let s = line;
        if (h.indent) while (s < e && (src[s] === ' ' || src[s] === '\t')) s++;
        let t = e;
        if (t > s && src[t - 1] === '\r') t--;
        const found = h.php ? src.startsWith(h.id, s) && !isIdChar(src[s + h.id.length]) : t - s === h.id.length && src.startsWith(h.id, s);
        if (found) {
          bodyEnd = line;
          resume = h.php ? s + h.id.length : Math.min(e + 1, n);
          break;
        }
        line = e + 1;
      }
      this.fill(h, from, bodyEnd > from && src[bodyEnd - 1] === '\n' ? bodyEnd - 1 : bodyEnd);
      this.i = resume;
      phpLast = h.php;
    }
    // Perl/Ruby: the terminator line's newline ends the statement that opened the heredoc.
    if (!phpLast && this.i > 0 && this.i <= n && src[this.i - 1] === '\n') this.i--;
  }

  private fill(h: Heredoc, from: number, to: number): void {
    if (h.interp) {
      const r = this.readDouble(from, undefined, undefined, this.lang === 'ruby' ? 'ruby' : this.lang === 'php' ? 'php' : 'perl', to);
      h.tok.v = r.value;
      h.tok.dyn = r.dyn;
    } else h.tok.v = this.src.slice(from, to);
    if (h.dedent) h.tok.v = dedent(h.tok.v);
  }

  /** Lex interpolated code as its own token stream. */
  private nested(from: number, to: number): void {
    if (this.depth >= MAX_NESTED_LEX || this.streams.length >= MAX_STREAMS || to <= from) return;
    const sub = new Lexer(this.lang, this.src.slice(from, to), this.base + from, this.depth + 1, this.streams);
    this.streams.push(sub.run());
  }

  // --- words

  private word(): boolean {
    const { src, lang } = this;
    const start = this.i;
    const c = src[start] as string;
    if (lang === 'perl' && (c === '$' || c === '@' || c === '%' || c === '&')) return this.perlVar();
    if (lang === 'ruby' && (c === '@' || c === '$')) return this.rubyVar();
    if (lang === 'php' && c === '$') {
      let j = start + 1;
      while (isIdChar(src[j])) j++;
      if (j === start + 1) return false;
      this.i = j;
      this.push({ k: 'id', v: src.slice(start, j) }, start);
      return true;
    }
    const nameStart = lang === 'php' && c === '\\' && isIdStart(src[start + 1]) ? start + 1 : start;
    const idChar = (ch: string | undefined): boolean => isIdChar(ch) || (lang === 'node' && ch === '$');
    if (!(isIdStart(src[nameStart]) || (lang === 'node' && c === '$'))) return false;
    let j = nameStart + 1;
    while (j < this.n && idChar(src[j])) j++;
    if (lang === 'perl') {
      while (src.startsWith('::', j) && isIdStart(src[j + 2])) {
        j += 2;
        while (isIdChar(src[j])) j++;
      }
    }
    if (lang === 'php') {
      while (src[j] === '\\' && isIdStart(src[j + 1])) {
        j++;
        while (isIdChar(src[j])) j++;
      }
    }
    if (lang === 'ruby' && (src[j] === '?' || src[j] === '!') && src[j + 1] !== '=') j++;
    const w = src.slice(nameStart, j);
    if (lang === 'python' && PY_PREFIXES.has(w.toLowerCase()) && (src[j] === '"' || src[j] === "'")) {
      this.i = j;
      this.pyString(start, w);
      return true;
    }
    if (lang === 'perl' && PERL_QUOTES.has(w) && this.perlQuote(w, start, j)) return true;
    this.i = j;
    this.push({ k: 'id', v: w }, start);
    return true;
  }

  private perlVar(): boolean {
    const { src } = this;
    const start = this.i;
    const c = src[start];
    const nx = src[start + 1];
    let j = start + 1;
    const name = (): void => {
      while (isIdChar(src[j])) j++;
      while (src.startsWith('::', j)) {
        j += 2;
        while (isIdChar(src[j])) j++;
      }
    };
    if (c === '$') {
      if (nx === '#') {
        j++;
        if (src[j] !== '$' && src[j] !== '{') name();
      } else if (isIdStart(nx) || (nx === ':' && src[start + 2] === ':')) name();
      else if (isDigit(nx)) while (isDigit(src[j])) j++;
      else if (nx === '^' && isLetter(src[start + 2])) j += 2;
      else if (nx !== undefined && PERL_SPECIAL_VARS.includes(nx)) j++;
    } else if (c === '@') {
      if (isIdStart(nx) || nx === ':') name();
      else if (nx !== '$' && nx !== '{') return false;
    } else {
      if (this.operandBefore()) return false;
      if (isIdStart(nx) || (nx === ':' && src[start + 2] === ':')) name();
      else if (c === '%' && (nx === '$' || nx === '{')) {
        // %$ref, %{…}: the sigil alone
      } else return false;
    }
    this.i = j;
    this.push({ k: 'id', v: src.slice(start, j) }, start);
    return true;
  }

  private rubyVar(): boolean {
    const { src } = this;
    const start = this.i;
    let j = start + 1;
    if (src[start] === '@') {
      if (src[j] === '@') j++;
      if (!isIdStart(src[j])) return false;
      while (isIdChar(src[j])) j++;
    } else if (isIdStart(src[j])) while (isIdChar(src[j])) j++;
    else if (src[j] !== undefined && !isSpace(src[j]) && src[j] !== '\n') j++;
    else return false;
    this.i = j;
    this.push({ k: 'id', v: src.slice(start, j) }, start);
    return true;
  }

  /** q qq qw qx m qr s tr y with their delimiters. */
  private perlQuote(w: string, start: number, after: number): boolean {
    const { src } = this;
    const p = this.last();
    if ((p?.k === 'op' && p.v === '->') || src[start - 1] === '-') return false;
    let d = after;
    while (src[d] === ' ' || src[d] === '\t') d++;
    const delim = src[d];
    if (delim === undefined || isIdChar(delim) || isSpace(delim) || delim === '\n' || ',;)]}>='.includes(delim) || (delim === '#' && d !== after)) {
      return false;
    }
    const close = OPENERS[delim] ?? delim;
    const open = OPENERS[delim] !== undefined ? delim : undefined;
    switch (w) {
      case 'q':
        return this.quote(start, d + 1, close, open, 'single', 'str');
      case 'qq':
        return this.quote(start, d + 1, close, open, delim === "'" ? 'single' : 'perl', 'str');
      case 'qw':
        return this.quote(start, d + 1, close, open, 'single', 'words');
      case 'qx':
        return this.quote(start, d + 1, close, open, delim === "'" ? 'single' : 'perl', 'cmd', 'qx');
      case 'm':
      case 'qr':
        return this.quote(start, d + 1, close, open, 'single', 're');
      default:
        return this.substitution(w, start, d, close, open);
    }
  }

  /** s/…/…/ tr/…/…/ y/…/…/ (bracketed: s{…}{…}); the replacement of s///e is code. */
  private substitution(w: string, start: number, d: number, close: string, open: string | undefined): boolean {
    const { src, n } = this;
    const first = this.readSingle(d + 1, close, open);
    let replFrom = first.end;
    let repl: Quoted;
    if (open !== undefined) {
      let k = first.end;
      while (k < n && (isSpace(src[k]) || src[k] === '\n')) k++;
      const d2 = src[k] ?? '';
      replFrom = k + 1;
      repl = d2 === '' ? { value: '', end: n, dyn: false } : this.readSingle(k + 1, OPENERS[d2] ?? d2, OPENERS[d2] !== undefined ? d2 : undefined);
    } else repl = this.readSingle(first.end, close, undefined);
    let j = repl.end;
    const flagsFrom = j;
    while (j < n && isLetter(src[j])) j++;
    if (w === 's' && src.slice(flagsFrom, j).includes('e')) this.nested(replFrom, repl.end - 1);
    this.i = j;
    this.push({ k: 're', v: '' }, start);
    return true;
  }

  private number(): void {
    const { src } = this;
    const start = this.i;
    let j = start + 1;
    while (j < this.n && (isIdChar(src[j]) || (src[j] === '.' && isDigit(src[j + 1])))) j++;
    this.i = j;
    this.push({ k: 'num', v: src.slice(start, j) }, start);
  }

  private op(): void {
    const start = this.i;
    for (const o of OPS[this.lang]) {
      if (this.src.startsWith(o, start)) {
        this.i += o.length;
        this.push({ k: 'op', v: o }, start);
        return;
      }
    }
    this.i++;
    this.push({ k: 'op', v: this.src[start] as string }, start);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Token streams ready for evaluation: newlines inside brackets dropped, brackets matched

interface Stream {
  toks: Tok[];
  /** Index of the matching bracket, or -1. */
  match: Int32Array;
  /** Index of the innermost bracket open around each token, or -1. */
  parent: Int32Array;
}

const BRACKETS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };
const isOpen = (t: Tok | undefined): boolean => t?.k === 'op' && (t.v === '(' || t.v === '[' || t.v === '{');
const isOp = (t: Tok | undefined, v: string): boolean => t?.k === 'op' && t.v === v;
/** A line ending after one of these continues on the next line. */
const CONTINUES = new Set([',', '=', '+', '-', '*', '/', '.', '&&', '||', '=>', '->', '::', '?', '?.', '&.', '??', '+=', '.=', '|', '&', '(', '[', '{']);

function prepare(lang: InterpreterLang, raw: readonly Tok[]): Stream {
  const toks: Tok[] = [];
  const stack: string[] = [];
  for (const t of raw) {
    if (t.k === 'nl') {
      const top = stack[stack.length - 1];
      const prev = toks[toks.length - 1];
      if (!prev || prev.k === 'nl' || top === '(' || top === '[' || (top === '{' && lang === 'python') || (prev.k === 'op' && CONTINUES.has(prev.v))) continue;
    } else if (t.k === 'op') {
      if (BRACKETS[t.v] !== undefined) stack.push(t.v);
      else if ((t.v === ')' || t.v === ']' || t.v === '}') && stack.length > 0 && BRACKETS[stack[stack.length - 1] as string] === t.v) stack.pop();
      // A line starting with `.method` continues the previous one.
      if ((t.v === '.' || t.v === '?.' || t.v === '&.') && lang !== 'python' && toks[toks.length - 1]?.k === 'nl') toks.pop();
    }
    toks.push(t);
  }
  const match = new Int32Array(toks.length).fill(-1);
  const parent = new Int32Array(toks.length).fill(-1);
  const open: number[] = [];
  toks.forEach((t, j) => {
    parent[j] = open[open.length - 1] ?? -1;
    if (t.k !== 'op') return;
    if (BRACKETS[t.v] !== undefined) open.push(j);
    else if (t.v === ')' || t.v === ']' || t.v === '}') {
      const o = open[open.length - 1];
      if (o !== undefined && BRACKETS[(toks[o] as Tok).v] === t.v) {
        open.pop();
        match[o] = j;
        match[j] = o;
      }
    }
  });
  return { toks, match, parent };
}

// ---------------------------------------------------------------------------------------------------------
// Values

type Val =
  | { k: 'str'; s: string }
  | { k: 'num'; s: string }
  /** A path object (pathlib.Path, Pathname); s may be UNKNOWN_TARGET. */
  | { k: 'path'; s: string }
  | { k: 'unk' }
  | { k: 'bool'; b: boolean }
  | { k: 'list'; items: Val[]; spread?: boolean }
  | { k: 'obj'; props: Map<string, Val> }
  /** A module, function or attribute by dotted name after aliases: "os.path.join", "fs.rmSync". */
  | { k: 'ref'; name: string }
  /** A method of a value that is not a module (Path(…).unlink). */
  | { k: 'meth'; recv: Val; name: string };

const UNK: Val = { k: 'unk' };
const str = (s: string): Val => ({ k: 'str', s });
const path = (s: string): Val => ({ k: 'path', s });
const ref = (name: string): Val => ({ k: 'ref', name });
const bool = (b: boolean): Val => ({ k: 'bool', b });

function env(name: string): Val {
  return name.length <= 64 && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? str(`$${name}`) : UNK;
}

const envOf = (v: Val | undefined): Val => (v?.k === 'str' ? env(v.s) : UNK);

function text(v: Val | undefined): string {
  return v !== undefined && (v.k === 'str' || v.k === 'num' || v.k === 'path') ? v.s : UNKNOWN_TARGET;
}

function scalar(v: Val): string | undefined {
  return v.k === 'str' || v.k === 'num' ? v.s : undefined;
}

function asText(v: Val | undefined): Val {
  const t = text(v);
  return t === UNKNOWN_TARGET ? UNK : str(t);
}

const toPath = (v: Val | undefined): Val => path(text(v));

function flat(vals: readonly Val[], depth = 0): Val[] {
  const out: Val[] = [];
  for (const v of vals) {
    if (v.k === 'list' && depth < 3) out.push(...flat(v.items, depth + 1));
    else out.push(v);
    if (out.length >= MAX_ITEMS) break;
  }
  return out;
}

function trimSlashesEnd(s: string): string {
  let e = s.length;
  while (e > 0 && s[e - 1] === '/') e--;
  return s.slice(0, e);
}

function trimSlashesStart(s: string): string {
  let b = 0;
  while (b < s.length && s[b] === '/') b++;
  return s.slice(b);
}

/** Join path parts with "/"; `reset`: an absolute part starts over (os.path.join, pathlib). */
function joinParts(parts: readonly string[], reset: boolean): string {
  let out = parts[0] ?? '';
  for (const p of parts.slice(1)) {
    if (p === '') continue;
    if (reset && p.startsWith('/')) out = p;
    else if (out === '') out = p;
    else out = `${trimSlashesEnd(out)}/${trimSlashesStart(p)}`;
  }
  return out;
}

function joinAll(vals: readonly Val[], reset: boolean): Val {
  const parts = vals.map(text);
  if (parts.length === 0 || parts.includes(UNKNOWN_TARGET)) return UNK;
  return str(joinParts(parts, reset));
}

function pathJoin(base: Val, parts: readonly Val[]): Val {
  const all = [text(base), ...parts.map(text)];
  return path(all.includes(UNKNOWN_TARGET) ? UNKNOWN_TARGET : joinParts(all, true));
}

function joinWith(items: readonly Val[], sep: string): Val {
  const parts = flat(items).map(scalar);
  if (parts.length >= MAX_ITEMS || parts.some((p) => p === undefined)) return UNK;
  return str(parts.join(sep));
}

/** str.split(sep) (no separator: on whitespace). */
function splitVal(r: Val, sep: Val | undefined): Val {
  if (r.k !== 'str') return UNK;
  if (sep === undefined) return { k: 'list', items: splitWords(r.s).map(str) };
  if (sep.k !== 'str' || sep.s === '') return UNK;
  return { k: 'list', items: r.s.split(sep.s).slice(0, MAX_ITEMS).map(str) };
}

const OR_OPS = new Set(['||', '??', '//']);

function binary(op: string, l: Val, r: Val, lang: InterpreterLang): Val {
  if (OR_OPS.has(op)) return l.k === 'str' && l.s !== '' ? l : UNK;
  if (op === '/') return l.k === 'path' ? pathJoin(l, [r]) : UNK;
  if (l.k === 'list' && r.k === 'list' && lang !== 'perl' && lang !== 'php') return { k: 'list', items: [...l.items, ...r.items].slice(0, MAX_ITEMS) };
  if (l.k === 'path' && lang === 'ruby') return pathJoin(l, [r]);
  const a = scalar(l);
  const b = scalar(r);
  return a !== undefined && b !== undefined ? str(a + b) : UNK;
}

function canonModule(m: string): string {
  let s = m.startsWith('node:') ? m.slice(5) : m;
  if (s === 'fs-extra' || s === 'graceful-fs' || s === 'original-fs') s = 'fs';
  if (s === 'bun') return 'Bun';
  return s.split('/').join('.');
}

function lastName(name: string): string {
  const dot = name.lastIndexOf('.');
  const colons = name.lastIndexOf('::');
  return name.slice(Math.max(dot + 1, colons >= 0 ? colons + 2 : 0));
}

// ---------------------------------------------------------------------------------------------------------
// Calls and what they mean, per language

interface Arg {
  /** Keyword argument (python kw=, ruby/php name:, `'k' => v`). */
  name?: string;
  v: Val;
  /** A function literal (callback), not a value. */
  fn: boolean;
  /** Where the argument is written, to read its flag constants (os.O_WRONLY) when needed. */
  span?: { toks: readonly Tok[]; from: number; to: number };
}

interface Call {
  args: Arg[];
  pos: Val[];
  named: Map<string, Val>;
  /** Receiver of a method call (Path(…).unlink()). */
  recv?: Val;
}

type Out = { argv: string[] } | { shell: string } | { code: string } | undefined;
type Handler = (c: Call) => Out;
type ValueFn = (c: Call) => Val;
type MethodValue = (recv: Val, c: Call) => Val;

function makeCall(args: Arg[], recv?: Val): Call {
  const pos: Val[] = [];
  const named = new Map<string, Val>();
  for (const a of args) {
    if (a.name !== undefined) named.set(a.name, a.v);
    else if (a.v.k === 'list' && a.v.spread) pos.push(...a.v.items.slice(0, MAX_ITEMS));
    else pos.push(a.v);
  }
  return { args, pos, named, recv };
}

function first(c: Call, ...names: string[]): Val | undefined {
  if (c.pos[0]) return c.pos[0];
  for (const n of names) {
    const v = c.named.get(n);
    if (v) return v;
  }
  return undefined;
}

const one = (c: Call, ...names: string[]): string[] => [text(first(c, ...names))];

/** Deletion targets: lists flattened, option hashes and numeric flags dropped. */
function targets(vals: readonly Val[]): string[] {
  const ts = flat(vals)
    .filter((v) => v.k !== 'num' && v.k !== 'bool' && v.k !== 'obj')
    .map(text);
  return ts.length > 0 ? ts : [UNKNOWN_TARGET];
}

/** prefix + targets, with `--` when a target could be read as an option. */
function withTargets(prefix: string[], ts: string[]): string[] {
  return ts.some((t) => t.startsWith('-')) ? [...prefix, '--', ...ts] : [...prefix, ...ts];
}

const rmrf = (ts: string[]): Out => ({ argv: withTargets(['rm', '-rf'], ts) });
const rm = (ts: string[]): Out => ({ argv: withTargets(['rm'], ts) });
const rmdir = (ts: string[]): Out => ({ argv: withTargets(['rmdir'], ts) });
const tee = (ts: string[]): Out => ({ argv: withTargets(['tee'], ts) });
const shell = (v: Val | undefined): Out => ({ shell: v?.k === 'str' ? v.s : UNKNOWN_TARGET });
/** (source, destination) calls as the command they amount to: a link, move or copy writes its destination
 * (os.symlink(X, audit_file) is `ln -s X audit_file`). */
const pair =
  (prefix: string[], names: [string, string] = ['src', 'dst']): Handler =>
  (c) =>
    ({ argv: withTargets(prefix, [text(c.pos[0] ?? c.named.get(names[0])), text(c.pos[1] ?? c.named.get(names[1]))]) });
const evalOf = (v: Val | undefined): Out => (v?.k === 'str' ? { code: v.s } : undefined);

function argvOf(vals: readonly Val[]): Out {
  const words = flat(vals)
    .filter((v) => v.k !== 'obj')
    .map(text);
  return { argv: words.length > 0 ? words : [UNKNOWN_TARGET] };
}

/** Does an open mode write? No mode: the default (read); an unknown mode: assume it writes. */
function writes(mode: Val | undefined, chars: string): boolean {
  if (!mode) return false;
  if (mode.k !== 'str') return true;
  for (const ch of chars) if (mode.s.includes(ch)) return true;
  return false;
}

const WRITE_FLAGS = ['WRONLY', 'RDWR', 'CREAT', 'TRUNC', 'APPEND'];

/** open(2)-style flags (os.open, sysopen, fs.openSync): written with constants, a mode string or a number. */
function flagsWrite(a: Arg | undefined): boolean {
  if (!a) return false;
  if (a.v.k === 'str') return writes(a.v, 'wax+');
  if (a.v.k === 'num') return a.v.s !== '0';
  const ids: string[] = [];
  if (a.span) for (let j = a.span.from; j < a.span.to && j < a.span.from + 64; j++) if (a.span.toks[j]?.k === 'id') ids.push((a.span.toks[j] as Tok).v);
  if (ids.some((id) => WRITE_FLAGS.some((f) => id.endsWith(f)))) return true;
  return !ids.some((id) => id.endsWith('RDONLY'));
}

/** Node `{ recursive: true }`: options we cannot see are assumed recursive; a callback is not options. */
function recursive(a: Arg | undefined): boolean {
  if (!a || a.fn) return false;
  const v = a.v;
  if (v.k === 'obj') {
    const r = v.props.get('recursive');
    return r !== undefined && !(r.k === 'bool' && !r.b) && !(r.k === 'num' && r.s === '0');
  }
  return v.k === 'unk' || v.k === 'ref';
}

const truthy = (v: Val | undefined): boolean => v !== undefined && !(v.k === 'bool' && !v.b) && !(v.k === 'num' && v.s === '0');

function each<T>(names: readonly string[], v: T): Record<string, T> {
  return Object.fromEntries(names.map((n) => [n, v]));
}

function table<T>(o: Record<string, T>): ReadonlyMap<string, T> {
  return new Map(Object.entries(o));
}

interface LangSpec {
  /** Member access operators. */
  connectors: ReadonlySet<string>;
  /** String concatenation operators. */
  concat: ReadonlySet<string>;
  actions: ReadonlyMap<string, Handler>;
  values: ReadonlyMap<string, ValueFn>;
  /** Actions of methods on values (Path(T).unlink()). */
  methods: ReadonlyMap<string, Handler>;
  methodValues: ReadonlyMap<string, MethodValue>;
  /** Method actions distinctive enough to apply to a receiver we cannot evaluate (p.write_text()). */
  loose: ReadonlySet<string>;
  /** Distinctive function names matched whatever object they are called on → canonical action. */
  distinctive: ReadonlyMap<string, string>;
  /** Environment containers: os.environ, process.env, ENV, $ENV, $_SERVER. */
  envRefs: ReadonlySet<string>;
  /** process.env.HOME (member access reads a variable). */
  envMember: boolean;
  /** Names that are values without a call (ruby Dir.home). */
  nullary: ReadonlyMap<string, Val>;
  /** Conventional aliases when the code does not bind the name (fsp → fs.promises). */
  defaults: ReadonlyMap<string, string>;
  consts: ReadonlyMap<string, Val>;
  /** Keywords before an operand (new, await, my …). */
  prefix: ReadonlySet<string>;
  /** A name after these is being defined, not called (def, function, sub). */
  definers: ReadonlySet<string>;
  /** Calls without parentheses (ruby, perl). */
  parenless: boolean;
  /** Words ending a parenthesis-less argument list. */
  stops: ReadonlySet<string>;
  /** Parenthesis-less calls that act with no argument (perl `unlink;` works on $_). */
  noArgs: ReadonlySet<string>;
  caseless: boolean;
  canon: (name: string) => string;
}

// --- python

const pyOpen: Handler = (c) => (writes(c.pos[1] ?? c.named.get('mode'), 'wax+') ? tee(one(c, 'file')) : undefined);

const pySubprocess: Handler = (c) => {
  const v = first(c, 'args');
  const viaShell = truthy(c.named.get('shell'));
  if (v?.k === 'list') return viaShell ? shell(v.items[0]) : argvOf(v.items);
  return shell(v);
};

const argvListAt =
  (n: number): Handler =>
  (c) => {
    const v = c.pos[n];
    return v?.k === 'list' ? argvOf(v.items) : argvOf([c.pos[n - 1] ?? UNK]);
  };

const PYTHON: LangSpec = {
  connectors: new Set(['.']),
  concat: new Set(['+']),
  actions: table<Handler>({
    'shutil.rmtree': (c) => rmrf(one(c, 'path')),
    ...each<Handler>(['os.remove', 'os.unlink'], (c) => rm(one(c, 'path'))),
    'os.rmdir': (c) => rmdir(one(c, 'path')),
    'os.removedirs': (c) => rmdir(one(c, 'name')),
    ...each(['open', 'io.open', 'codecs.open'], pyOpen),
    'os.open': (c) => (flagsWrite(c.args[1]) ? tee(one(c, 'path')) : undefined),
    ...each(['os.symlink', 'os.link'], pair(['ln', '-s'])),
    ...each(['os.rename', 'os.replace', 'os.renames', 'shutil.move'], pair(['mv'])),
    ...each(['shutil.copy', 'shutil.copy2', 'shutil.copyfile', 'shutil.copytree'], pair(['cp', '-r'])),
    'os.system': (c) => shell(first(c, 'command')),
    ...each<Handler>(
      ['os.popen', 'subprocess.getoutput', 'subprocess.getstatusoutput', 'commands.getoutput', 'commands.getstatusoutput', 'asyncio.create_subprocess_shell'],
      (c) => shell(first(c, 'cmd')),
    ),
    ...each(['subprocess.run', 'subprocess.call', 'subprocess.check_call', 'subprocess.check_output', 'subprocess.Popen'], pySubprocess),
    ...each(['os.execv', 'os.execve', 'os.execvp', 'os.execvpe', 'os.posix_spawn', 'os.posix_spawnp'], argvListAt(1)),
    ...each(['os.spawnv', 'os.spawnve', 'os.spawnvp', 'os.spawnvpe'], argvListAt(2)),
    ...each<Handler>(['os.execl', 'os.execle', 'os.execlp', 'os.execlpe'], (c) => argvOf(c.pos.length > 1 ? c.pos.slice(1) : c.pos)),
    ...each<Handler>(['os.spawnl', 'os.spawnle', 'os.spawnlp', 'os.spawnlpe'], (c) => argvOf(c.pos.slice(2))),
    'asyncio.create_subprocess_exec': (c) => argvOf(c.pos),
    'pty.spawn': (c) => argvOf([c.pos[0] ?? UNK]),
    ...each<Handler>(['exec', 'eval'], (c) => evalOf(c.pos[0])),
  }),
  values: table<ValueFn>({
    'os.path.join': (c) => joinAll(c.pos, true),
    ...each<ValueFn>(
      ['os.path.expanduser', 'os.path.abspath', 'os.path.realpath', 'os.path.normpath', 'os.path.expandvars', 'os.fspath', 'os.fsdecode', 'str'],
      (c) => asText(c.pos[0]),
    ),
    ...each<ValueFn>(['os.getenv', 'os.environ.get'], (c) => envOf(c.pos[0])),
    'os.getcwd': () => str('.'),
    'shlex.split': (c) => {
      const v = c.pos[0];
      return v?.k === 'str' && !/['"\\]/.test(v.s) ? splitVal(v, undefined) : UNK;
    },
    ...each<ValueFn>(['pathlib.Path', 'pathlib.PosixPath', 'pathlib.PurePath', 'pathlib.PurePosixPath'], (c) =>
      c.pos.length === 0 ? path('.') : toPath(joinAll(c.pos, true)),
    ),
    ...each<ValueFn>(['pathlib.Path.home', 'pathlib.PosixPath.home'], () => path('~')),
    ...each<ValueFn>(['pathlib.Path.cwd', 'pathlib.PosixPath.cwd'], () => path('.')),
    __import__: (c) => (c.pos[0]?.k === 'str' ? ref(c.pos[0].s.split('.')[0] as string) : UNK),
    'importlib.import_module': (c) => (c.pos[0]?.k === 'str' ? ref(c.pos[0].s) : UNK),
    getattr: (c) => {
      const [o, a] = c.pos;
      return o?.k === 'ref' && a?.k === 'str' ? ref(`${o.name}.${a.s}`) : UNK;
    },
  }),
  methods: table<Handler>({
    unlink: (c) => rm([text(c.recv)]),
    rmdir: (c) => rmdir([text(c.recv)]),
    ...each<Handler>(['write_text', 'write_bytes'], (c) => tee([text(c.recv)])),
    open: (c) => (writes(c.pos[0] ?? c.named.get('mode'), 'wax+') ? tee([text(c.recv)]) : undefined),
  }),
  methodValues: table<MethodValue>({
    ...each<MethodValue>(['expanduser', 'resolve', 'absolute', 'expandvars'], (r) => (r.k === 'path' ? r : UNK)),
    joinpath: (r, c) => (r.k === 'path' ? pathJoin(r, c.pos) : UNK),
    join: (r, c) => (r.k === 'str' && c.pos[0]?.k === 'list' ? joinWith(c.pos[0].items, r.s) : UNK),
    split: (r, c) => splitVal(r, first(c, 'sep')),
  }),
  loose: new Set(['unlink', 'rmdir', 'write_text', 'write_bytes']),
  distinctive: table({
    rmtree: 'shutil.rmtree',
    removedirs: 'os.removedirs',
    check_output: 'subprocess.check_output',
    check_call: 'subprocess.check_call',
    Popen: 'subprocess.Popen',
  }),
  envRefs: new Set(['os.environ']),
  envMember: false,
  nullary: new Map(),
  defaults: table({ Path: 'pathlib.Path', PosixPath: 'pathlib.PosixPath' }),
  consts: table({ True: bool(true), False: bool(false), None: UNK }),
  prefix: new Set(['await', 'not']),
  definers: new Set(['def', 'class']),
  parenless: false,
  stops: new Set(),
  noArgs: new Set(),
  caseless: false,
  canon: (n) => n,
};

// --- node, deno, bun

const nodeRm =
  (dirOnly: boolean): Handler =>
  (c) =>
    recursive(c.args[1]) ? rmrf(one(c)) : dirOnly ? rmdir(one(c)) : rm(one(c));

const nodeSpawn: Handler = (c) => {
  const [prog, second, third] = c.pos;
  const list = second?.k === 'list' ? second.items : second !== undefined && second.k !== 'obj' ? [UNK] : [];
  const opts = second?.k === 'obj' ? second : third?.k === 'obj' ? third : undefined;
  if (truthy(opts?.props.get('shell'))) {
    const parts = [prog ?? UNK, ...list].map(text);
    return { shell: parts.includes(UNKNOWN_TARGET) ? UNKNOWN_TARGET : parts.join(' ') };
  }
  return argvOf([prog ?? UNK, ...list]);
};

const NODE: LangSpec = {
  connectors: new Set(['.', '?.']),
  concat: new Set(['+']),
  actions: table<Handler>({
    ...each(['fs.rmSync', 'fs.rm', 'Deno.remove', 'Deno.removeSync'], nodeRm(false)),
    ...each(['fs.rmdirSync', 'fs.rmdir'], nodeRm(true)),
    ...each<Handler>(['fs.unlinkSync', 'fs.unlink'], (c) => rm(one(c))),
    ...each<Handler>(['fs.remove', 'fs.removeSync'], (c) => rmrf(one(c))),
    ...each<Handler>(['fs.emptyDir', 'fs.emptyDirSync'], (c) => {
      const t = text(c.pos[0]);
      return rmrf([t === UNKNOWN_TARGET ? t : `${trimSlashesEnd(t)}/*`]);
    }),
    ...each<Handler>(
      [
        'fs.writeFileSync', 'fs.writeFile', 'fs.appendFileSync', 'fs.appendFile', 'fs.createWriteStream', 'fs.truncateSync', 'fs.truncate',
        'fs.outputFile', 'fs.outputFileSync', 'fs.writeJson', 'fs.writeJsonSync', 'fs.outputJson', 'fs.outputJsonSync',
        'Deno.writeTextFile', 'Deno.writeTextFileSync', 'Deno.writeFile', 'Deno.writeFileSync', 'Deno.truncate', 'Deno.truncateSync', 'Bun.write',
      ],
      (c) => tee(one(c)),
    ),
    ...each(['fs.symlinkSync', 'fs.symlink', 'fs.linkSync', 'fs.link', 'Deno.symlink', 'Deno.symlinkSync'], pair(['ln', '-s'])),
    ...each(['fs.renameSync', 'fs.rename', 'fs.moveSync', 'fs.move', 'Deno.rename', 'Deno.renameSync'], pair(['mv'])),
    ...each(['fs.copyFileSync', 'fs.copyFile', 'fs.cpSync', 'fs.cp', 'fs.copySync', 'fs.copy', 'Deno.copyFile', 'Deno.copyFileSync'], pair(['cp', '-r'])),
    ...each<Handler>(['fs.openSync', 'fs.open'], (c) => {
      const m = c.args[1];
      return m !== undefined && !m.fn && writes(m.v, 'wa+') ? tee(one(c)) : undefined;
    }),
    ...each<Handler>(['child_process.execSync', 'child_process.exec'], (c) => shell(c.pos[0])),
    ...each(['child_process.spawnSync', 'child_process.spawn', 'child_process.execFileSync', 'child_process.execFile'], nodeSpawn),
    'Deno.Command': (c) => {
      const o = c.pos[1];
      const a = o?.k === 'obj' ? o.props.get('args') : undefined;
      return argvOf([c.pos[0] ?? UNK, ...(a === undefined ? [] : a.k === 'list' ? a.items : [UNK])]);
    },
    'Deno.run': (c) => {
      const o = c.pos[0];
      const cmd = o?.k === 'obj' ? o.props.get('cmd') : undefined;
      return argvOf(cmd?.k === 'list' ? cmd.items : [UNK]);
    },
    ...each<Handler>(['Bun.spawn', 'Bun.spawnSync'], (c) => {
      const v = c.pos[0];
      const cmd = v?.k === 'obj' ? v.props.get('cmd') : v;
      return argvOf(cmd?.k === 'list' ? cmd.items : [cmd ?? UNK]);
    }),
    ...each<Handler>(['Bun.$', 'zx.$'], (c) => shell(c.pos[0])),
    ...each<Handler>(['eval', 'vm.runInThisContext', 'vm.runInNewContext', 'vm.Script'], (c) => evalOf(c.pos[0])),
    Function: (c) => evalOf(c.pos[c.pos.length - 1]),
  }),
  values: table<ValueFn>({
    ...each<ValueFn>(['require', 'import'], (c) => (c.pos[0]?.k === 'str' ? ref(canonModule(c.pos[0].s)) : UNK)),
    ...each<ValueFn>(['path.join', 'path.posix.join'], (c) => joinAll(c.pos, false)),
    ...each<ValueFn>(['path.resolve', 'path.posix.resolve'], (c) => joinAll(c.pos, true)),
    ...each<ValueFn>(['path.normalize', 'path.posix.normalize', 'String'], (c) => asText(c.pos[0])),
    'os.homedir': () => str('~'),
    ...each<ValueFn>(['process.cwd', 'Deno.cwd'], () => str('.')),
    ...each<ValueFn>(['Deno.env.get', 'Bun.env.get'], (c) => envOf(c.pos[0])),
    'util.promisify': (c) => (c.pos[0]?.k === 'ref' ? c.pos[0] : UNK),
  }),
  methods: new Map(),
  methodValues: table<MethodValue>({
    join: (r, c) => (r.k === 'list' ? joinWith(r.items, c.pos[0]?.k === 'str' ? c.pos[0].s : ',') : UNK),
    toString: (r: Val) => (r.k === 'str' ? r : UNK),
    split: (r, c) => splitVal(r, c.pos[0]),
  }),
  loose: new Set(),
  distinctive: table({
    rmSync: 'fs.rmSync',
    rmdirSync: 'fs.rmdirSync',
    unlinkSync: 'fs.unlinkSync',
    writeFileSync: 'fs.writeFileSync',
    appendFileSync: 'fs.appendFileSync',
    symlinkSync: 'fs.symlinkSync',
    renameSync: 'fs.renameSync',
    copyFileSync: 'fs.copyFileSync',
    removeSync: 'fs.removeSync',
    emptyDirSync: 'fs.emptyDirSync',
    outputFileSync: 'fs.outputFileSync',
    execSync: 'child_process.execSync',
    spawnSync: 'child_process.spawnSync',
    execFileSync: 'child_process.execFileSync',
  }),
  envRefs: new Set(['process.env', 'Bun.env']),
  envMember: true,
  nullary: new Map(),
  defaults: table({ fsp: 'fs.promises', cp: 'child_process', childProcess: 'child_process', fse: 'fs' }),
  consts: table({ true: bool(true), false: bool(false), null: UNK, undefined: UNK }),
  prefix: new Set(['new', 'await', 'void', 'typeof']),
  definers: new Set(['function', 'class']),
  parenless: false,
  stops: new Set(),
  noArgs: new Set(),
  caseless: false,
  canon: (n) => {
    const s = n.startsWith('globalThis.') ? n.slice(11) : n;
    return s.startsWith('fs.promises.') ? `fs.${s.slice(12)}` : s;
  },
};

// --- ruby

const rubyOpenFile: Handler = (c) => (writes(c.pos[1] ?? c.named.get('mode'), 'wa+') ? tee(one(c)) : undefined);

/** system/exec/spawn: one string → a shell script; several words (or [cmd, argv0]) → argv. */
const rubySystem: Handler = (c) => {
  const vals = c.pos.filter((v) => v.k !== 'obj');
  const [head, ...rest] = vals;
  if (head === undefined) return shell(undefined);
  if (rest.length === 0) return head.k === 'list' ? argvOf(head.items.slice(0, 1)) : shell(head);
  return argvOf([head.k === 'list' ? (head.items[0] ?? UNK) : head, ...rest]);
};

const FILEUTILS_RMRF = ['rm_rf', 'rm_r', 'remove_dir', 'remove_entry', 'remove_entry_secure', 'rmtree'];

const RUBY: LangSpec = {
  connectors: new Set(['.', '&.', '::']),
  concat: new Set(['+']),
  actions: table<Handler>({
    ...each<Handler>(
      FILEUTILS_RMRF.map((f) => `FileUtils.${f}`),
      (c) => rmrf(targets(c.pos)),
    ),
    ...each<Handler>(['FileUtils.rm', 'FileUtils.remove', 'FileUtils.remove_file', 'FileUtils.safe_unlink', 'File.delete', 'File.unlink'], (c) =>
      rm(targets(c.pos)),
    ),
    'FileUtils.rm_f': (c) => ({ argv: withTargets(['rm', '-f'], targets(c.pos)) }),
    ...each<Handler>(['FileUtils.rmdir', 'Dir.delete', 'Dir.rmdir', 'Dir.unlink'], (c) => rmdir(targets(c.pos))),
    ...each<Handler>(['File.write', 'File.binwrite', 'IO.write', 'IO.binwrite'], (c) => tee(one(c))),
    ...each(['File.symlink', 'File.link', 'FileUtils.ln_s', 'FileUtils.ln_sf', 'FileUtils.ln', 'FileUtils.symlink'], pair(['ln', '-s'])),
    ...each(['File.rename', 'FileUtils.mv', 'FileUtils.move'], pair(['mv'])),
    ...each(['FileUtils.cp', 'FileUtils.cp_r', 'FileUtils.copy', 'FileUtils.copy_file', 'FileUtils.install'], pair(['cp', '-r'])),
    ...each(['File.open', 'File.new'], rubyOpenFile),
    ...each<Handler>(['open', 'Kernel.open'], (c) => {
      const p = c.pos[0];
      return p?.k === 'str' && p.s.startsWith('|') ? shell(str(p.s.slice(1))) : rubyOpenFile(c);
    }),
    ...each(
      [
        'system', 'exec', 'spawn', 'Kernel.system', 'Kernel.exec', 'Kernel.spawn', 'Process.spawn', 'Process.exec',
        'Open3.capture2', 'Open3.capture2e', 'Open3.capture3', 'Open3.popen2', 'Open3.popen2e', 'Open3.popen3', 'PTY.spawn',
      ],
      rubySystem,
    ),
    'IO.popen': (c) => {
      const v = c.pos.find((x) => x.k !== 'obj');
      if (v?.k === 'list') return argvOf(v.items);
      return v?.k === 'str' && v.s === '-' ? undefined : shell(v);
    },
    ...each<Handler>(['eval', 'Kernel.eval', 'instance_eval', 'class_eval', 'module_eval'], (c) => evalOf(c.pos[0])),
  }),
  values: table<ValueFn>({
    'File.join': (c) => joinAll(flat(c.pos), false),
    ...each<ValueFn>(['File.expand_path', 'File.absolute_path'], (c) => (c.pos[1] ? joinAll([c.pos[1], c.pos[0] ?? UNK], true) : asText(c.pos[0]))),
    'File.realpath': (c) => asText(c.pos[0]),
    'Dir.home': () => str('~'),
    ...each<ValueFn>(['Dir.pwd', 'Dir.getwd'], () => str('.')),
    'ENV.fetch': (c) => envOf(c.pos[0]),
    ...each<ValueFn>(['Pathname.new', 'Pathname', 'Kernel.Pathname'], (c) => toPath(c.pos[0])),
    ...each<ValueFn>(['Pathname.pwd', 'Pathname.getwd'], () => path('.')),
  }),
  methods: table<Handler>({
    rmtree: (c) => rmrf([text(c.recv)]),
    ...each<Handler>(['delete', 'unlink'], (c) => rm([text(c.recv)])),
    rmdir: (c) => rmdir([text(c.recv)]),
    ...each<Handler>(['write', 'binwrite'], (c) => tee([text(c.recv)])),
    open: (c) => (writes(c.pos[0] ?? c.named.get('mode'), 'wa+') ? tee([text(c.recv)]) : undefined),
  }),
  methodValues: table<MethodValue>({
    join: (r, c) => (r.k === 'path' ? pathJoin(r, c.pos) : r.k === 'list' ? joinWith(r.items, c.pos[0]?.k === 'str' ? c.pos[0].s : '') : UNK),
    ...each<MethodValue>(['expand_path', 'to_s', 'to_path', 'cleanpath'], (r) => (r.k === 'path' || r.k === 'str' ? r : UNK)),
    split: (r, c) => splitVal(r, c.pos[0]),
  }),
  loose: new Set(['rmtree']),
  distinctive: table({
    ...Object.fromEntries(FILEUTILS_RMRF.map((f) => [f, `FileUtils.${f}`])),
    safe_unlink: 'FileUtils.safe_unlink',
  }),
  envRefs: new Set(['ENV']),
  envMember: false,
  nullary: table({ 'Dir.home': str('~'), 'Dir.pwd': str('.'), 'Pathname.pwd': path('.') }),
  defaults: new Map(),
  consts: table({ true: bool(true), false: bool(false), nil: UNK }),
  prefix: new Set(['not', 'defined?']),
  definers: new Set(['def', 'class', 'module', 'alias']),
  parenless: true,
  stops: new Set(['if', 'unless', 'while', 'until', 'and', 'or', 'not', 'do', 'then', 'end', 'rescue', 'ensure', 'else', 'elsif', 'when', 'in']),
  noArgs: new Set(),
  caseless: false,
  canon: (n) => {
    for (const sub of ['Verbose', 'NoWrite', 'DryRun']) {
      const p = `FileUtils.${sub}`;
      if (n === p) return 'FileUtils';
      if (n.startsWith(`${p}.`)) return `FileUtils${n.slice(p.length)}`;
    }
    return n;
  },
};

// --- perl

/** open(FH, MODE, TARGET…) or the two-argument open(FH, ">file") / open(FH, "cmd |"). */
const perlOpen: Handler = (c) => {
  const [, m, ...rest] = c.pos;
  if (c.pos.length >= 3) {
    if (m?.k !== 'str') return tee([text(rest[0])]);
    const mode = m.s.trim();
    if (mode.startsWith('-|') || mode.startsWith('|-')) return rest.length === 1 ? shell(rest[0]) : argvOf(rest);
    return mode.startsWith('>') || mode.startsWith('+') ? tee([text(rest[0])]) : undefined;
  }
  if (m?.k !== 'str') return undefined;
  const spec = m.s.trim();
  if (spec.startsWith('|')) return { shell: spec.slice(1).trim() };
  if (spec.endsWith('|')) return { shell: spec.slice(0, -1).trim() };
  if (!spec.startsWith('>') && !spec.startsWith('+')) return undefined;
  let k = 0;
  while (k < spec.length && (spec[k] === '>' || spec[k] === '+' || spec[k] === '<')) k++;
  return tee([spec.slice(k).trim()]);
};

const perlSystem: Handler = (c) => {
  const vals = flat(c.pos);
  if (vals.length === 1) return shell(vals[0]);
  return vals.length > 0 ? argvOf(vals) : shell(undefined);
};

const PERL: LangSpec = {
  connectors: new Set(['->']),
  concat: new Set(['.']),
  actions: table<Handler>({
    ...each<Handler>(['rmtree', 'remove_tree', 'File::Path::rmtree', 'File::Path::remove_tree'], (c) => rmrf(targets(c.pos))),
    unlink: (c) => rm(targets(c.pos)),
    rmdir: (c) => rmdir(one(c)),
    open: perlOpen,
    ...each(['symlink', 'link'], pair(['ln', '-s'])),
    ...each(['rename', 'move', 'File::Copy::move'], pair(['mv'])),
    ...each(['copy', 'File::Copy::copy'], pair(['cp', '-r'])),
    sysopen: (c) => (flagsWrite(c.args[2]) ? tee([text(c.pos[1])]) : undefined),
    ...each(['system', 'exec'], perlSystem),
    readpipe: (c) => shell(c.pos[0]),
    eval: (c) => evalOf(c.pos[0]),
  }),
  values: table<ValueFn>({
    ...each<ValueFn>(['File::Spec.catfile', 'File::Spec.catdir'], (c) => joinAll(c.pos, false)),
    join: (c) => (c.pos[0]?.k === 'str' ? joinWith(c.pos.slice(1), c.pos[0].s) : UNK),
    ...each<ValueFn>(['getcwd', 'cwd', 'Cwd::getcwd', 'Cwd::cwd'], () => str('.')),
  }),
  methods: new Map(),
  methodValues: new Map(),
  loose: new Set(),
  distinctive: table({ rmtree: 'rmtree', remove_tree: 'remove_tree' }),
  envRefs: new Set(['$ENV']),
  envMember: false,
  nullary: new Map(),
  defaults: new Map(),
  consts: new Map(),
  prefix: new Set(['my', 'our', 'local', 'state']),
  definers: new Set(['sub', 'package']),
  parenless: true,
  stops: new Set(['if', 'unless', 'while', 'until', 'and', 'or', 'not', 'xor', 'for', 'foreach']),
  noArgs: new Set(['unlink', 'rmdir']),
  caseless: false,
  canon: (n) => {
    let s = n.startsWith('&') ? n.slice(1) : n;
    if (s.startsWith('CORE::GLOBAL::')) s = s.slice(14);
    else if (s.startsWith('CORE::')) s = s.slice(6);
    return s;
  },
};

// --- php

const PHP: LangSpec = {
  connectors: new Set(['->', '?->', '::']),
  concat: new Set(['.']),
  actions: table<Handler>({
    unlink: (c) => rm(one(c, 'filename')),
    rmdir: (c) => rmdir(one(c, 'directory')),
    file_put_contents: (c) => tee(one(c, 'filename')),
    fopen: (c) => (writes(c.pos[1] ?? c.named.get('mode'), 'waxc+') ? tee(one(c, 'filename')) : undefined),
    ...each<Handler>(['system', 'exec', 'shell_exec', 'passthru', 'popen'], (c) => shell(first(c, 'command'))),
    proc_open: (c) => {
      const v = first(c, 'command');
      return v?.k === 'list' ? argvOf(v.items) : shell(v);
    },
    pcntl_exec: (c) => argvOf([c.pos[0] ?? UNK, ...(c.pos[1]?.k === 'list' ? c.pos[1].items : [])]),
    eval: (c) => evalOf(c.pos[0]),
  }),
  values: table<ValueFn>({
    getenv: (c) => envOf(c.pos[0]),
    getcwd: () => str('.'),
    realpath: (c) => asText(c.pos[0]),
    array: (c) => ({ k: 'list', items: c.pos.slice(0, MAX_ITEMS) }),
    implode: (c) => (c.pos[0]?.k === 'str' && c.pos[1]?.k === 'list' ? joinWith(c.pos[1].items, c.pos[0].s) : UNK),
  }),
  methods: new Map(),
  methodValues: new Map(),
  loose: new Set(),
  distinctive: new Map(),
  envRefs: new Set(['$_server', '$_env']),
  envMember: false,
  nullary: new Map(),
  defaults: new Map(),
  consts: table({ true: bool(true), false: bool(false), null: UNK }),
  prefix: new Set(['new', 'clone']),
  definers: new Set(['function', 'fn', 'class']),
  parenless: false,
  stops: new Set(),
  noArgs: new Set(),
  caseless: true,
  canon: (n) => {
    const l = n.toLowerCase();
    return l.slice(l.lastIndexOf('\\') + 1);
  },
};

const SPECS: Readonly<Record<InterpreterLang, LangSpec>> = { python: PYTHON, node: NODE, ruby: RUBY, perl: PERL, php: PHP };

/** Functions that take a function without calling it. */
const NOT_CALLING = new Set(['promisify', 'callable', 'print', 'log', 'error', 'repr', 'str', 'type', 'id', 'hasattr', 'isinstance', 'deprecate', 'inspect', 'dir', 'help', 'getattr']);
/** Calls naming the function they call. */
const REDIRECTS = new Set(['send', 'public_send', '__send__', 'call_user_func', 'call_user_func_array', 'array_map']);
/** Words starting a function literal (an argument that is a callback, not options). */
const FUNCTION_WORDS = new Set(['function', 'async', 'lambda', 'proc', 'sub', 'fn']);
const DECLARATIONS = new Set(['const', 'let', 'var']);
/** Prefix operators before an operand. */
const PREFIX_OPS = new Set(['\\', '-', '+', '!', '~', '*', '**', '...', '&']);

// ---------------------------------------------------------------------------------------------------------
// Evaluation: aliases, then calls found in code tokens

interface Found {
  pos: number;
  action: InterpreterAction;
}

interface Ctx {
  lang: InterpreterLang;
  spec: LangSpec;
  aliases: Map<string, string>;
  /** Modules imported whole (`from os import *`, ruby `include FileUtils`). */
  stars: string[];
  box: { budget: number };
  found: Found[];
  evalDepth: number;
}

type Target = { value: ValueFn } | { action: Handler; recv?: Val };

interface Chain {
  v: Val;
  end: number;
  /** The chain ended with a call. */
  called: boolean;
  /** The chain ended with a member access (`x.rmtree`: a call in Ruby). */
  member: boolean;
}

class Analyzer {
  private local = 0;
  private readonly fired = new Set<number>();
  private readonly toks: Tok[];
  private readonly match: Int32Array;
  private readonly parent: Int32Array;
  private readonly spec: LangSpec;
  private readonly lang: InterpreterLang;

  constructor(
    private readonly ctx: Ctx,
    stream: Stream,
  ) {
    this.toks = stream.toks;
    this.match = stream.match;
    this.parent = stream.parent;
    this.spec = ctx.spec;
    this.lang = ctx.lang;
  }

  private step(): boolean {
    if (this.local <= 0 || this.ctx.box.budget <= 0) return false;
    this.local--;
    this.ctx.box.budget--;
    return true;
  }

  /** Index of the bracket closing the one at j, or hi when it is not closed before hi. */
  private close(j: number, hi: number): number {
    const m = this.match[j] ?? -1;
    return m > j && m < hi ? m : hi;
  }

  private emit(pos: number, action: InterpreterAction): void {
    if (this.ctx.found.length < MAX_ACTIONS) this.ctx.found.push({ pos, action });
  }

  // --- aliases: imports and assignments of modules/functions

  bind(): void {
    const { toks, lang } = this;
    for (let i = 0; i < toks.length; i++) {
      const t = toks[i] as Tok;
      if (t.k !== 'id') continue;
      const prev = toks[i - 1];
      const atStart = !prev || prev.k === 'nl' || (prev.k === 'op' && (prev.v === ';' || prev.v === '{' || prev.v === '}' || (lang === 'python' && prev.v === ':')));
      if (!atStart) continue;
      this.local = LOCAL_BUDGET;
      const nx = toks[i + 1];
      if (lang === 'python' && t.v === 'import') i = Math.max(i, this.pyImport(i + 1));
      else if (lang === 'python' && t.v === 'from') i = Math.max(i, this.pyFrom(i + 1));
      else if (lang === 'node' && t.v === 'import' && !isOp(nx, '(') && !isOp(nx, '.')) i = Math.max(i, this.jsImport(i + 1));
      else if (lang === 'node' && DECLARATIONS.has(t.v)) i = Math.max(i, this.jsDeclare(i + 1));
      else if (lang === 'ruby' && (t.v === 'include' || t.v === 'extend')) {
        const v = this.full(i + 1, this.rhsEnd(i + 1, false), 0);
        if (v.k === 'ref') this.star(this.spec.canon(v.name));
      } else if (isOp(nx, '=') && lang !== 'perl' && lang !== 'php') this.assign(t.v, i + 2, this.rhsEnd(i + 2, false));
    }
  }

  private alias(name: string, target: string): void {
    if (name !== target && this.ctx.aliases.size < 512) this.ctx.aliases.set(name, target);
  }

  private star(module: string): void {
    if (!this.ctx.stars.includes(module) && this.ctx.stars.length < 16) this.ctx.stars.push(module);
  }

  /** End of an assignment's right-hand side: newline, `;` (or `,` between JS declarators) at depth 0. */
  private rhsEnd(from: number, commaEnds: boolean): number {
    const { toks } = this;
    let j = from;
    for (let steps = 0; j < toks.length && steps < 128; steps++) {
      const t = toks[j] as Tok;
      if (t.k === 'nl' || isOp(t, ';') || (commaEnds && isOp(t, ','))) break;
      if (t.k === 'op' && (t.v === ')' || t.v === ']' || t.v === '}')) break;
      j = isOpen(t) ? this.close(j, toks.length) + 1 : j + 1;
    }
    return Math.min(j, toks.length);
  }

  private assign(name: string, from: number, to: number): void {
    const v = this.full(from, to, 0);
    if (v.k === 'ref') this.alias(name, v.name);
  }

  private dotted(j: number): [string, number] {
    const { toks } = this;
    let s = '';
    while (isOp(toks[j], '.')) j++;
    while (toks[j]?.k === 'id' && s.length < 200) {
      s += (s ? '.' : '') + (toks[j] as Tok).v;
      j++;
      if (isOp(toks[j], '.') && toks[j + 1]?.k === 'id') j++;
      else break;
    }
    return [s, j];
  }

  /** import a.b [as c], d */
  private pyImport(j: number): number {
    const { toks } = this;
    while (j < toks.length) {
      const [mod, k] = this.dotted(j);
      if (!mod) return j;
      j = k;
      if (toks[j]?.v === 'as' && toks[j + 1]?.k === 'id') {
        this.alias((toks[j + 1] as Tok).v, mod);
        j += 2;
      }
      if (!isOp(toks[j], ',')) break;
      j++;
    }
    return j - 1;
  }

  /** from m import a [as b], c / from m import (a, b) / from m import * */
  private pyFrom(j: number): number {
    const { toks } = this;
    const [mod, k] = this.dotted(j);
    if (!mod || toks[k]?.k !== 'id' || (toks[k] as Tok).v !== 'import') return k - 1;
    j = k + 1;
    if (isOp(toks[j], '*')) {
      this.star(mod);
      return j;
    }
    if (isOp(toks[j], '(')) j++;
    while (toks[j]?.k === 'id') {
      const name = (toks[j] as Tok).v;
      j++;
      let as = name;
      if (toks[j]?.v === 'as' && toks[j + 1]?.k === 'id') {
        as = (toks[j + 1] as Tok).v;
        j += 2;
      }
      this.alias(as, `${mod}.${name}`);
      if (!isOp(toks[j], ',')) break;
      j++;
    }
    return j - 1;
  }

  /** import x from 'm' / import * as x from 'm' / import { a, b as c } from 'm' / import x = require('m') */
  private jsImport(j: number): number {
    const { toks } = this;
    const binds: Array<[string, string | undefined]> = [];
    if (toks[j]?.k === 'id' && (toks[j] as Tok).v !== 'from') {
      const local = (toks[j] as Tok).v;
      j++;
      if (isOp(toks[j], '=')) {
        const end = this.rhsEnd(j + 1, false);
        this.assign(local, j + 1, end);
        return end;
      }
      binds.push([local, undefined]);
      if (isOp(toks[j], ',')) j++;
    }
    if (isOp(toks[j], '*') && toks[j + 1]?.v === 'as' && toks[j + 2]?.k === 'id') {
      binds.push([(toks[j + 2] as Tok).v, undefined]);
      j += 3;
    }
    if (isOp(toks[j], '{')) {
      const e = this.close(j, toks.length);
      for (const [a, b] of this.pieces(j + 1, e)) {
        const n0 = toks[a];
        if (!n0 || (n0.k !== 'id' && n0.k !== 'str')) continue;
        const renamed = b - a === 3 && toks[a + 1]?.v === 'as' && toks[a + 2]?.k === 'id';
        binds.push([renamed ? (toks[a + 2] as Tok).v : n0.v, n0.v]);
      }
      j = Math.min(e + 1, toks.length);
    }
    if (toks[j]?.v === 'from' && toks[j + 1]?.k === 'str') {
      const mod = canonModule((toks[j + 1] as Tok).v);
      for (const [local, member] of binds) this.alias(local, member === undefined || member === 'default' ? mod : `${mod}.${member}`);
      j++;
    }
    return j;
  }

  /** const a = …, { b, c: d } = … */
  private jsDeclare(j: number): number {
    const { toks } = this;
    for (let guard = 0; guard < 64 && j < toks.length; guard++) {
      const t = toks[j] as Tok;
      let e: number;
      if (t.k === 'id' && isOp(toks[j + 1], '=')) {
        e = this.rhsEnd(j + 2, true);
        this.assign(t.v, j + 2, e);
      } else if (isOp(t, '{')) {
        const pe = this.close(j, toks.length);
        if (!isOp(toks[pe + 1], '=')) return pe;
        e = this.rhsEnd(pe + 2, true);
        const v = this.full(pe + 2, e, 0);
        if (v.k === 'ref') {
          for (const [a] of this.pieces(j + 1, pe)) {
            const key = toks[a];
            if (!key || (key.k !== 'id' && key.k !== 'str')) continue;
            const local = isOp(toks[a + 1], ':') && toks[a + 2]?.k === 'id' ? (toks[a + 2] as Tok).v : key.v;
            this.alias(local, `${v.name}.${key.v}`);
          }
        }
      } else return j;
      j = e;
      if (!isOp(toks[j], ',')) return j;
      j++;
    }
    return j;
  }

  // --- calls

  scan(): void {
    const { toks, spec } = this;
    for (let i = 0; i < toks.length; i++) {
      if (this.ctx.found.length >= MAX_ACTIONS) return;
      const t = toks[i] as Tok;
      const prev = toks[i - 1];
      if (t.k === 'cmd') {
        this.emit(t.pos, { api: t.label ?? '`…`', shell: t.dyn ? UNKNOWN_TARGET : t.v });
        continue;
      }
      if (prev?.k === 'op' && spec.connectors.has(prev.v)) continue;
      if (prev?.k === 'id' && spec.definers.has(prev.v)) continue;
      const group =
        isOp(t, '(') && !(prev && (prev.k === 'id' || isOp(prev, ')') || isOp(prev, ']'))) && this.isConnector(this.close(i, toks.length) + 1);
      if (t.k === 'id' || group) {
        this.local = LOCAL_BUDGET;
        this.statement(i);
      }
    }
  }

  private isConnector(j: number): boolean {
    const t = this.toks[j];
    return t?.k === 'op' && this.spec.connectors.has(t.v);
  }

  private statement(i: number): void {
    const r = this.postfix(i, this.toks.length, 0, true);
    if (!r.called && r.v.k === 'ref' && (this.lang === 'python' || this.lang === 'node') && this.callbackSlot(i, r.end)) {
      // A destructive function handed over to be called: map(os.remove, files), files.forEach(fs.unlinkSync).
      const target = this.target(r.v);
      if (target && !('value' in target) && !target.recv) this.fire(target, [], -1 - r.end, (this.toks[i] as Tok).pos, this.render(i, r.end));
      return;
    }
    if (r.called || !this.spec.parenless) return;
    // Ruby/Perl call without parentheses: `system "rm -rf /"`, `FileUtils.rm_rf dir`, `unlink $f or die`.
    const target = this.target(r.v);
    if (!target || 'value' in target) return;
    const j = r.end;
    const t = this.toks[j];
    const api = this.render(i, j);
    const pos = (this.toks[i] as Tok).pos;
    if (!this.argStart(t)) {
      const ends = t === undefined || this.stmtEnd(t) || this.isConnector(j);
      const noArgs = (this.lang === 'ruby' && r.member) || (r.v.k === 'ref' && this.spec.noArgs.has(this.spec.canon(r.v.name)));
      if (ends && noArgs) this.fire(target, [], -1 - j, pos, api);
      return;
    }
    let e = j;
    for (let steps = 0; e < this.toks.length && !this.stmtEnd(this.toks[e] as Tok) && steps < 512; steps++) {
      e = isOpen(this.toks[e]) ? this.close(e, this.toks.length) + 1 : e + 1;
    }
    e = Math.min(e, this.toks.length);
    this.local = LOCAL_BUDGET;
    this.fire(target, this.args(j, e, 1), -1 - j, pos, api);
  }

  /** Tokens [i, end) are a whole argument of a call that may call it (not print(), promisify(), …). */
  private callbackSlot(i: number, end: number): boolean {
    const before = this.toks[i - 1];
    const after = this.toks[end];
    if (!(isOp(before, '(') || isOp(before, ',')) || !(isOp(after, ')') || isOp(after, ',')) || this.toks[i]?.k !== 'id') return false;
    const open = this.parent[i] ?? -1;
    const callee = this.toks[open - 1];
    return isOp(this.toks[open], '(') && callee?.k === 'id' && !NOT_CALLING.has(callee.v);
  }

  private stmtEnd(t: Tok): boolean {
    if (t.k === 'nl') return true;
    if (t.k === 'op') return t.v === ';' || t.v === ')' || t.v === ']' || t.v === '}';
    return t.k === 'id' && this.spec.stops.has(t.v);
  }

  private argStart(t: Tok | undefined): boolean {
    if (!t) return false;
    switch (t.k) {
      case 'str':
      case 'words':
      case 'num':
      case 'cmd':
        return true;
      case 'id':
        return !this.spec.stops.has(t.v) && t.v !== 'x';
      case 'op':
        if (t.v === '[' || t.v === '\\') return true;
        if (t.v === '<') return this.lang === 'perl';
        return t.v === '*' && t.sp === true;
      default:
        return false;
    }
  }

  private fire(target: { action: Handler; recv?: Val }, args: Arg[], key: number, pos: number, api: string): void {
    if (this.fired.has(key)) return;
    this.fired.add(key);
    const out = target.action(makeCall(args, target.recv));
    if (!out) return;
    if ('code' in out) {
      if (this.ctx.evalDepth >= MAX_EVAL) return;
      for (const f of collect(this.lang, out.code, this.ctx.evalDepth + 1, this.ctx.box)) this.emit(pos, f.action);
      return;
    }
    this.emit(pos, { api, ...out });
  }

  /** What calling v means: a value (os.path.join), an action (shutil.rmtree), or nothing we know. */
  private target(v: Val): Target | undefined {
    const { spec } = this;
    if (v.k === 'ref') {
      const name = spec.canon(v.name);
      const value = spec.values.get(name);
      if (value) return { value };
      const action = spec.actions.get(name);
      if (action) return { action };
      const last = lastName(name);
      const d = spec.distinctive.get(last);
      const distinct = d === undefined ? undefined : spec.actions.get(d);
      if (distinct) return { action: distinct };
      const m = spec.methods.get(last);
      if (m && last !== name && spec.loose.has(last)) return { action: m, recv: UNK };
      return undefined;
    }
    if (v.k === 'meth') {
      const mv = spec.methodValues.get(v.name);
      if (mv) return { value: (c) => mv(v.recv, c) };
      const m = spec.methods.get(v.name);
      if (m && (v.recv.k === 'path' || spec.loose.has(v.name))) return { action: m, recv: v.recv };
    }
    return undefined;
  }

  /** Calls that name the function they call: ruby send(:name, …), php call_user_func('name', …). */
  private redirect(name: string, args: Arg[]): { v: Val; args: Arg[] } | undefined {
    const pos = args.filter((a) => a.name === undefined);
    const f = pos[0]?.v;
    if (f?.k !== 'str') return undefined;
    if (this.lang === 'php') {
      const n = this.spec.canon(name);
      if (n === 'call_user_func') return { v: ref(f.s), args: pos.slice(1) };
      if (n === 'array_map') return { v: ref(f.s), args: [{ v: UNK, fn: false }] };
      if (n === 'call_user_func_array') {
        const l = pos[1]?.v;
        const items = l?.k === 'list' ? l.items : [UNK];
        return { v: ref(f.s), args: items.map((v) => ({ v, fn: false })) };
      }
    }
    if (this.lang === 'ruby') {
      const last = lastName(name);
      if (last === 'send' || last === 'public_send' || last === '__send__') {
        const base = name.slice(0, Math.max(0, name.length - last.length - 1));
        return { v: base ? this.member(ref(base), f.s) : this.resolve(f.s), args: args.filter((a) => a !== pos[0]) };
      }
    }
    return undefined;
  }

  private call(v: Val, open: number, close: number, d: number, fire: boolean, start: number): Val {
    let target = this.target(v);
    let args: Arg[] | undefined;
    if (!target && v.k === 'ref') {
      const last = lastName(v.name).toLowerCase();
      if (REDIRECTS.has(last)) {
        const r = this.redirect(v.name, this.args(open + 1, close, d + 1));
        if (r) {
          target = this.target(r.v);
          args = r.args;
        }
      }
    }
    if (!target) return UNK;
    args ??= this.args(open + 1, close, d + 1);
    if ('value' in target) return target.value(makeCall(args));
    // `name(…) {` in JS is a method definition.
    if (fire && !(this.lang === 'node' && isOp(this.toks[close + 1], '{'))) this.fire(target, args, open, (this.toks[start] as Tok).pos, this.render(start, open));
    return UNK;
  }

  private tagged(v: Val, j: number, fire: boolean, start: number): Val {
    const t = this.toks[j] as Tok;
    const target = this.target(v);
    if (!target || 'value' in target || !fire) return UNK;
    this.fire(target, [{ v: t.dyn ? UNK : str(t.v), fn: false }], j, (this.toks[start] as Tok).pos, this.render(start, j));
    return UNK;
  }

  // --- expressions

  private postfix(i: number, hi: number, d: number, fire: boolean): Chain {
    const { toks, spec } = this;
    if (d > MAX_DEPTH || i >= hi) return { v: UNK, end: Math.min(i + 1, hi), called: false, member: false };
    let [v, j] = this.primary(i, hi, d, fire);
    let called = false;
    let member = false;
    for (let guard = 0; j < hi && guard < MAX_CHAIN; guard++) {
      if (!fire && !this.step()) break;
      const t = toks[j] as Tok;
      if (t.k === 'str' && t.tpl && this.lang === 'node') {
        v = this.tagged(v, j, fire, i);
        j++;
        called = true;
        member = false;
        continue;
      }
      if (t.k !== 'op') break;
      if (spec.connectors.has(t.v)) {
        const nx = toks[j + 1];
        if (nx?.k === 'id' && j + 1 < hi) {
          v = this.member(v, nx.v);
          j += 2;
          called = false;
          member = true;
          continue;
        }
        if ((t.v === '?.' || t.v === '->') && (isOp(nx, '(') || isOp(nx, '['))) {
          j++;
          continue;
        }
        break;
      }
      if (t.v === '(') {
        const e = this.close(j, hi);
        v = this.call(v, j, e, d, fire, i);
        j = Math.min(e + 1, hi);
        called = true;
        member = false;
        continue;
      }
      if (t.v === '[') {
        const e = this.close(j, hi);
        v = this.index(v, j + 1, e, d + 1);
        j = Math.min(e + 1, hi);
        called = false;
        member = false;
        continue;
      }
      if (t.v === '{' && this.lang === 'perl' && !t.sp && v.k === 'ref' && v.name.startsWith('$')) {
        const e = this.close(j, hi);
        v = this.hashKey(v, j + 1, e);
        j = Math.min(e + 1, hi);
        called = false;
        member = false;
        continue;
      }
      break;
    }
    return { v, end: j, called, member };
  }

  private primary(i: number, hi: number, d: number, fire: boolean): [Val, number] {
    const { toks, spec } = this;
    const t = toks[i];
    if (!t || i >= hi) return [UNK, hi];
    switch (t.k) {
      case 'str': {
        if (this.lang !== 'python') return [t.dyn ? UNK : str(t.v), i + 1];
        // Python joins adjacent literals: 'a' 'b'.
        let s: string | undefined = t.dyn ? undefined : t.v;
        let j = i + 1;
        for (; j < hi && toks[j]?.k === 'str'; j++) {
          const u = toks[j] as Tok;
          s = s === undefined || u.dyn ? undefined : s + u.v;
        }
        return [s === undefined ? UNK : str(s), j];
      }
      case 'num':
        return [{ k: 'num', s: t.v }, i + 1];
      case 'words':
        return [t.dyn ? UNK : { k: 'list', items: (t.items ?? []).map(str) }, i + 1];
      case 'id': {
        if (spec.prefix.has(t.v) && i + 1 < hi) {
          const r = this.postfix(i + 1, hi, d + 1, fire);
          return [t.v === 'typeof' || t.v === 'not' || t.v === 'defined?' ? UNK : r.v, r.end];
        }
        const c = spec.consts.get(spec.caseless ? t.v.toLowerCase() : t.v);
        if (c) return [c, i + 1];
        return [this.resolve(t.v), i + 1];
      }
      case 'op':
        return this.opPrimary(i, hi, d);
      default:
        return [UNK, i + 1];
    }
  }

  private opPrimary(i: number, hi: number, d: number): [Val, number] {
    const t = this.toks[i] as Tok;
    if (t.v === '(' || t.v === '[') {
      const e = this.close(i, hi);
      const next = Math.min(e + 1, hi);
      const parts = this.items(i + 1, e, d + 1);
      if (t.v === '(' && parts.length === 1 && !isOp(this.toks[e - 1], ',')) return [parts[0] as Val, next];
      return [{ k: 'list', items: parts }, next];
    }
    if (t.v === '{') {
      const e = this.close(i, hi);
      return [this.object(i + 1, e, d + 1), Math.min(e + 1, hi)];
    }
    if (PREFIX_OPS.has(t.v) && i + 1 < hi) {
      const r = this.postfix(i + 1, hi, d + 1, false);
      const v = this.deref(r.v);
      if (t.v === '\\') return [v, r.end];
      if ((t.v === '*' || t.v === '...') && v.k === 'list') return [{ ...v, spread: true }, r.end];
      return [UNK, r.end];
    }
    return [UNK, i + 1];
  }

  private expr(i: number, hi: number, d: number): [Val, number] {
    if (d > MAX_DEPTH || !this.step()) return [UNK, hi];
    const r = this.postfix(i, hi, d + 1, false);
    let v = r.v;
    let j = r.end;
    while (j < hi && this.step()) {
      const t = this.toks[j] as Tok;
      if (t.k !== 'op' || !(this.spec.concat.has(t.v) || OR_OPS.has(t.v) || (t.v === '/' && this.lang === 'python'))) break;
      const rhs = this.postfix(j + 1, hi, d + 1, false);
      v = binary(t.v, this.deref(v), this.deref(rhs.v), this.lang);
      j = rhs.end;
    }
    return [v, j];
  }

  /** The value of tokens [a, b) when they form one expression we can evaluate; UNK otherwise. */
  private full(a: number, b: number, d: number): Val {
    if (a >= b) return UNK;
    const [v, end] = this.expr(a, b, d);
    return end === b ? this.deref(v) : UNK;
  }

  /** Values written without a call: ruby Dir.home, 'a b'.split. */
  private deref(v: Val): Val {
    if (v.k === 'ref') return this.spec.nullary.get(this.spec.canon(v.name)) ?? v;
    const mv = v.k === 'meth' && this.lang === 'ruby' ? this.spec.methodValues.get(v.name) : undefined;
    return mv && v.k === 'meth' ? mv(v.recv, makeCall([])) : v;
  }

  /** Ranges of the comma-separated pieces of [lo, hi), newlines at their ends left out. */
  private pieces(lo: number, hi: number): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    let a = lo;
    let j = lo;
    while (j < hi && out.length < MAX_ITEMS) {
      if (!this.step()) break;
      const t = this.toks[j] as Tok;
      if (isOp(t, ',')) {
        this.addPiece(out, a, j);
        a = ++j;
        continue;
      }
      j = isOpen(t) ? Math.min(this.close(j, hi) + 1, hi) : j + 1;
    }
    this.addPiece(out, a, hi);
    return out;
  }

  private addPiece(out: Array<[number, number]>, a: number, b: number): void {
    while (a < b && this.toks[a]?.k === 'nl') a++;
    while (b > a && this.toks[b - 1]?.k === 'nl') b--;
    if (b > a && out.length < MAX_ITEMS) out.push([a, b]);
  }

  private items(lo: number, hi: number, d: number): Val[] {
    const out: Val[] = [];
    for (const [a, b] of this.pieces(lo, hi)) {
      const v = this.full(a, b, d);
      if (v.k === 'list' && v.spread) out.push(...v.items);
      else out.push(v);
    }
    return out.slice(0, MAX_ITEMS);
  }

  private args(lo: number, hi: number, d: number): Arg[] {
    if (d > MAX_DEPTH) return [{ v: UNK, fn: false }];
    return this.pieces(lo, hi).map(([a, b]) => this.arg(a, b, d));
  }

  private arg(a: number, b: number, d: number): Arg {
    const { toks, lang } = this;
    const t0 = toks[a] as Tok;
    const t1 = toks[a + 1];
    let name: string | undefined;
    if (t1?.k === 'op' && a + 2 <= b && (t0.k === 'id' || t0.k === 'str')) {
      if (t1.v === '=>' && (lang === 'ruby' || lang === 'perl')) name = t0.v;
      else if (t0.k === 'id' && ((t1.v === '=' && lang === 'python') || (t1.v === ':' && (lang === 'ruby' || lang === 'php')))) name = t0.v;
    }
    const from = name === undefined ? a : a + 2;
    const head = toks[from];
    let fn = head?.k === 'id' && FUNCTION_WORDS.has(head.v);
    if (lang === 'node') for (let j = from; j < b && j < from + 64 && !fn; j++) fn = isOp(toks[j], '=>');
    return { name, v: fn ? UNK : this.full(from, b, d), fn, span: { toks, from, to: b } };
  }

  private object(lo: number, hi: number, d: number): Val {
    const props = new Map<string, Val>();
    for (const [a, b] of this.pieces(lo, hi)) {
      const key = this.toks[a];
      if (!key || (key.k !== 'id' && key.k !== 'str')) continue;
      const sep = this.toks[a + 1];
      if (sep?.k === 'op' && (sep.v === ':' || sep.v === '=>')) props.set(key.v, this.full(a + 2, b, d));
      else if (key.k === 'id' && b === a + 1) props.set(key.v, UNK);
    }
    return { k: 'obj', props };
  }

  private member(v: Val, name: string): Val {
    if (v.k === 'ref') {
      if (this.spec.envMember && this.spec.envRefs.has(this.spec.canon(v.name))) return env(name);
      return v.name.length > 200 ? UNK : ref(`${v.name}.${name}`);
    }
    return { k: 'meth', recv: v, name };
  }

  private index(v: Val, lo: number, hi: number, d: number): Val {
    if (v.k !== 'ref') return UNK;
    const key = this.full(lo, hi, d);
    if (key.k !== 'str') return UNK;
    if (this.spec.envRefs.has(this.spec.canon(v.name))) return env(key.s);
    return this.lang === 'node' ? this.member(v, key.s) : UNK;
  }

  /** Perl $ENV{HOME} / $ENV{'HOME'}. */
  private hashKey(v: Val, lo: number, hi: number): Val {
    const key = this.toks[lo];
    if (v.k !== 'ref' || v.name !== '$ENV' || hi !== lo + 1 || !key || (key.k !== 'id' && key.k !== 'str') || key.dyn) return UNK;
    return env(key.v);
  }

  private resolve(name: string): Val {
    const { aliases, stars } = this.ctx;
    const a = aliases.get(name);
    if (a !== undefined) return ref(a);
    for (const m of stars) {
      const full = `${m}.${name}`;
      const c = this.spec.canon(full);
      if (this.spec.actions.has(c) || this.spec.values.has(c)) return ref(full);
    }
    return ref(this.spec.defaults.get(name) ?? name);
  }

  /** The callee as written, for messages: `shutil.rmtree`, `require('fs').rmSync`, `Path('/x').unlink`. */
  private render(a: number, b: number): string {
    const { toks, spec } = this;
    let s = '';
    let j = a;
    while (j < b && toks[j]?.k === 'id' && spec.prefix.has((toks[j] as Tok).v)) j++;
    for (; j < b && s.length < 80; j++) {
      const t = toks[j] as Tok;
      if (isOpen(t)) {
        const e = this.close(j, b);
        const inner = toks[j + 1];
        const body = e === j + 1 ? '' : e === j + 2 && inner?.k === 'str' && !inner.dyn ? quoteText(inner.v) : '…';
        s += `${t.v}${body}${BRACKETS[t.v] ?? ''}`;
        j = e;
        continue;
      }
      s += t.k === 'str' ? quoteText(t.v) : t.v;
    }
    return s || '?';
  }
}

function quoteText(s: string): string {
  return s.length > 40 ? `'${s.slice(0, 37)}…'` : `'${s}'`;
}

function collect(lang: InterpreterLang, code: string, evalDepth: number, box: { budget: number }): Found[] {
  const found: Found[] = [];
  try {
    const spec = SPECS[lang];
    const streams: Tok[][] = [];
    const main = new Lexer(lang, code, 0, 0, streams).run();
    const ctx: Ctx = { lang, spec, aliases: new Map(), stars: [], box, found, evalDepth };
    const analyzers = [main, ...streams].map((t) => new Analyzer(ctx, prepare(lang, t)));
    for (const a of analyzers) a.bind();
    for (const a of analyzers) a.scan();
  } catch {
    // keep what was found
  }
  found.sort((x, y) => x.pos - y.pos);
  return found.slice(0, MAX_ACTIONS);
}

/** Destructive or command-running calls found in the code, in source order. Bounded work; never throws. */
export function interpreterActions(lang: InterpreterLang, code: string): InterpreterAction[] {
  try {
    if (typeof code !== 'string' || !Object.hasOwn(SPECS, lang)) return [];
    if (code.length > MAX_CODE_BYTES || Buffer.byteLength(code, 'utf8') > MAX_CODE_BYTES) {
      return [{ api: '(code too large)', shell: UNKNOWN_TARGET }];
    }
    return collect(lang, code, 0, { budget: GLOBAL_BUDGET }).map((f) => f.action);
  } catch {
    return [];
  }
}
