// hookwarden guards its own files. `$HOOKWARDEN_HOME` holds the audit log, session state, grants, memory,
// caches, the user config and the daemon token: an agent steered into rewriting them could loosen its own
// guard or forge its audit trail. Every writer × every spelling of a path in there must block (rule
// `paths-sensitive/hookwarden-home`, hint in what Claude Code receives), through the same runHook the hooks
// run; reads, writes elsewhere and quoted text must not.

import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalisePath } from '../../lib/analyzers/paths/normalise.js';
import { runHook } from '../../lib/hook/run-hook.js';
import { type Prepared } from '../../lib/hook/runtime.js';
import { ALL_ROUTERS } from '../../lib/hook/routers.js';
import { FIXED_NOW } from '../helpers/registry.js';

const RULE = 'paths-sensitive/hookwarden-home';
const HINT = 'let them run it in their own terminal';

/** HOME, hookwarden's home, the project, and a symlink elsewhere pointing at hookwarden's home. */
type Layout = Record<'home' | 'hw' | 'project' | 'alias', string>;

/** A fresh HOME with a project in it and hookwarden's home at its default place, or elsewhere (`custom`). */
function layout(custom = false): Layout {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'hw-self-')));
  const home = join(base, 'home');
  const hw = custom ? join(base, 'state', 'hw') : join(home, '.hookwarden');
  const project = join(home, 'project');
  for (const d of [join(hw, 'audit'), join(hw, 'memory'), join(hw, 'state', 'sessions'), project]) mkdirSync(d, { recursive: true });
  writeFileSync(join(hw, 'config.json'), '{}\n');
  const alias = join(base, 'hw-alias');
  symlinkSync(hw, alias);
  return { home, hw, project, alias };
}

/** The engine's verdict, and permissionDecision(+Reason) as Claude Code gets them (undefined: no opinion). */
type Verdict = { action: string | undefined; decision: string | undefined; reason: string; ids: string[] };

type Judge = (tool: string, input: Record<string, unknown>, cwd?: string) => Promise<Verdict>;

function judge(l: Layout, hookwardenHome = l.hw): Judge {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: l.home, HOOKWARDEN_HOME: hookwardenHome, CLAUDE_PROJECT_DIR: l.project };
  delete env.NODE_EXTRA_CA_CERTS;
  delete env.HOOKWARDEN_PATTERNS_DIR;
  const memo = new Map<string, Promise<Prepared>>();
  let n = 0;
  return async (tool, input, cwd = l.project) => {
    const call = { session_id: 'self', transcript_path: '/t', cwd, hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input, tool_use_id: `tu-${++n}` };
    const rt = { env, now: () => FIXED_NOW, newId: () => `id-${n}`, embedded: null, engineVersion: 'test', routers: ALL_ROUTERS, audit: false, memo };
    const r = await runHook('pre-tool-use', JSON.stringify(call), rt);
    const out = r.stdout ? (JSON.parse(r.stdout) as { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } }).hookSpecificOutput : undefined;
    const ids = r.decision?.local.matches.map((m) => m.id) ?? [];
    return { action: r.decision?.decision.action, decision: out?.permissionDecision, reason: out?.permissionDecisionReason ?? '', ids };
  };
}

const bash = (command: string): [string, Record<string, unknown>] => ['Bash', { command }];

/** Blocked by this rule, with the rule and the hint in the reason Claude Code shows the model. */
function blockedBySelf(v: Verdict): boolean {
  return v.action === 'block' && v.decision === 'deny' && v.ids.includes(RULE) && v.reason.includes(`[${RULE}]`) && v.reason.includes(HINT);
}

/** Runs every command, returns those that were not blocked by the rule (with what happened instead). */
async function misses(run: Judge, commands: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const c of commands) {
    const v = await run(...bash(c));
    if (!blockedBySelf(v)) out.push(`${c}  →  ${v.action} ${v.ids.join(',')}`);
  }
  return out;
}

// ---- writers: each a command writing (or deleting) `rel` as spelled by `t`

interface Writer {
  name: string;
  rel: string;
  cmd: (t: string) => string;
  /** Code in an interpreter: `~` inside its string literal is not the home, so that spelling is not a row. */
  code?: boolean;
}

