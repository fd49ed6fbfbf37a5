import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../lib/analyzers/shell/index.js';
import { type InteractivePlan, planInteractive } from '../../../lib/analyzers/shell/interactive/index.js';
import { REPLS } from '../../../lib/analyzers/shell/interactive/repls.js';

const ctx = { cwd: '/home/dev/project', home: '/home/dev' };
const plan = (cmd: string, runInBackground = false): InteractivePlan | undefined =>
  planInteractive(cmd, analyzeShell(cmd, ctx), { runInBackground });

// [command, rule id, exact rewritten command]
const REWRITES: Array<[string, string, string]> = [
  ['tail -f app.log', 'interactive/follow-log', 'tail -n 200 app.log'],
  ['tail -f "my log.txt"', 'interactive/follow-log', "tail -n 200 'my log.txt'"],
  ['tail -F app.log', 'interactive/follow-log', 'tail -n 200 app.log'],
  ['tail --follow=name app.log', 'interactive/follow-log', 'tail -n 200 app.log'],
  ['tail -n 50 -f app.log', 'interactive/follow-log', 'tail -n 50 app.log'],
  ['tail -fn50 app.log', 'interactive/follow-log', 'tail -n50 app.log'],
  ['tail -f --lines=100 a.log b.log', 'interactive/follow-log', 'tail --lines=100 a.log b.log'],
  ['tail -qf -s 5 --pid=42 a.log', 'interactive/follow-log', 'tail -n 200 -q a.log'],
  ['tail -f ~/logs/app.log', 'interactive/follow-log', 'tail -n 200 ~/logs/app.log'],
  ['tail -f logs/*.log', 'interactive/follow-log', 'tail -n 200 logs/*.log'],
  ['tail -f $LOG_FILE', 'interactive/follow-log', 'tail -n 200 "$LOG_FILE"'],
  ['tail -f app.log 2>/dev/null', 'interactive/follow-log', 'tail -n 200 app.log 2>/dev/null'],
  ['journalctl -fu nginx', 'interactive/follow-log', 'journalctl --no-pager -n 200 -u nginx'],
  ['journalctl --follow -n 20 -u api', 'interactive/follow-log', 'journalctl --no-pager -n 20 -u api'],
  ['journalctl -u nginx --since today', 'interactive/pager', 'journalctl --no-pager -u nginx --since today'],
  ['docker logs -f web', 'interactive/follow-log', 'docker logs --tail 200 web'],
  ['docker logs --follow --tail 10 web', 'interactive/follow-log', 'docker logs --tail 10 web'],
  ['docker compose logs -f api', 'interactive/follow-log', 'docker compose logs --tail 200 api'],
  ['docker compose -f dc.yml logs -f api', 'interactive/follow-log', 'docker compose -f dc.yml logs --tail 200 api'],
  ['docker container logs -ft web', 'interactive/follow-log', 'docker container logs --tail 200 -t web'],
  ['kubectl logs -f pod/api -n web', 'interactive/follow-log', 'kubectl logs --tail=200 pod/api -n web'],
  ['kubectl -n web logs --follow deploy/api --tail=20', 'interactive/follow-log', 'kubectl -n web logs deploy/api --tail=20'],
  ['watch -n 1 kubectl get pods', 'interactive/watch', 'kubectl get pods'],
  ["watch -d 'ps aux | grep node'", 'interactive/watch', 'ps aux | grep node'],
  ['top', 'interactive/monitor', 'top -b -n 1'],
  ['top -b', 'interactive/monitor', 'top -b -n 1'],
  ['top -n 3', 'interactive/monitor', 'top -b -n 3'],
  ['less README.md', 'interactive/pager', 'cat README.md'],
  ['less -N +G "release notes.md"', 'interactive/pager', "cat 'release notes.md'"],
  ['more docs/guide.md', 'interactive/pager', 'cat docs/guide.md'],
  ['man git-rebase', 'interactive/pager', 'MANPAGER=cat man git-rebase'],
  ['ping example.com', 'interactive/unbounded', 'ping -c 4 example.com'],
];

