// Which interpreter, and where its inline code is: the language of a program name, and the code given with
// -c / -e / -r / eval (python, node, bun, deno, perl, ruby, php argv conventions).

import { lazy } from '../../../vocab/lazy.js';
import { baseName } from '../wrappers.js';
import { isHex, isOctal } from './chars.js';
import type { InterpreterLang } from './types.js';

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

const NODE_VALUE_OPTS = lazy(() => (new Set([
  '-r', '--require', '--import', '--loader', '--experimental-loader', '-C', '--conditions', '--input-type', '--env-file',
  '--env-file-if-exists', '--title', '--inspect-port', '--debug-port', '--stack-size', '--redirect-warnings',
  '--openssl-config', '--icu-data-dir', '--diagnostic-dir', '--report-dir', '--report-directory', '--report-filename',
  '--cpu-prof-dir', '--cpu-prof-name', '--heap-prof-dir', '--heap-prof-name', '--test-reporter',
  '--test-reporter-destination', '--watch-path', '--experimental-policy', '--policy-integrity', '--disable-warning',
  '--unhandled-rejections', '--secure-heap', '--secure-heap-min', '--tls-cipher-list', '--dns-result-order',
  '--localstorage-file', '--experimental-config-file', '--test-name-pattern', '--test-skip-pattern',
])));

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
  return jsEval(argv, NODE_VALUE_OPTS());
}

const BUN_VALUE_OPTS = lazy(() => (new Set([
  '-r', '--preload', '--cwd', '--env-file', '-c', '--config', '--tsconfig-override', '-d', '--define', '-l', '--loader',
  '--conditions', '--main-fields', '--port', '--install', '--jsx-factory', '--jsx-fragment', '--jsx-import-source',
  '--jsx-runtime', '--console-depth', '--max-http-header-size', '--dns-result-order', '--user-agent', '--elide-lines',
  '--filter', '-F',
])));

function bunCode(argv: string[]): string | undefined {
  return jsEval(argv, BUN_VALUE_OPTS());
}

const DENO_VALUE_OPTS = lazy(() => (new Set(['-L', '--log-level', '--ext', '--import-map', '-c', '--config', '--location', '--seed', '--cert'])));

/** deno [global opts] eval [opts] CODE */
function denoCode(argv: string[]): string | undefined {
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i] as string;
    if (!a.startsWith('-')) break;
    if (DENO_VALUE_OPTS().has(a)) i++;
  }
  if (argv[i] !== 'eval') return undefined;
  for (i++; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') return argv[i + 1];
    if (!a.startsWith('-')) return a;
    if (DENO_VALUE_OPTS().has(a)) i++;
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

const RUBY_VALUE_LONG = lazy(() => (new Set(['--enable', '--disable', '--encoding', '--external-encoding', '--internal-encoding', '--dump', '--backtrace-limit', '--parser'])));

/** ruby switches: -e CODE (repeatable, also in clusters such as -ne); -r/-I/-C/-E/-F/-K take a value. */
function rubyCode(argv: string[]): string | undefined {
  const pieces: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--' || a === '-' || !a.startsWith('-')) break;
    if (a.startsWith('--')) {
      if (RUBY_VALUE_LONG().has(a)) i++;
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

const PHP_CODE_LONG = lazy(() => (new Set(['--run', '--process-begin', '--process-code', '--process-end'])));
const PHP_VALUE_LONG = lazy(() => (new Set(['--php-ini', '--define', '--zend-extension', '--rf', '--rc', '--re', '--rz', '--ri'])));

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
      if (PHP_CODE_LONG().has(name)) pieces.push(eq >= 0 ? a.slice(eq + 1) : (argv[++i] ?? ''));
      else if (PHP_VALUE_LONG().has(name) && eq < 0) i++;
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