const WRITERS: Writer[] = [
  { name: 'ln', rel: 'audit/audit-2026-11-26.jsonl', cmd: (t) => `ln -sf ~/.zshrc ${t}` },
  { name: 'cp', rel: 'config.json', cmd: (t) => `cp /tmp/evil.json ${t}` },
  { name: 'mv', rel: 'patterns.json', cmd: (t) => `mv /tmp/evil.json ${t}` },
  { name: 'tee', rel: 'state/sessions/s.json', cmd: (t) => `echo '{}' | tee ${t}` },
  { name: 'tee -a', rel: 'memory/user.json', cmd: (t) => `printf x | tee -a ${t} >/dev/null` },
  { name: '>', rel: 'config.json', cmd: (t) => `echo '{"mode":"off"}' > ${t}` },
  { name: '>>', rel: 'audit/audit-2026-11-26.jsonl', cmd: (t) => `echo '{}' >> ${t}` },
  { name: 'sed -i', rel: 'config.json', cmd: (t) => `sed -i 's/ask/allow/' ${t}` },
  { name: 'rm', rel: 'audit/audit-2026-11-26.jsonl', cmd: (t) => `rm -f ${t}` },
  { name: 'truncate', rel: 'audit/audit-2026-11-26.jsonl', cmd: (t) => `truncate -s 0 ${t}` },
  { name: 'install', rel: 'config.json', cmd: (t) => `install -m 600 /tmp/evil.json ${t}` },
  { name: 'rsync', rel: 'memory/user.json', cmd: (t) => `rsync -a /tmp/evil.json ${t}` },
  { name: 'python', rel: 'config.json', code: true, cmd: (t) => `python3 -c "open('${t}','w').write('{}')"` },
  { name: 'node', rel: 'state/sessions/s.json', code: true, cmd: (t) => `node -e "require('fs').writeFileSync('${t}','{}')"` },
  { name: 'perl', rel: 'config.json', code: true, cmd: (t) => `perl -e "open(my \\$f, '>', '${t}')"` },
  { name: 'ruby', rel: 'memory/user.json', code: true, cmd: (t) => `ruby -e "File.write('${t}', 'x')"` },
];

interface Spelling {
  name: string;
  /** Names the home only when it is at its default place (`~/.hookwarden`). */
  defaultOnly?: boolean;
  /** `~` spellings: not the home inside an interpreter's string literal. */
  tilde?: boolean;
  /** The command for a writer and a path relative to the home. */
  apply: (w: Writer, rel: string, l: Layout) => string;
}

const SPELLINGS: Spelling[] = [
  { name: '~/.hookwarden/…', defaultOnly: true, tilde: true, apply: (w, rel) => w.cmd(`~/.hookwarden/${rel}`) },
  { name: '$HOME/.hookwarden/…', defaultOnly: true, apply: (w, rel) => w.cmd(`$HOME/.hookwarden/${rel}`) },
  { name: '$HOOKWARDEN_HOME/…', apply: (w, rel) => w.cmd(`$HOOKWARDEN_HOME/${rel}`) },
  { name: '${HOOKWARDEN_HOME}/…', apply: (w, rel) => w.cmd(`\${HOOKWARDEN_HOME}/${rel}`) },
  { name: '"$HOOKWARDEN_HOME"/…', apply: (w, rel) => w.cmd(`"$HOOKWARDEN_HOME"/${rel}`) },
  { name: 'absolute', apply: (w, rel, l) => w.cmd(`${l.hw}/${rel}`) },
  { name: 'cd $HOOKWARDEN_HOME && relative', apply: (w, rel) => `cd $HOOKWARDEN_HOME && ${w.cmd(rel)}` },
  { name: 'cd ~/.hookwarden && relative', defaultOnly: true, apply: (w, rel) => `cd ~/.hookwarden && ${w.cmd(rel)}` },
  { name: 'cd /abs && relative', apply: (w, rel, l) => `cd ${l.hw} && ${w.cmd(rel)}` },
  { name: 'symlinked alias', apply: (w, rel, l) => w.cmd(`${l.alias}/${rel}`) },
];