// [command, rule id] — no safe rewrite
const ASKS: Array<[string, string]> = [
  ['htop', 'interactive/monitor'],
  ['btop', 'interactive/monitor'],
  ['vim src/app.ts', 'interactive/editor'],
  ['nano notes.txt', 'interactive/editor'],
  ['emacs -nw file', 'interactive/editor'],
  ['hx .', 'interactive/editor'],
  ['python', 'interactive/repl'],
  ['python3', 'interactive/repl'],
  ['python -i script.py', 'interactive/repl'],
  ['node', 'interactive/repl'],
  ['psql -h db -U app app_db', 'interactive/repl'],
  ['mysql -h db -u root', 'interactive/repl'],
  ['sqlite3 app.db', 'interactive/repl'],
  ['redis-cli -h cache', 'interactive/repl'],
  ['irb', 'interactive/repl'],
  ['ghci', 'interactive/repl'],
  ['git rebase -i HEAD~3', 'interactive/editor'],
  ['git commit', 'interactive/editor'],
  ['git commit --amend', 'interactive/editor'],
  ['git tag -a v1.0', 'interactive/editor'],
  ['git add -p', 'interactive/prompt'],
  ['git checkout -p src', 'interactive/prompt'],
  ['ssh prod-host', 'interactive/remote-shell'],
  ['ssh -N -L 5432:db:5432 bastion', 'interactive/remote-shell'],
  ['yes', 'interactive/unbounded'],
  ['sleep infinity', 'interactive/unbounded'],
];

// Commands the rule must leave alone
const NON_MATCHES: string[] = [
  'tail -n 50 f',
  'tail f',
  'make 2>&1 | tail -f',
  'docker logs c',
  'docker logs --tail 100 c',
  'docker exec c tail -n 5 logs',
  'kubectl logs pod',
  'kubectl get pods',
  'python script.py',
  "python -c 'print(1)'",
  'python -m http.server --help',
  'python3 --version',
  'echo x | python',
  "python <<'EOF'\nprint(1)\nEOF",
  "python <<< 'print(1)'",
  'python < script.py',
  "node -e 'console.log(1)'",
  'node server.js',
  "psql -c 'select 1'",
  'psql -f schema.sql',
  "mysql -e 'show tables'",
  "sqlite3 app.db '.tables'",
  'redis-cli GET key',
  'git commit -m x',
  'git commit -am "fix: typo"',
  'git commit --amend --no-edit',
  'git commit --fixup=abc123',
  'GIT_EDITOR=true git commit',
  'git -c core.editor=true commit',
  'git rebase main',
  'git log -p',
  'git add -A',
  'git tag -a v1 -m release',
  'ssh host uptime',
  "ssh -i key.pem user@host 'ls /var/log'",
  'ssh -fN -L 1:x:2 host',
  'ssh host <<EOF\nuptime\nEOF',
  'yes | head -3',
  'sleep 5',
  'top -b -n 1',
  'ping -c 3 host',
  'journalctl --no-pager -u nginx',
  'journalctl -u nginx | grep error',
  'journalctl -u nginx > out.log',
  'man ls | col -b',
  'man -k rebase',
  'vim --version',
  'vim -es -c "%s/a/b/g" -c wq file',
  'emacs --batch -l build.el',
  'timeout 10 tail -f app.log',
  'ls -la',
];

describe('planInteractive: rewrites', () => {
  it.each(REWRITES)('%s', (cmd, ruleId, rewritten) => {
    const p = plan(cmd);
    expect(p).toBeDefined();
    expect(p?.kind).toBe('rewrite');
    expect(p?.ruleId).toBe(ruleId);
    expect(p?.command).toBe(rewritten);
    expect(p?.reason.length).toBeGreaterThan(0);
    expect(p?.hint).toContain(rewritten.replace(/ 2>\/dev\/null$/, ''));
  });

  it('fills every field for tail -f', () => {
    expect(plan('tail -f app.log')).toEqual({
      kind: 'rewrite',
      ruleId: 'interactive/follow-log',
      matched: 'tail -f app.log',
      reason: 'tail -f never exits; the call would hang until the tool times out.',
      command: 'tail -n 200 app.log',
      hint: 'Use `tail -n 200 app.log` instead of `tail -f app.log`, or run it with run_in_background.',
    });
  });

  it('keeps quoting in matched and hint', () => {
    const p = plan('tail -f "my log.txt"');
    expect(p?.matched).toBe("tail -f 'my log.txt'");
    expect(p?.hint).toContain("`tail -n 200 'my log.txt'`");
  });
});

