// npm run corpus -- <file.jsonl> …: how far hookwarden's verdicts agree with a labelled corpus.
//
// Reads peer corpora (`{cmd, expect, source, note}`, or `{tool, path, expect}` for file tools) and our own
// fixtures (`{cmd, expect, cwd, note}`), runs every row in-process through the engine with the registry
// compiled straight from patterns/ (so an edited pattern shows its effect at once), the built-in config
// (embedded KETER), home /home/dev, project /home/dev/project and a fixed clock. It is a report: the exit
// code is always 0, whatever the agreement; bad arguments and unreadable files are reported on stderr.
//
// Agreement is judged on two sides: "flag" = block|ask, "pass" = allow|warn|rewrite.
//   agree       both flag or both pass
//   miss        they flag, we pass
//   false block they pass, we flag
//   weaker      both flag, they block and we ask (counted inside agree)
//   stronger    both flag, they ask and we block (counted inside agree)
// "exact" counts rows where our verdict is the very label (useful for our own fixtures, which also label
// warn and rewrite; for them "theirs" is the fixture's expected label).

import { readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CONFIG } from '../lib/config/defaults.js';
import type { EngineDeps } from '../lib/engine/deps.js';
import { routeToolExecution } from '../lib/engine/route-tool.js';
import type { UnifiedRoutingDecision } from '../lib/engine/types.js';
import { orchestratorFor } from '../lib/hook/orchestrator.js';
import { collectSources, compileFromSources } from '../lib/registry/resolve.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PATTERNS_DIR = join(ROOT, 'patterns');
const HOME = '/home/dev';
const PROJECT = '/home/dev/project';
const TMP_CWD = '/tmp/hw-corpus';
const FIXED_NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

const USAGE = `usage: tsx scripts/corpus.ts <file.jsonl> [<file.jsonl> …] [--all] [--list misses|false-blocks|weaker|disagree|all] [--json]
  --all    also run rows whose note is tagged mode=… or customRules=… (peer-specific settings; skipped by default)
  --list   print the rows of one class after the summary (disagree = misses + false blocks)
  --json   print one JSON object instead of text
`;

type Verdict = 'block' | 'ask' | 'warn' | 'allow' | 'rewrite';
type Outcome = 'agree' | 'miss' | 'false-block';
const VERDICTS: readonly Verdict[] = ['block', 'ask', 'warn', 'allow', 'rewrite'];
const LISTS = ['misses', 'false-blocks', 'weaker', 'disagree', 'all'] as const;
type ListKind = (typeof LISTS)[number];

interface Row {
  file: string;
  line: number;
  /** Bash command, or `<Tool> <path>` for a file-tool row. */
  display: string;
  tool: string;
  input: Record<string, unknown>;
  cwd: string;
  projectDir: string;
  expect: Verdict;
  note: string;
}

interface Result {
  row: Row;
  ours: Verdict;
  /** The replacement command when we rewrote the call. */
  rewrite?: string;
  rules: string[];
  outcome: Outcome;
  strength?: 'weaker' | 'stronger';
}

interface FileReport {
  file: string;
  rows: number;
  skipped: number;
  malformed: Array<{ line: number; error: string }>;
  agree: number;
  agreePct: number;
  exact: number;
  misses: number;
  falseBlocks: number;
  weaker: number;
  stronger: number;
  ours: Record<Verdict, number>;
  theirs: Record<Verdict, number>;
  results: Result[];
}

const isFlag = (v: Verdict): boolean => v === 'block' || v === 'ask';

function parseArgs(argv: string[]): { files: string[]; all: boolean; list?: ListKind; json: boolean } | string {
  const files: string[] = [];
  let all = false;
  let json = false;
  let list: ListKind | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--all') all = true;
    else if (a === '--json') json = true;
    else if (a === '--list' || a.startsWith('--list=')) {
      const v = a === '--list' ? argv[++i] : a.slice('--list='.length);
      if (!v || !(LISTS as readonly string[]).includes(v)) return `--list needs one of ${LISTS.join('|')}`;
      list = v as ListKind;
    } else if (a === '-h' || a === '--help') return '';
    else if (a.startsWith('-')) return `unknown option ${a}`;
    else files.push(a);
  }
  if (!files.length) return 'no corpus file given';
  return { files, all, json, ...(list ? { list } : {}) };
}