function table(l: Layout, custom: boolean): Array<{ writer: string; spelling: string; command: string }> {
  const rows: Array<{ writer: string; spelling: string; command: string }> = [];
  for (const w of WRITERS) {
    for (const s of SPELLINGS) {
      if ((custom && s.defaultOnly) || (w.code && s.tilde)) continue;
      rows.push({ writer: w.name, spelling: s.name, command: s.apply(w, w.rel, l) });
    }
  }
  return rows;
}

const FILE_TOOLS = ['Write', 'Edit', 'MultiEdit', 'NotebookEdit'] as const;

const fileToolInput = (tool: (typeof FILE_TOOLS)[number], path: string): Record<string, unknown> =>
  ({
    Write: { file_path: path, content: '{"mode":"off"}' },
    Edit: { file_path: path, old_string: 'ask', new_string: 'allow' },
    MultiEdit: { file_path: path, edits: [{ old_string: 'ask', new_string: 'allow' }] },
    NotebookEdit: { notebook_path: path, new_source: 'x = 1', cell_id: 'c1' },
  })[tool];

function filePaths(l: Layout, custom: boolean): string[] {
  const paths = [
    `${l.hw}/config.json`,
    '$HOOKWARDEN_HOME/memory/user.json',
    '${HOOKWARDEN_HOME}/state/sessions/s.json',
    `${l.alias}/audit/audit-2026-11-26.jsonl`,
    `${l.hw}/audit/../config.json`,
    `${l.hw}//patterns.json`,
    `${l.hw}/cache/registry-x.json`,
  ];
  if (!custom) paths.push('~/.hookwarden/config.json', `${l.project}/../.hookwarden/config.json`);
  return paths;
}

describe.each([
  { custom: false, where: 'at its default place (~/.hookwarden)' },
  { custom: true, where: 'elsewhere ($HOOKWARDEN_HOME outside HOME)' },
])('hookwarden home $where', ({ custom }) => {
  const l = layout(custom);
  const run = judge(l);
  const rows = table(l, custom);

  it(`blocks every writer × every spelling (${custom ? 16 * 7 : 16 * 10 - 4} rows)`, async () => {
    expect(rows).toHaveLength(custom ? 16 * 7 : 16 * 10 - 4);
    expect(await misses(run, rows.map((r) => r.command))).toEqual([]);
  });

  it('blocks the file tools on every spelling of a path inside the home', async () => {
    const missed: string[] = [];
    for (const tool of FILE_TOOLS) {
      for (const p of filePaths(l, custom)) {
        const v = await run(tool, fileToolInput(tool, p));
        if (!blockedBySelf(v)) missed.push(`${tool} ${p} → ${v.action} ${v.ids.join(',')}`);
      }
      // A relative path from a cwd inside the home.
      const v = await run(tool, fileToolInput(tool, 'config.json'), l.hw);
      if (!blockedBySelf(v)) missed.push(`${tool} config.json (cwd ${l.hw}) → ${v.action}`);
    }
    expect(missed).toEqual([]);
  });
});

