import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../lib/analyzers/shell/index.js';
import { classifyIntent, type ExecutionIntent, sedScriptRisk } from '../../../lib/analyzers/shell/intent/index.js';

const ctx = { cwd: '/home/dev/project', home: '/home/dev' };
const intentOf = (cmd: string) => classifyIntent(analyzeShell(cmd, ctx));

const RO: ExecutionIntent = 'read-only';
const INS: ExecutionIntent = 'read-only-inspected';
const W: ExecutionIntent = 'write-or-unknown';

// [label, command, expected intent]
const CASES: Array<[string, string, ExecutionIntent]> = [
  // Read-only by construction
  ['plain ls', 'ls -la', RO],
  ['cat and head', 'cat README.md | head -n 20', RO],
  ['stderr to /dev/null is not a write', 'grep x f 2>/dev/null', RO],
  ['stdout to /dev/null', 'ls >> /dev/null', RO],
  ['fd duplication', 'ls 2>&1 | head', RO],
  ['stdout onto stderr', 'cat f >&2', RO],
  ['input redirect', 'wc -l < f', RO],
  ['find without actions', 'find . -name x', RO],
  ['rg search', 'rg -n TODO src', RO],
  ['git status and diff', 'git status && git diff', RO],
  ['git log piped', 'git log --oneline -n 20 | cat', RO],
  ['git with -C', 'git -C sub status', RO],
  ['bare git branch', 'git branch', RO],
  ['bare git tag', 'git tag', RO],
  ['git stash list', 'git stash list', RO],
  ['git config --get', 'git config --get user.name', RO],
  ['git remote -v', 'git remote -v', RO],
  ['cd then list', 'cd src && ls | wc -l', RO],
  ['loop reading a file', 'while read l; do echo $l; done < f', RO],
  ['process substitution of ls', 'diff <(ls a) <(ls b)', RO],
  ['which and command -v', 'which node; command -v npm', RO],
  ['sort without -o', 'sort -u f', RO],
  ['top in batch mode', 'top -bn1', RO],
  ['date format', 'date +%F', RO],
  ['ping with a count', 'ping -c 3 example.com', RO],
  ['node --version', 'node --version', RO],
  ['python3 --version', 'python3 --version', RO],
  ['npm ls', 'npm ls --depth=0', RO],
  ['kubectl get with namespace', 'kubectl get pods -n web', RO],
  ['docker compose logs without -f', 'docker compose -f dc.yml logs web', RO],
  ['aws describe', 'aws ec2 describe-instances --region eu-west-1', RO],
  ['aws s3 ls', 'aws s3 ls s3://bucket', RO],
  ['cargo tree --locked', 'cargo tree --locked', RO],
  ['locale assignment', 'LC_ALL=C sort f', RO],
  ['bash -c with a read-only script', "bash -c 'ls -la'", RO],
  ['xargs into an argument-proof program', 'find . -name "*.ts" | xargs grep -l TODO', RO],
  ['gh pr view', 'gh pr view 12', RO],
  ['substitution of a reader', 'echo $(git rev-parse HEAD)', RO],

  // Read-only after inspection
  ['sed -n print', 'sed -n 1p f', INS],
  ['sed substitution to stdout', "sed 's/hello/world/g' f", INS],
  ['sed label loop', "sed ':a;N;$!ba;s/\\n/ /g' f", INS],
  ['sed range with block', "sed -n '/start/,/end/{s/a/b/;p}' f", INS],
  ['awk print fields', "awk -F: '{print $1}' /etc/passwd", INS],
  ['curl GET', 'curl https://x', INS],
  ['curl silent, status to /dev/null', 'curl -s -o /dev/null -w "%{http_code}" https://x', INS],
  ['curl into jq', 'curl -sSL https://api.example.com/v1 | jq .', INS],
  ['git branch -a', 'git branch -a', INS],
  ['git branch --list pattern', 'git branch --list "feat*"', INS],
  ['git tag -l pattern', "git tag -l 'v1*'", INS],
  ['aws get-* without outfile', 'aws sts get-caller-identity', INS],

  // Mutation guards
  ['stdout redirect to a file', 'ls > out.txt', W],
  ['append redirect', 'echo x >> notes.md', W],
  ['&> to a file', 'make &> build.log', W],
  ['>& to a file', 'echo x >& f', W],
  ['read-write open', 'cat 3<> f', W],
  ['stderr to a file', 'cat f 2> err.log', W],
  ['tee to a file', 'cat f | tee out', W],
  ['sed -i', 'sed -i s/a/b/ f', W],
  ['sed -i with suffix in a cluster', "sed -ni.bak '1p' f", W],
  ['perl -pi', "perl -pi -e 's/a/b/' f", W],
  ['yq -i', 'yq -i .a=1 f.yaml', W],
  ['find -delete', 'find . -delete', W],
  ['find -exec', 'find . -name x -exec grep y {} \\;', W],
  ['find -fprint', 'find . -fprint out.txt', W],
  ['git -c', 'git -c core.pager=less log', W],
  ['substitution running rm', 'echo $(rm -rf x)', W],
  ['xargs rm', 'xargs rm', W],
  ['xargs sed (stdin could add -i)', 'find . | xargs sed -n p', W],
  ['sudo cat', 'sudo cat /etc/shadow', W],
  ['env wrapper', 'env ls', W],
  ['unknown assignment', 'GIT_PAGER=cat git log', W],

  // Known writers and unknown programs
  ['rm', 'rm -rf build', W],
  ['mkdir after ls', 'ls && mkdir x', W],
  ['git commit', 'git commit -m x', W],
  ['git push in a chain', 'git status && git push', W],
  ['git branch -D', 'git branch -D x', W],
  ['git branch NAME creates', 'git branch newb', W],
  ['git tag NAME creates', 'git tag v2', W],
  ['git stash', 'git stash', W],
  ['git config set', 'git config user.name x', W],
  ['git log --output', 'git log --output=x', W],
  ['git grep -O', 'git grep -O vim x', W],
  ['npm install', 'npm install', W],
  ['cargo tree without --locked', 'cargo tree', W],
  ['docker run', 'docker run alpine', W],
  ['docker logs -f', 'docker logs -f x', W],
  ['kubectl get -w', 'kubectl get pods -w', W],
  ['aws get-object with outfile', 'aws s3api get-object --bucket b --key k out.bin', W],
  ['aws s3 cp', 'aws s3 cp a s3://b/a', W],
  ['curl -o file', 'curl -o f https://x', W],
  ['curl -O', 'curl -O https://x/file.tgz', W],
  ['curl POST', 'curl -X POST https://x', W],
  ['curl -XPOST attached', 'curl -XPOST https://x', W],
  ['curl -d data', 'curl -d a=1 https://x', W],
  ['curl cookie jar', 'curl -c jar.txt https://x', W],
  ['wget', 'wget https://x/file', W],
  ['awk print to a file', "awk '{print > \"o\"}' f", W],
  ['awk system()', 'awk \'BEGIN{system("rm x")}\'', W],
  ['awk program file', 'awk -f prog.awk f', W],
  ['gawk indirect call', "gawk 'BEGIN{f=\"sys\" \"tem\"; @f(\"id\")}'", W],
  ['sed w command', "sed -e 's/a/b/w out' f", W],
  ['sed e flag', "sed 's/.*/date/e' f", W],
  ['sed script file', 'sed -f edit.sed f', W],
  ['sort -o', 'sort -o f f', W],
  ['uniq with output operand', 'uniq a b', W],
  ['date sets the clock', 'date 0101', W],
  ['tail -f never ends', 'tail -f log', W],
  ['top without batch', 'top', W],
  ['bash -l runs profiles', "bash -lc 'ls'", W],
  ['terraform plan', 'terraform plan', W],
  ['unknown program', 'frobnicate --all', W],
  ['script interpreter', 'python3 script.py', W],
  ['parse error', 'echo "unterminated', W],
  ['empty command', '   ', W],
  ['fork bomb fact', ':(){ :|:& };:', W],
];