/** The leading `[k=v; k=v]` block of a peer note, as a map. */
function noteTags(note: string): Map<string, string> {
  const m = /^\s*\[([^\]]*)\]/.exec(note);
  const tags = new Map<string, string>();
  if (!m) return tags;
  for (const part of (m[1] as string).split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) tags.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return tags;
}

function cwdFromTag(tag: string | undefined): string {
  if (tag === undefined || tag === '') return PROJECT;
  if (['none', 'project-dir', 'linked-worktree', 'git-main-worktree'].includes(tag)) return PROJECT;
  if (tag === 'tmp-dir') return TMP_CWD;
  if (isAbsolute(tag)) return tag;
  return PROJECT;
}

function asVerdict(v: unknown): Verdict | undefined {
  return typeof v === 'string' && (VERDICTS as readonly string[]).includes(v) ? (v as Verdict) : undefined;
}

function readRows(file: string, all: boolean): { rows: Row[]; skipped: number; malformed: FileReport['malformed'] } {
  const rows: Row[] = [];
  const malformed: FileReport['malformed'] = [];
  let skipped = 0;
  const name = basename(file);
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      const line = i + 1;
      if (!text.trim()) return;
      let obj: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(text);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a JSON object');
        obj = parsed as Record<string, unknown>;
      } catch (err) {
        malformed.push({ line, error: err instanceof Error ? err.message : String(err) });
        return;
      }
      const expect = asVerdict(obj.expect);
      const note = typeof obj.note === 'string' ? obj.note : '';
      if (!expect) {
        malformed.push({ line, error: `expect must be one of ${VERDICTS.join('|')}` });
        return;
      }
      const tags = noteTags(note);
      if (!all && (tags.has('mode') || tags.has('customRules'))) {
        skipped++;
        return;
      }
      const own = typeof obj.cwd === 'string' && isAbsolute(obj.cwd);
      const cwd = own ? (obj.cwd as string) : cwdFromTag(tags.get('cwd'));
      // A peer's test ran with its cwd as the project (cwd=/tmp, /root); our fixtures keep the default project.
      const projectDir = own || cwd === PROJECT ? PROJECT : cwd;
      if (typeof obj.cmd === 'string') {
        rows.push({ file: name, line, display: obj.cmd, tool: 'Bash', input: { command: obj.cmd }, cwd, projectDir, expect, note });
      } else if (typeof obj.tool === 'string' && typeof obj.path === 'string') {
        rows.push({
          file: name,
          line,
          display: `${obj.tool} ${obj.path}`,
          tool: obj.tool,
          // A write row may say what it writes (a token in ~/.npmrc); Edit carries it as new_string.
          input: { file_path: obj.path, ...(typeof obj.content === 'string' ? { content: obj.content, new_string: obj.content } : {}) },
          cwd,
          projectDir,
          expect,
          note,
        });
      } else {
        malformed.push({ line, error: 'row needs "cmd", or "tool" and "path"' });
      }
    });
  return { rows, skipped, malformed };
}

async function engineDeps(): Promise<EngineDeps> {
  const { registry, issues } = await compileFromSources(
    collectSources({ shippedDir: PATTERNS_DIR, overrides: [], cacheDir: null }),
  );
  for (const issue of issues) process.stderr.write(`corpus: pattern issue (pattern skipped): ${issue}\n`);
  let n = 0;
  return {
    now: () => FIXED_NOW,
    newId: () => `corpus-${++n}`,
    registry,
    config: DEFAULT_CONFIG,
    consult: orchestratorFor(DEFAULT_CONFIG, () => FIXED_NOW),
    home: HOME,
    projectDir: PROJECT,
  };
}

function verdictOf(d: UnifiedRoutingDecision): Verdict {
  if (d.decision.updatedInput) return 'rewrite';
  const a = d.decision.action;
  return a === 'block' || a === 'ask' || a === 'warn' ? a : 'allow';
}

function classify(theirs: Verdict, ours: Verdict): Pick<Result, 'outcome' | 'strength'> {
  if (isFlag(theirs) && !isFlag(ours)) return { outcome: 'miss' };
  if (!isFlag(theirs) && isFlag(ours)) return { outcome: 'false-block' };
  if (theirs === 'block' && ours === 'ask') return { outcome: 'agree', strength: 'weaker' };
  if (theirs === 'ask' && ours === 'block') return { outcome: 'agree', strength: 'stronger' };
  return { outcome: 'agree' };
}

