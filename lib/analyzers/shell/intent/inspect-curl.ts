// Phase d, content inspection: curl. Every option checked for an upload, an output file, sent data or a
// method that is not a read.

import { lazy } from '../../../vocab/lazy.js';
import { ownEntry } from '../tables.js';
import type { Segment } from '../types.js';
import { type IntentResult, inspected, unsafe } from './result.js';
import { SINKS } from './sinks.js';

const CURL_SAFE_SHORT = lazy((): ReadonlySet<string> => (new Set([...'sSLfiIvkgGqjlnpNZR#0123456VhM'])));
/** Short options taking a value; o, D and X are then checked, the rest are harmless. */
const CURL_VALUED_SHORT = lazy((): ReadonlySet<string> => (new Set([...'HAemuxbwrUyYzECoDX'])));
const CURL_SAFE_LONG = lazy((): ReadonlySet<string> => (new Set([
  '--silent', '--show-error', '--location', '--location-trusted', '--fail', '--fail-with-body', '--fail-early', '--include',
  '--head', '--verbose', '--insecure', '--compressed', '--get', '--globoff', '--no-progress-meter', '--progress-bar',
  '--raw', '--no-buffer', '--path-as-is', '--ipv4', '--ipv6', '--http0.9', '--http1.0', '--http1.1', '--http2',
  '--http3', '--tlsv1.2', '--tlsv1.3', '--digest', '--basic', '--negotiate', '--ntlm', '--anyauth', '--netrc',
  '--retry-all-errors', '--disable', '--version', '--help', '--manual',
])));
const CURL_VALUED_LONG = lazy((): ReadonlySet<string> => (new Set([
  '--header', '--user-agent', '--referer', '--max-time', '--connect-timeout', '--retry', '--retry-delay',
  '--retry-max-time', '--user', '--proxy', '--noproxy', '--cookie', '--cacert', '--capath', '--cert', '--key',
  '--resolve', '--connect-to', '--write-out', '--oauth2-bearer', '--request', '--max-filesize', '--limit-rate',
  '--max-redirs', '--url', '--range', '--output', '--dump-header',
])));
const CURL_READ_METHODS = lazy((): ReadonlySet<string> => (new Set(['GET', 'HEAD'])));
/** -o / -D targets that are not files. */
const CURL_STREAMS = lazy((): ReadonlySet<string> => (new Set(['-', ...SINKS])));
const CURL_WRITE_REASONS = lazy((): Readonly<Record<string, string>> => ({
  '-O': 'curl -O saves the response to a file',
  '--remote-name': 'curl --remote-name saves the response to a file',
  '--remote-name-all': 'curl --remote-name-all saves responses to files',
  '--output-dir': 'curl --output-dir saves responses to files',
  '-T': 'curl -T uploads a file',
  '--upload-file': 'curl --upload-file uploads a file',
  '-d': 'curl -d sends data (POST)',
  '--json': 'curl --json sends data (POST)',
  '-F': 'curl -F posts a form',
  '--form': 'curl --form posts a form',
  '-c': 'curl -c writes a cookie jar',
  '--cookie-jar': 'curl --cookie-jar writes a file',
  '-K': 'curl -K reads options from a config file that was not inspected',
  '--config': 'curl --config reads options from a file that was not inspected',
}));

/** Why a curl option is not a plain read, or undefined; `value` is its argument when it takes one. */
function curlValueRisk(name: string, value: string): string | undefined {
  if ((name === '-X' || name === '--request') && !CURL_READ_METHODS().has(value.toUpperCase())) return `curl ${name} ${value} is not a read`;
  if ((name === '-o' || name === '--output' || name === '-D' || name === '--dump-header') && !CURL_STREAMS().has(value)) {
    return `curl ${name} writes ${value}`;
  }
  if ((name === '-w' || name === '--write-out') && value.includes('%output{')) return `curl ${name} %output{} writes a file`;
  return undefined;
}

function curlOptionReason(name: string): string {
  if (name.startsWith('--data')) return `curl ${name} sends data (POST)`;
  if (name.startsWith('--form')) return `curl ${name} posts a form`;
  return ownEntry(CURL_WRITE_REASONS(), name) ?? `curl ${name} is not known to be read-only`;
}

function curlRisk(argv: readonly string[]): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') return undefined;
    if (a === '-' || !a.startsWith('-')) continue;
    const step = a.startsWith('--') ? curlLong(a, argv[i + 1]) : curlShort(a, argv[i + 1]);
    if (typeof step === 'string') return step;
    i += step;
  }
  return undefined;
}

/** Words consumed, or the reason the option is not a read. */
function curlLong(a: string, next: string | undefined): number | string {
  const eq = a.indexOf('=');
  const name = eq < 0 ? a : a.slice(0, eq);
  if (CURL_SAFE_LONG().has(name)) return 0;
  if (!CURL_VALUED_LONG().has(name)) return curlOptionReason(name);
  const value = eq < 0 ? (next ?? '') : a.slice(eq + 1);
  return curlValueRisk(name, value) ?? (eq < 0 ? 1 : 0);
}

function curlShort(a: string, next: string | undefined): number | string {
  for (let k = 1; k < a.length; k++) {
    const ch = a[k] as string;
    if (CURL_VALUED_SHORT().has(ch)) {
      const rest = a.slice(k + 1);
      return curlValueRisk(`-${ch}`, rest || (next ?? '')) ?? (rest ? 0 : 1);
    }
    if (!CURL_SAFE_SHORT().has(ch)) return curlOptionReason(`-${ch}`);
  }
  return 0;
}

export function judgeCurl(seg: Segment): IntentResult {
  const risk = curlRisk(seg.argv);
  return risk !== undefined ? unsafe(risk) : inspected('curl only fetches to stdout (no upload, output file or write method)');
}