describe('the reproduction and its disguises', () => {
  const l = layout();
  const run = judge(l);

  it('blocks the planted audit symlink, with the rule and the hint in permissionDecisionReason', async () => {
    const v = await run(...bash('ln -sf ~/.zshrc "$HOOKWARDEN_HOME/audit/audit-2026-11-26.jsonl"'));
    expect(v.decision).toBe('deny');
    expect(v.action).toBe('block');
    expect(v.reason).toContain(`[${RULE}]`);
    expect(v.reason).toContain("hookwarden's own files (audit, memory, grants, config, caches) are the user's");
    expect(v.reason).toContain(HINT);
  });

  const DISGUISES = [
    'ln -sf ~/.zshrc "$HOOKWARDEN_HOME/audit/audit-2026-11-26.jsonl"',
    // wrappers and nesting
    'sudo tee ~/.hookwarden/config.json < /tmp/evil.json',
    'env FOO=1 tee $HOOKWARDEN_HOME/config.json < /tmp/evil.json',
    'timeout 5 nohup tee ~/.hookwarden/config.json < /dev/null',
    'command /usr/bin/tee $HOOKWARDEN_HOME/config.json < /dev/null',
    "bash -c 'echo {} > $HOOKWARDEN_HOME/config.json'",
    'sh -c "rm -rf ~/.hookwarden/audit"',
    "eval 'rm -rf $HOOKWARDEN_HOME'",
    "echo 'rm -rf ~/.hookwarden' | sh",
    "bash <<< 'echo x > ~/.hookwarden/config.json'",
    // computed paths
    'echo x > $(echo ~/.hookwarden)/config.json',
    'echo x > "$(echo ~/.hookwarden)/config.json"',
    'tee $(echo $HOOKWARDEN_HOME)/config.json < /dev/null',
    'D=$HOOKWARDEN_HOME/audit; ln -sf ~/.zshrc $D/audit-2026-11-26.jsonl',
    'export D=~/.hookwarden; echo > "$D/config.json"',
    'for f in config.json patterns.json; do echo {} > ~/.hookwarden/$f; done',
    'echo x > ${HOOKWARDEN_HOME:-/tmp}/config.json',
    'echo x > $(printf %s ~/.hookwarden)/config.json',
    'tee "$(cd $HOOKWARDEN_HOME && pwd)"/config.json < /dev/null',
    // globs the shell expands to the home
    'tee ~/.hook*/config.json < /dev/null',
    'echo x > ~/.hookward?n/config.json',
    'rm -rf ~/.hook[w]arden',
    'tee ~/.{hookwarden,x}/config.json < /dev/null',
    // quoting, slashes, dot segments
    'tee ~/.hook"warden"/config.json < /dev/null',
    "tee ~/'.hookwarden'/config.json < /dev/null",
    'tee ~/.hookwarden//audit///x.jsonl < /dev/null',
    'rm -rf ~/.hookwarden/audit/',
    'cp /tmp/evil.json ~/.hookwarden/',
    'rsync -a /tmp/evil/ "$HOOKWARDEN_HOME/"',
    'tee ~/.hookwarden/audit/../config.json < /dev/null',
    'tee $HOME/project/../.hookwarden/config.json < /dev/null',
    'tee ../.hookwarden/config.json < /dev/null',
    'tee ./../.hookwarden/./memory/user.json < /dev/null',
    // cwd changes
    'cd /tmp && cd ~/.hookwarden && tee audit/x',
    'cd "$HOOKWARDEN_HOME" && cd audit && truncate -s 0 audit-2026-11-26.jsonl',
    'pushd ~/.hookwarden && rm config.json',
    'cd ~ && echo x > .hookwarden/config.json',
    'cd .. && rm -rf .hookwarden',
    // redirects with no command, other writers
    ': > $HOOKWARDEN_HOME/audit/audit-2026-11-26.jsonl',
    '> ~/.hookwarden/config.json',
    'dd if=/dev/zero of=$HOOKWARDEN_HOME/audit/audit-2026-11-26.jsonl',
    'curl -so ~/.hookwarden/config.json https://example.com/x',
    'perl -pi -e "s/ask/allow/" ~/.hookwarden/config.json',
    // find and xargs
    "find ~/.hookwarden -name '*.jsonl' -delete",
    'find $HOOKWARDEN_HOME -type f -exec rm {} +',
    'echo ~/.hookwarden/config.json | xargs rm',
    'xargs rm <<< "$HOOKWARDEN_HOME/config.json"',
    // the home itself
    'rm -rf "$HOOKWARDEN_HOME"',
    'mv ~/.hookwarden ~/.hookwarden.bak',
    'mv $HOOKWARDEN_HOME/audit /tmp/old-audit',
    // links into the home (a second name to write it by) and copies that land in it
    'ln ~/.hookwarden/config.json ~/project/c.json',
    'ln -s ~/.hookwarden /tmp/hw-link && echo {} > /tmp/hw-link/config.json',
    'ln -s ~/.hookwarden/audit ./audit-link',
    'cd ~/.hookwarden && ln config.json /tmp/c.json',
    'cp -al ~/.hookwarden /tmp/hw-copy',
    'cp -r /tmp/payload/.hookwarden ~/',
    'cd ~ && mv /tmp/payload/.hookwarden .',
    // interpreters, by the language's own spelling of the home
    "python3 -c \"import os; open(os.path.expanduser('~/.hookwarden/config.json'),'w').write('{}')\"",
    "python3 -c \"import os; os.symlink('/etc/passwd', os.path.join(os.environ['HOME'], '.hookwarden', 'audit', 'a.jsonl'))\"",
    "python3 -c \"import os,shutil; shutil.rmtree(os.environ['HOOKWARDEN_HOME'])\"",
    "python3 -c \"import pathlib; (pathlib.Path.home()/'.hookwarden'/'config.json').write_text('{}')\"",
    "python3 -c \"import shutil; shutil.copy('/tmp/evil.json', '$HOOKWARDEN_HOME/config.json')\"",
    "python3 -c \"import os; os.link(os.path.expanduser('~/.hookwarden/config.json'), 'c.json')\"",
    "node -e \"require('fs').writeFileSync(process.env.HOME+'/.hookwarden/x','')\"",
    "node -e \"require('fs').symlinkSync('/x', process.env.HOOKWARDEN_HOME+'/audit/a.jsonl')\"",
    "node -e \"const p=require('path'),os=require('os');require('fs').renameSync('/tmp/e', p.join(os.homedir(),'.hookwarden','config.json'))\"",
    "perl -e 'open(my $f, \">\", \"$ENV{HOME}/.hookwarden/config.json\")'",
    "perl -e 'unlink \"$ENV{HOOKWARDEN_HOME}/config.json\"'",
    "ruby -e 'File.write(ENV[\"HOOKWARDEN_HOME\"] + \"/config.json\", \"x\")'",
    "ruby -e 'File.symlink(\"/etc/passwd\", Dir.home + \"/.hookwarden/audit/a.jsonl\")'",
    "php -r 'file_put_contents(getenv(\"HOME\").\"/.hookwarden/config.json\", \"x\");'",
    // string interpolation that only reads the environment or the home directory
    "python3 -c \"import os; open(f'{os.environ[\\\"HOME\\\"]}/.hookwarden/config.json','w')\"",
    "python3 -c \"from pathlib import Path; open(f'{Path.home()}/.hookwarden/config.json','w')\"",
    "node -e 'require(\"fs\").writeFileSync(`${process.env.HOOKWARDEN_HOME}/config.json`, \"\")'",
    "node -e 'require(\"fs\").rmSync(`${require(\"os\").homedir()}/.hookwarden`, {recursive: true})'",
    "ruby -e 'File.write(\"#{Dir.home}/.hookwarden/config.json\", \"x\")'",
    `python3 - <<'EOF'\nopen('${l.hw}/config.json','w').write('{}')\nEOF`,
  ];

  it(`blocks ${DISGUISES.length} disguised writes`, async () => {
    expect(await misses(run, DISGUISES)).toEqual([]);
  });

  it('blocks writes through a HOOKWARDEN_HOME that is itself a symlink, by either spelling', async () => {
    const viaAlias = judge(l, l.alias);
    expect(await misses(viaAlias, [`echo x > ${l.hw}/config.json`, 'echo x > $HOOKWARDEN_HOME/config.json', `rm ${l.alias}/audit/x`])).toEqual([]);
  });
});