const zero = (): Record<Verdict, number> => ({ block: 0, ask: 0, warn: 0, allow: 0, rewrite: 0 });

async function runFile(file: string, all: boolean, deps: EngineDeps): Promise<FileReport> {
  const { rows, skipped, malformed } = readRows(file, all);
  const results: Result[] = [];
  for (const row of rows) {
    let ours: Verdict;
    let rules: string[];
    let rewrite: string | undefined;
    try {
      const d = await routeToolExecution(row.tool, row.input, { sessionId: 'corpus', cwd: row.cwd, permissionMode: 'default' }, { ...deps, projectDir: row.projectDir });
      ours = verdictOf(d);
      rules = d.audit.localPatterns;
      const updated = d.decision.updatedInput?.command;
      if (typeof updated === 'string') rewrite = updated;
    } catch (err) {
      // The engine is not supposed to throw; a throw is shown as its own rule so it stands out in --list.
      ours = 'ask';
      rules = [`corpus/engine-threw: ${err instanceof Error ? err.message : String(err)}`];
    }
    results.push({ row, ours, rules, ...(rewrite !== undefined ? { rewrite } : {}), ...classify(row.expect, ours) });
  }
  const count = (o: Outcome): number => results.filter((r) => r.outcome === o).length;
  const ours = zero();
  const theirs = zero();
  for (const r of results) {
    ours[r.ours]++;
    theirs[r.row.expect]++;
  }
  const agree = count('agree');
  return {
    file,
    rows: results.length,
    skipped,
    malformed,
    agree,
    agreePct: results.length ? Math.round((1000 * agree) / results.length) / 10 : 0,
    exact: results.filter((r) => r.ours === r.row.expect).length,
    misses: count('miss'),
    falseBlocks: count('false-block'),
    weaker: results.filter((r) => r.strength === 'weaker').length,
    stronger: results.filter((r) => r.strength === 'stronger').length,
    ours,
    theirs,
    results,
  };
}

function selected(results: Result[], list: ListKind): Result[] {
  const rank: Record<string, number> = { miss: 0, 'false-block': 1, weaker: 2, stronger: 3, agree: 4 };
  const key = (r: Result): number => rank[r.strength ?? r.outcome] ?? 9;
  const pick = results.filter((r) => {
    switch (list) {
      case 'misses':
        return r.outcome === 'miss';
      case 'false-blocks':
        return r.outcome === 'false-block';
      case 'weaker':
        return r.strength === 'weaker';
      case 'disagree':
        return r.outcome !== 'agree';
      case 'all':
        return true;
    }
  });
  // Stable and deterministic: by class, then by position in the file.
  return pick.sort((a, b) => key(a) - key(b) || a.row.line - b.row.line);
}

/** A command or note on one short line: control characters escaped, long text cut in the middle. */
function oneLine(s: string, max: number): string {
  const flat = s.replace(/[\u0000-\u001f\u007f]/g, (c) => (c === '\n' ? '\\n' : c === '\t' ? '\\t' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
  if (flat.length <= max) return flat;
  const half = Math.floor((max - 5) / 2);
  return `${flat.slice(0, half)} […] ${flat.slice(flat.length - half)}`;
}

/** The peer's note without its leading tag block, shortened. */
function shortNote(note: string, max = 70): string {
  return oneLine(note.replace(/^\s*\[[^\]]*\]\s*/, ''), max);
}

const pct = (n: number, total: number): string => (total ? `${((100 * n) / total).toFixed(1)}%` : '-');

function printSummary(reports: FileReport[]): void {
  const out = (s: string): boolean => process.stdout.write(s);
  const head = ['file', 'rows', 'skipped', 'agree', 'agree %', 'misses', 'false blocks', 'weaker', 'stronger', 'exact %'];
  const body = reports.map((r) => [
    basename(r.file),
    String(r.rows),
    String(r.skipped),
    String(r.agree),
    pct(r.agree, r.rows),
    String(r.misses),
    String(r.falseBlocks),
    String(r.weaker),
    String(r.stronger),
    pct(r.exact, r.rows),
  ]);
  if (reports.length > 1) {
    const sum = (k: 'rows' | 'skipped' | 'agree' | 'exact' | 'misses' | 'falseBlocks' | 'weaker' | 'stronger'): number =>
      reports.reduce((t, r) => t + r[k], 0);
    body.push([
      'total',
      String(sum('rows')),
      String(sum('skipped')),
      String(sum('agree')),
      pct(sum('agree'), sum('rows')),
      String(sum('misses')),
      String(sum('falseBlocks')),
      String(sum('weaker')),
      String(sum('stronger')),
      pct(sum('exact'), sum('rows')),
    ]);
  }
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] as string).length)));
  const fmt = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  out(`${fmt(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${body.map(fmt).join('\n')}\n\n`);
  out('verdicts (ours / theirs):\n');
  for (const r of reports) {
    const dist = (d: Record<Verdict, number>): string => VERDICTS.map((v) => `${v} ${d[v]}`).join(', ');
    out(`  ${basename(r.file)}\n    ours:   ${dist(r.ours)}\n    theirs: ${dist(r.theirs)}\n`);
    for (const m of r.malformed) out(`    malformed line ${m.line}: ${m.error}\n`);
  }
  out('\nflag = block|ask, pass = allow|warn|rewrite. miss: they flag, we pass. false block: they pass, we flag.\n');
  out('weaker: both flag, they block and we ask. stronger: both flag, they ask and we block.\n');
  out('exact: our verdict equals their label (for our own fixtures, "theirs" is the expected label).\n');
  if (reports.some((r) => r.skipped)) out('skipped: rows tagged mode=… or customRules=… (peer-specific settings); --all runs them.\n');
}