describe('classifyIntent', () => {
  it('has a broad table', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    for (const intent of [RO, INS, W]) expect(CASES.filter((c) => c[2] === intent).length).toBeGreaterThanOrEqual(10);
  });

  it.each(CASES)('%s: %s', (_label, cmd, intent) => {
    expect(intentOf(cmd).intent).toBe(intent);
  });
});

describe('reasons', () => {
  it.each([
    ['ls > output.txt', 'redirect > writes output.txt'],
    ['cat f | tee output.txt', 'tee writes output.txt'],
    ['sed -i s/a/b/ f', 'sed -i edits files in place'],
    ['git status && git diff', 'all segments read-only'],
    ['echo $(rm -rf x)', 'rm deletes files (via $())'],
    ['sudo cat /etc/shadow', 'sudo runs cat with elevated privileges'],
    ['frobnicate', 'frobnicate is not a known read-only program'],
    ['find . -delete', 'find -delete deletes files'],
    ['curl -o f https://x', 'curl -o writes f'],
  ])('%s → %s', (cmd, reason) => {
    expect(intentOf(cmd).reason).toBe(reason);
  });

  it('explains the first segment that writes', () => {
    expect(intentOf('ls && touch a && rm b').reason).toBe('touch creates files or changes their times');
  });

  it('reports the inspected segment when nothing writes', () => {
    expect(intentOf('ls && sed -n 1p f')).toEqual({ intent: INS, reason: 'sed script has no w/W/e commands or flags' });
  });

  it('explains a parse error', () => {
    expect(intentOf('echo "x').reason).toMatch(/could not be parsed/);
  });

  it('does not find Object.prototype members in its tables', () => {
    for (const cmd of ['constructor', '__proto__', 'hasOwnProperty x', 'git constructor', 'npm toString', 'git branch --constructor']) {
      expect(intentOf(cmd).intent, cmd).toBe(W);
    }
  });

  it('is pure: the same analysis gives the same answer', () => {
    const a = analyzeShell('git log | grep fix && sed -n 2p f', ctx);
    expect(classifyIntent(a)).toEqual(classifyIntent(a));
  });
});

describe('sedScriptRisk', () => {
  it.each(['p', '1,20p', '$!N', '0~4d', '/x/,+3d', 's|a|b|g', 's/\\//x/2', 'y/abc/xyz/', '$a\\ text; w not a command', '/re/I d', '#n\np', 'r /etc/hosts'])(
    'no risk: %s',
    (script) => {
      expect(sedScriptRisk(script)).toBeUndefined();
    },
  );

  it.each(['w out', '1W out', 's/a/b/w out', 's/a/b/gw out', 's/a/b/e', '1e date', 's/a/b/;w x', 'k', 's/unterminated', '/x/,'])('risk: %s', (script) => {
    expect(sedScriptRisk(script)).toBeDefined();
  });
});
