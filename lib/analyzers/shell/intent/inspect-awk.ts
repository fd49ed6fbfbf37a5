// Phase d, content inspection: awk (gawk, mawk, nawk). Its options, then its program text for output
// redirection, pipes, system() and gawk directives.

import type { Segment } from '../types.js';
import { type IntentResult, inspected, unsafe } from './result.js';

const AWK_VALUED_SHORT: ReadonlySet<string> = new Set(['F', 'v']);
const AWK_HARMLESS_SHORT: ReadonlySet<string> = new Set(['P', 'c', 'b', 'r', 'N']);
const AWK_VALUED_LONG: ReadonlySet<string> = new Set(['--field-separator', '--assign']);
const AWK_HARMLESS_LONG: ReadonlySet<string> = new Set(['--posix', '--traditional', '--characters-as-bytes', '--re-interval', '--use-lc-numeric']);
/** Output redirection, pipes, system() and gawk's @-directives / indirect calls (`@f("…")`). */
const AWK_RISKY_TEXT = ['>', '|', 'system', '@'] as const;

interface AwkArgs {
  texts: string[];
  sandbox: boolean;
  risk?: string;
}

function awkArgs(argv: readonly string[]): AwkArgs {
  const out: AwkArgs = { texts: [], sandbox: false };
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') {
      i++;
      break;
    }
    if (a === '-' || !a.startsWith('-')) break;
    const step = a.startsWith('--') ? awkLongOption(a, argv[i + 1], out) : awkShortOption(a, argv[i + 1], out);
    if (step === undefined) return out;
    i += step;
  }
  if (out.texts.length === 0) {
    if (argv[i] === undefined) out.risk = 'awk without a program';
    else out.texts.push(argv[i] as string);
  }
  return out;
}

/** Words consumed after the option, or undefined (with out.risk set) when the option is not inspected. */
function awkLongOption(a: string, next: string | undefined, out: AwkArgs): number | undefined {
  const eq = a.indexOf('=');
  const name = eq < 0 ? a : a.slice(0, eq);
  const inline = eq < 0 ? undefined : a.slice(eq + 1);
  if (name === '--source') {
    out.texts.push(inline ?? next ?? '');
    return inline === undefined ? 1 : 0;
  }
  if (AWK_VALUED_LONG.has(name)) return inline === undefined ? 1 : 0;
  if (name === '--sandbox') out.sandbox = true;
  else if (!AWK_HARMLESS_LONG.has(name)) {
    out.risk = name === '--file' ? 'awk --file runs a program file that was not inspected' : `awk ${name} was not inspected`;
    return undefined;
  }
  return 0;
}

function awkShortOption(a: string, next: string | undefined, out: AwkArgs): number | undefined {
  const opt = a[1] as string;
  if (opt === 'e') {
    out.texts.push(a.length > 2 ? a.slice(2) : (next ?? ''));
    return a.length > 2 ? 0 : 1;
  }
  if (AWK_VALUED_SHORT.has(opt)) return a.length > 2 ? 0 : 1;
  if (a.length === 2 && opt === 'S') out.sandbox = true;
  else if (a.length !== 2 || !AWK_HARMLESS_SHORT.has(opt)) {
    out.risk = opt === 'f' ? 'awk -f runs a program file that was not inspected' : `awk ${a} was not inspected`;
    return undefined;
  }
  return 0;
}

export function judgeAwk(seg: Segment): IntentResult {
  const { texts, sandbox, risk } = awkArgs(seg.argv);
  if (risk !== undefined) return unsafe(risk);
  if (sandbox) return inspected(`${seg.program} --sandbox cannot write or run commands`);
  for (const text of texts) {
    const hit = AWK_RISKY_TEXT.find((t) => text.includes(t));
    if (hit) return unsafe(`${seg.program} program uses ${hit}, which may write files or run commands`);
  }
  return inspected(`${seg.program} program has no output redirection, pipe or system()`);
}