function printList(reports: FileReport[], list: ListKind): void {
  for (const r of reports) {
    const rows = selected(r.results, list);
    process.stdout.write(`\n${basename(r.file)} — ${list}: ${rows.length} row(s)\n`);
    process.stdout.write(`${'ours'.padEnd(7)} ${'theirs'.padEnd(7)} ${'class'.padEnd(11)} line  command  ⟨rules⟩  — note\n`);
    for (const x of rows) {
      const cls = x.strength ?? x.outcome;
      const rules = x.rules.length ? x.rules.join(',') : '-';
      const rewritten = x.rewrite !== undefined ? ` ⇒ ${oneLine(x.rewrite, 60)}` : '';
      process.stdout.write(
        `${x.ours.padEnd(7)} ${x.row.expect.padEnd(7)} ${cls.padEnd(11)} ${String(x.row.line).padStart(4)}  ${oneLine(x.row.display, 110)}${rewritten}  ⟨${rules}⟩  — ${shortNote(x.row.note)}\n`,
      );
    }
  }
}

function toJson(reports: FileReport[], list: ListKind | undefined): unknown {
  return {
    engine: { home: HOME, projectDir: PROJECT, now: new Date(FIXED_NOW).toISOString(), config: 'built-in (embedded KETER)' },
    files: reports.map((r) => ({
      file: r.file,
      rows: r.rows,
      skipped: r.skipped,
      malformed: r.malformed,
      agree: r.agree,
      agreePct: r.agreePct,
      exact: r.exact,
      misses: r.misses,
      falseBlocks: r.falseBlocks,
      weaker: r.weaker,
      stronger: r.stronger,
      ours: r.ours,
      theirs: r.theirs,
      ...(list
        ? {
            rows_listed: selected(r.results, list).map((x) => ({
              line: x.row.line,
              ours: x.ours,
              ...(x.rewrite !== undefined ? { rewrite: x.rewrite } : {}),
              theirs: x.row.expect,
              class: x.strength ?? x.outcome,
              rules: x.rules,
              command: x.row.display,
              cwd: x.row.cwd,
              note: x.row.note,
            })),
          }
        : {}),
    })),
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    process.stderr.write(args ? `corpus: ${args}\n${USAGE}` : USAGE);
    return;
  }
  const deps = await engineDeps();
  const reports: FileReport[] = [];
  for (const f of args.files) {
    try {
      reports.push(await runFile(f, args.all, deps));
    } catch (err) {
      process.stderr.write(`corpus: cannot read ${f}: ${err instanceof Error ? err.message : String(err)}\n`);
    }
  }
  if (args.json) {
    process.stdout.write(`${JSON.stringify(toJson(reports, args.list))}\n`);
  } else {
    printSummary(reports);
    if (args.list) printList(reports, args.list);
  }
}

try {
  await main();
} catch (err) {
  // Still a report, not a gate: say what went wrong and keep the exit code 0.
  process.stderr.write(`corpus: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
}
process.exitCode = 0;
