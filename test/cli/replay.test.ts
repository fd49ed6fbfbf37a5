// hookwarden replay as a command: arguments, default files, exit codes (0 none changed, 1 some changed,
// 2 bad arguments), text and JSON output, --since. The audit is written by real in-process hook calls.

import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../lib/cli/main.js';
import { memoryIO } from '../helpers/cli.js';
import { FIXED_NOW, PATTERNS_DIR } from '../helpers/registry.js';
import { bash, prompt, recorder, type Recorder } from '../fixtures/replay/record.js';

const DAY = 86_400_000;
// --since reads a date as local time: these tests read it in UTC.
const TZ = process.env.TZ;
process.env.TZ = 'UTC';
afterAll(() => {
  if (TZ === undefined) delete process.env.TZ;
  else process.env.TZ = TZ;
});
let rec: Recorder;
let blockingRegistry: string;

beforeAll(async () => {
  rec = recorder();
  // Two days of audit: the 20th, then the 22nd (FIXED_NOW's day).
  rec.at(FIXED_NOW - 2 * DAY);
  await rec.call('pre-tool-use', bash('git push --force origin feature/x', 'cli-s0', 'toolu_old'));
  await rec.call('pre-tool-use', bash('ls', 'cli-s0', 'toolu_old2'));
  rec.at(FIXED_NOW - 60_000);
  await rec.call('pre-tool-use', bash('git push -f origin feature', 'cli-s1', 'toolu_1'));
  await rec.call('pre-tool-use', bash('npm test', 'cli-s1', 'toolu_2'));
  await rec.call('user-prompt', prompt('why does the parser crash on tabs?', 'cli-s1'));
  await rec.call('user-prompt', prompt('[1, 2]', 'cli-s1'));

  blockingRegistry = mkdtempSync(join(tmpdir(), 'hw-cli-replay-reg-'));
  cpSync(PATTERNS_DIR, blockingRegistry, { recursive: true });
  const pack = join(blockingRegistry, 'bash-git.json');
  const data = JSON.parse(readFileSync(pack, 'utf8')) as { patterns: Array<{ id: string; action: string }> };
  (data.patterns.find((p) => p.id === 'bash-git/force-push') as { action: string }).action = 'block';
  writeFileSync(pack, JSON.stringify(data, null, 2));
});

const io = (opts: { home?: string; cwd?: string } = {}) => memoryIO({ home: opts.home ?? rec.home, ...(opts.cwd ? { cwd: opts.cwd } : {}) });
const lastLine = (text: string): string => text.trimEnd().split('\n').at(-1) ?? '';

describe('hookwarden replay: arguments', () => {
  it('shows its usage with --help', async () => {
    const o = io();
    expect(await runCli(['replay', '--help'], o)).toBe(0);
    expect(o.stdout()).toContain('hookwarden replay [files…] [--registry DIR] [--since WHEN] [--agent NAME] [--json]');
  });

  it('exits 2 with one line naming the bad argument on bad arguments', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'hw-cli-replay-empty-'));
    const cases: Array<[string[], RegExp]> = [
      [['--bogus'], /unknown option --bogus; options are --json, --registry, --since, --agent/],
      [['--registry'], /--registry needs a value/],
      [['--since', 'last week'], /--since "last week" is not/],
      [['--registry', join(empty, 'nope')], /does not exist/],
      [['--registry', empty], /holds no pattern packs/],
      [['--registry', join(PATTERNS_DIR, 'bash-git.json')], /is not a directory/],
      [['no-such-audit.jsonl'], /no such file or directory: no-such-audit\.jsonl/],
    ];
    for (const [args, message] of cases) {
      const o = io();
      expect(await runCli(['replay', ...args], o), args.join(' ')).toBe(2);
      expect(o.stderr()).toMatch(message);
      expect(o.stderr()).toMatch(/^hookwarden replay: .*\(see `hookwarden replay --help`\)\n$/);
      expect(o.stdout()).toBe('');
    }
  });
});