describe('planInteractive: asks', () => {
  it.each(ASKS)('%s', (cmd, ruleId) => {
    const p = plan(cmd);
    expect(p?.kind).toBe('ask');
    expect(p?.ruleId).toBe(ruleId);
    expect(p?.command).toBeUndefined();
    expect(p?.hint.length).toBeGreaterThan(0);
  });

  it('points editors at the Edit/Write tools', () => {
    expect(plan('vim f')?.hint).toMatch(/Edit or Write tools/);
  });

  it('tells REPLs how to pass code', () => {
    expect(plan('python3')?.hint).toMatch(/-c/);
    expect(plan('psql -d app')?.hint).toMatch(/psql -c/);
  });

  it('tells git commit to pass -m', () => {
    expect(plan('git commit')?.hint).toMatch(/-m/);
  });

  it('gives ssh a remote command to try', () => {
    expect(plan('ssh prod-host')?.hint).toBe("Pass the remote command, e.g. `ssh prod-host 'uptime'`.");
  });
});

describe('planInteractive: compound commands are never partially rewritten', () => {
  it.each([
    ['cd logs && tail -f app.log', 'Use `tail -n 200 app.log` instead of `tail -f app.log`, or run it with run_in_background.'],
    ['tail -f app.log | grep ERROR', 'Use `tail -n 200 app.log` instead of `tail -f app.log`, or run it with run_in_background.'],
    ['sudo tail -f /var/log/syslog', 'Use `tail -n 200 /var/log/syslog` instead of `tail -f /var/log/syslog`, or run it with run_in_background.'],
    ["bash -c 'less notes.md'", 'Use `cat notes.md` instead of `less notes.md`, or use head/sed -n to read a part.'],
    ['tail -f app.log > copy.log', 'Use `tail -n 200 app.log` instead of `tail -f app.log`, or run it with run_in_background.'],
    ['tail -f $(ls -t *.log | head -1)', 'Use `tail -n 200 $(ls -t *.log | head -1)` instead of `tail -f $(ls -t *.log | head -1)`, or run it with run_in_background.'],
  ])('%s', (cmd, hint) => {
    const p = plan(cmd);
    expect(p?.kind).toBe('ask');
    expect(p?.command).toBeUndefined();
    expect(p?.hint).toBe(hint);
  });

  it('asks when a word cannot be re-quoted faithfully', () => {
    const p = plan("tail -f 'cost$5.log'");
    expect(p?.kind).toBe('ask');
    expect(p?.hint).toContain('tail -n 200');
  });

  it('asks to drop a trailing pager in a pipeline', () => {
    const p = plan('cat f | less');
    expect(p).toMatchObject({ kind: 'ask', ruleId: 'interactive/pager', matched: 'less' });
    expect(p?.hint).toMatch(/Drop `\| less`/);
  });

  it('rewrites watch with a pipeline inside as one command', () => {
    expect(plan("watch 'ps aux | grep node'")?.command).toBe('ps aux | grep node');
  });

  it('asks for watch inside a chain', () => {
    expect(plan('cd k8s && watch kubectl get pods')?.kind).toBe('ask');
  });
});

describe('planInteractive: non-matches', () => {
  it.each(NON_MATCHES)('%s', (cmd) => {
    expect(plan(cmd)).toBeUndefined();
  });

  it('returns nothing for run_in_background', () => {
    for (const cmd of ['tail -f app.log', 'vim f', 'python', 'watch ls', 'yes']) expect(plan(cmd, true)).toBeUndefined();
  });

  it('does not find Object.prototype members in its tables', () => {
    for (const cmd of ['constructor', '__proto__', 'hasOwnProperty', 'git constructor -p', 'git valueOf']) expect(plan(cmd), cmd).toBeUndefined();
  });

  it('returns nothing when the command does not parse', () => {
    expect(plan('tail -f "app.log')).toBeUndefined();
  });
});

describe('planInteractive: determinism', () => {
  it('picks the first matching segment and repeats the same answer', () => {
    const cmd = 'vim a; tail -f b';
    expect(plan(cmd)?.ruleId).toBe('interactive/editor');
    expect(plan(cmd)).toEqual(plan(cmd));
  });
});

describe('the REPL table, each entry built on first use', () => {
  it('finds every REPL it names through the detector table, alone and under its version name', () => {
    const names = Object.keys(REPLS);
    expect(names.length).toBeGreaterThan(15);
    for (const p of names) expect(plan(p)?.ruleId, p).toBe('interactive/repl');
    expect(plan('python3.12')?.ruleId).toBe('interactive/repl');
  });
});