describe('what stays allowed', () => {
  const l = layout();
  const run = judge(l);

  const NOT_BLOCKED = [
    // reads
    'cat ~/.hookwarden/config.json',
    'cat "$HOOKWARDEN_HOME/audit/audit-2026-11-26.jsonl"',
    'ls -la $HOOKWARDEN_HOME',
    'tail -f $HOOKWARDEN_HOME/audit/audit-2026-11-26.jsonl',
    'grep -r block ~/.hookwarden/audit',
    'jq . ${HOOKWARDEN_HOME}/config.json',
    'wc -l $HOOKWARDEN_HOME/audit/*.jsonl',
    'diff ~/.hookwarden/config.json config.example.json',
    'cp ~/.hookwarden/config.json /tmp/backup.json',
    'find ~/.hookwarden -name "*.jsonl"',
    "python3 -c \"print(open('$HOOKWARDEN_HOME/config.json').read())\"",
    "node -e \"console.log(require('fs').readFileSync(process.env.HOME+'/.hookwarden/config.json','utf8'))\"",
    // hookwarden's own read-only commands
    'hookwarden audit',
    'hookwarden audit --since 1h | grep block',
    'hookwarden memory list',
    'hookwarden explain "rm -rf /"',
    'hookwarden doctor',
    // quoted text is data
    'echo "$HOOKWARDEN_HOME/x"',
    "echo 'rm -rf ~/.hookwarden'",
    'printf "%s\\n" "> ~/.hookwarden/config.json"',
    'git commit -m "edit ~/.hookwarden/config.json"',
    "grep -n 'HOOKWARDEN_HOME' docs/policy.md",
    // writes elsewhere
    'echo x > /tmp/x',
    'echo x > src/hookwarden.ts',
    'echo x > ~/.hookwarden-notes/x.txt',
    'mkdir -p build && cp ~/.hookwarden/config.json build/',
    'cp -a ~/.hookwarden /tmp/hw-backup',
    // (not ~/bin/node itself: a `node` on PATH replaces every hook, paths-persistence/command-shadowing blocks it)
    'ln -s /usr/local/bin/node ~/bin/node20',
    'cp -r /tmp/payload/.hookwarden ~/backup/',
    // the variable reassigned first: the write goes where the command says
    'HOOKWARDEN_HOME=/tmp/hw-test; echo {} > $HOOKWARDEN_HOME/config.json',
  ];

  it(`does not block ${NOT_BLOCKED.length} reads, data and writes elsewhere`, async () => {
    const blocked: string[] = [];
    for (const c of NOT_BLOCKED) {
      const v = await run(...bash(c));
      if (v.action === 'block' || v.ids.includes(RULE)) blocked.push(`${c} → ${v.action} ${v.ids.join(',')}`);
    }
    expect(blocked).toEqual([]);
  });

  it('does not block reading with the Read tool', async () => {
    const v = await run('Read', { file_path: `${l.hw}/config.json` });
    expect(v.action).not.toBe('block');
    expect(v.ids).not.toContain(RULE);
  });

  it("blocks the project's own .hookwarden/ by its own rule (guard-self/project-config, v0.4: was an ask), not as hookwarden's home", async () => {
    for (const [tool, input] of [
      bash('echo {} > .hookwarden/config.json'),
      ['Write', { file_path: `${l.project}/.hookwarden/config.json`, content: '{}' }],
      ['Edit', { file_path: '.hookwarden/patterns.json', old_string: 'a', new_string: 'b' }],
    ] as Array<[string, Record<string, unknown>]>) {
      const v = await run(tool, input);
      expect(v.action, `${tool} ${JSON.stringify(input)}`).toBe('block');
      expect(v.ids).toContain('guard-self/project-config');
      expect(v.reason).toContain('let them make it in their own editor or terminal');
      expect(v.ids).not.toContain(RULE);
    }
  });

  it('with HOOKWARDEN_HOME=$HOME only hookwarden entries are protected, not every file in home', async () => {
    const r = judge(l, l.home);
    expect((await r(...bash('echo x > ~/project/src/a.ts'))).action).not.toBe('block');
    expect((await r('Write', { file_path: `${l.project}/src/a.ts`, content: 'x' })).action).not.toBe('block');
    expect(await misses(r, ['echo {} > ~/config.json', 'rm -rf ~/audit', 'tee $HOOKWARDEN_HOME/memory/user.json'])).toEqual([]);
  });
});

describe('normalisePath', () => {
  const ctx = { cwd: '/home/dev/project', home: '/home/dev', projectDir: '/home/dev/project' };

  it('adds the $HOOKWARDEN_HOME form for every spelling of a path inside the home', () => {
    for (const p of ['~/.hookwarden/config.json', '$HOME/.hookwarden/config.json', '${HOOKWARDEN_HOME}/config.json', '../.hookwarden/config.json']) {
      expect(normalisePath(p, ctx).forms, p).toContain('$HOOKWARDEN_HOME/config.json');
    }
    expect(normalisePath('/srv/hw/audit', { ...ctx, hookwardenHome: '/srv/hw' }).forms).toContain('$HOOKWARDEN_HOME/audit');
    expect(normalisePath('$HOOKWARDEN_HOME', { ...ctx, hookwardenHome: '/srv/hw' }).forms).toContain('$HOOKWARDEN_HOME');
  });

  it('does not add it for neighbours of the home', () => {
    for (const p of ['~/.hookwarden-old/config.json', '.hookwarden/config.json', '~/.hookwardenx']) {
      expect(normalisePath(p, ctx).forms.some((f) => f.startsWith('$HOOKWARDEN_HOME')), p).toBe(false);
    }
  });
});