describe('hookwarden replay: reports', () => {
  it('replays every audit file of $HOOKWARDEN_HOME by default: nothing changed, exit 0', async () => {
    const o = io();
    expect(await runCli(['replay'], o)).toBe(0);
    expect(o.stdout()).toBe('replay: 6 replayed, 6 unchanged, 0 changed, 0 skipped\n');
    expect(o.stderr()).toBe('');
  });

  it('exits 1 and lists each changed decision when --registry DIR changes verdicts', async () => {
    const o = io();
    expect(await runCli(['replay', '--registry', blockingRegistry], o)).toBe(1);
    const text = o.stdout();
    expect(text).toMatch(/^2 verdicts would change:\n\n2026-11-20T12:00:01\.000Z  d-0001  PreToolUse Bash  "git push --force origin feature\/x"\n {2}verdict {3}ask → block\n/);
    expect(text).toContain('2026-11-22T11:59:01.000Z  d-0003  PreToolUse Bash  "git push -f origin feature"');
    expect(text).toContain('  rules     LOCAL_ASK_STANDS → LOCAL_BLOCK_STANDS\n');
    expect(lastLine(text)).toBe('replay: 6 replayed, 4 unchanged, 2 changed, 0 skipped');
  });

  it('gives the same report as data with --json', async () => {
    const o = io();
    expect(await runCli(['replay', '--json', '--registry', blockingRegistry], o)).toBe(1);
    const j = JSON.parse(o.stdout());
    expect(j.summary).toMatchObject({ lines: 6, replayed: 6, unchanged: 4, changed: 2, skipped: 0, skipped_by: {} });
    expect(j.changes.map((c: { decision_id: string }) => c.decision_id)).toEqual(['d-0001', 'd-0003']);
    expect(j.changes[1]).toMatchObject({
      decision_id: 'd-0003',
      ts: '2026-11-22T11:59:01.000Z',
      event: 'PreToolUse',
      tool: 'Bash',
      target: 'git push -f origin feature',
      before: { verdict: 'ask', patterns: ['bash-git/force-push'], rules: ['LOCAL_ASK_STANDS'] },
      after: { verdict: 'block', patterns: ['bash-git/force-push'], rules: ['LOCAL_BLOCK_STANDS'] },
    });
    expect(j.registry.dir).toBe(blockingRegistry);
    // Same bytes on a second run.
    const again = io();
    await runCli(['replay', '--json', '--registry', blockingRegistry], again);
    expect(again.stdout()).toBe(o.stdout());
  });

  it('takes --since as a day, a duration back from now, or an ISO time', async () => {
    const day = io();
    expect(await runCli(['replay', '--since', '2026-11-22', '--registry', blockingRegistry], day)).toBe(1);
    expect(lastLine(day.stdout())).toBe('replay: 4 replayed, 3 unchanged, 1 changed, 0 skipped');
    const dur = io();
    expect(await runCli(['replay', '--since', '1d', '--json'], dur)).toBe(0);
    expect(JSON.parse(dur.stdout()).summary.lines).toBe(4);
    const iso = io();
    expect(await runCli(['replay', '--since', '2026-11-22T11:59:03Z', '--json'], iso)).toBe(0);
    expect(JSON.parse(iso.stdout()).summary.lines).toBe(2);
  });

  it('reads the files and directories it is given, relative to the working directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-cli-replay-files-'));
    mkdirSync(join(dir, 'copied'));
    cpSync(join(rec.home, 'audit'), join(dir, 'copied'), { recursive: true });
    const both = io({ cwd: dir });
    expect(await runCli(['replay', 'copied'], both)).toBe(0);
    expect(lastLine(both.stdout())).toBe('replay: 6 replayed, 6 unchanged, 0 changed, 0 skipped');
    const one = io({ cwd: dir });
    expect(await runCli(['replay', '--registry', blockingRegistry, 'copied/audit-2026-11-20.jsonl'], one)).toBe(1);
    expect(lastLine(one.stdout())).toBe('replay: 2 replayed, 1 unchanged, 1 changed, 0 skipped');
  });

  it('reports skipped lines by reason, and warns once on stderr when the config changed', async () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-cli-replay-home-'));
    mkdirSync(join(home, 'audit'));
    const file = join(home, 'audit', 'audit-2026-11-22.jsonl');
    const real = readFileSync(join(rec.home, 'audit', 'audit-2026-11-22.jsonl'), 'utf8');
    writeFileSync(file, `${real}not json\n${JSON.stringify({ schema: 0, decision_id: 'old' })}\n{"schema":1,"decisi`);
    writeFileSync(join(home, 'config.json'), JSON.stringify({ suggestAgents: false }));
    const o = io({ home });
    expect(await runCli(['replay'], o)).toBe(0);
    expect(o.stdout()).toBe('replay: 4 replayed, 4 unchanged, 0 changed, 3 skipped (unreadable 1, partial-line 1, other-schema 1)\n');
    expect(o.stderr()).toBe(
      'hookwarden replay: warning: config changed since 4 of the replayed lines were written; they are replayed with the current config, so a change among them may come from the config rather than the registry\n',
    );
  });

  it('says so when there is no audit to replay, and exits 0', async () => {
    const o = io({ home: mkdtempSync(join(tmpdir(), 'hw-cli-replay-none-')) });
    expect(await runCli(['replay'], o)).toBe(0);
    expect(o.stdout()).toBe('no audit files to replay\nreplay: 0 replayed, 0 unchanged, 0 changed, 0 skipped\n');
  });
});
