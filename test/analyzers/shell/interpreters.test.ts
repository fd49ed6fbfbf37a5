import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type InterpreterAction,
  type InterpreterLang,
  interpreterActions,
  interpreterCode,
  interpreterLang,
  UNKNOWN_TARGET,
} from '../../../lib/analyzers/shell/interpreters/index.js';

const U = UNKNOWN_TARGET;

/** The argv of each action (shell actions as ['<shell>', script]) — compact expectations. */
function acts(lang: InterpreterLang, code: string): string[][] {
  return interpreterActions(lang, code).map((a) => a.argv ?? ['<shell>', a.shell ?? '']);
}

describe('interpreterLang', () => {
  it.each([
    ['python', 'python'],
    ['python3', 'python'],
    ['python3.12', 'python'],
    ['pypy3', 'python'],
    ['/usr/bin/python3', 'python'],
    ['node', 'node'],
    ['nodejs', 'node'],
    ['bun', 'node'],
    ['deno', 'node'],
    ['perl', 'perl'],
    ['perl5.36', 'perl'],
    ['ruby', 'ruby'],
    ['ruby3.2', 'ruby'],
    ['php', 'php'],
    ['php8.2', 'php'],
  ])('%s → %s', (program, lang) => {
    expect(interpreterLang(program)).toBe(lang);
  });

  it.each(['bash', 'pythonx', 'nodemon', 'rubocop', 'phpunit', 'perldoc', ''])('%j is not an interpreter', (program) => {
    expect(interpreterLang(program)).toBeUndefined();
  });
});

describe('interpreterCode', () => {
  it.each<[string[], string]>([
    [['python3', '-c', 'print(1)'], 'print(1)'],
    [['python', '-Sc', 'x = 1'], 'x = 1'],
    [['python', '-u', '-c', 'code', 'arg1'], 'code'],
    [['python', '-W', 'ignore', '-c', 'code'], 'code'],
    [['python', '-cprint(2)'], 'print(2)'],
    [['node', '-e', 'code'], 'code'],
    [['node', '--eval', 'code'], 'code'],
    [['node', '--eval=a=1'], 'a=1'],
    [['node', '-p', 'code'], 'code'],
    [['node', '--print', 'code'], 'code'],
    [['nodejs', '-pe', 'code'], 'code'],
    [['node', '-r', 'ts-node/register', '-e', 'code'], 'code'],
    [['deno', 'eval', 'code'], 'code'],
    [['deno', 'eval', '--ext=ts', 'code'], 'code'],
    [['bun', '-e', 'code'], 'code'],
    [['bun', '--eval', 'code'], 'code'],
    [['perl', '-e', 'a', '-e', 'b'], 'a\nb'],
    [['perl', '-le', 'unlink "x"'], 'unlink "x"'],
    [['perl', '-ne', 'print'], 'print'],
    [['perl', '-pe', 's/a/b/'], 's/a/b/'],
    [['perl', '-E', 'say 1'], 'say 1'],
    [['perl', '-i.bak', '-pe', 's/a/b/', 'file'], 's/a/b/'],
    [['perl', '-MFile::Path', '-e', 'rmtree("x")'], 'rmtree("x")'],
    [['perl', '-0777', '-ne', 'print'], 'print'],
    [['ruby', '-e', 'a', '-e', 'b'], 'a\nb'],
    [['ruby', '-rjson', '-e', 'code'], 'code'],
    [['ruby', '-r', 'json', '-e', 'code'], 'code'],
    [['ruby', '-ne', 'print'], 'print'],
    [['php', '-r', 'code'], 'code'],
    [['php', '-d', 'a=b', '-r', 'code'], 'code'],
    [['php8.2', '-r', 'code'], 'code'],
  ])('%j → inline code', (argv, code) => {
    expect(interpreterCode(argv)).toBe(code);
  });

  it.each<[string[]]>([
    [['python']],
    [['python', 'script.py']],
    [['python', 'script.py', '-c', 'x']],
    [['python', '-m', 'http.server']],
    [['python', '-']],
    [['node']],
    [['node', 'app.js']],
    [['node', 'app.js', '-e', 'x']],
    [['deno', 'run', 'x.ts']],
    [['bun', 'run', 'dev']],
    [['perl']],
    [['perl', 'script.pl', '-e', 'x']],
    [['ruby']],
    [['ruby', 'x.rb']],
    [['php']],
    [['php', 'x.php']],
    [['php', '-f', 'x.php']],
    [['bash', '-c', 'rm -rf /']],
    [[]],
  ])('%j has no inline code', (argv) => {
    expect(interpreterCode(argv)).toBeUndefined();
  });
});

describe('python', () => {
  it('shutil.rmtree → rm -rf, with the api as written', () => {
    expect(interpreterActions('python', "import shutil; shutil.rmtree('/')")).toEqual([{ api: 'shutil.rmtree', argv: ['rm', '-rf', '/'] }]);
  });

  it.each([
    ["import os; os.remove('/etc/passwd')", ['rm', '/etc/passwd']],
    ["import os; os.unlink('/etc/passwd')", ['rm', '/etc/passwd']],
    ["from pathlib import Path; Path('/etc/passwd').unlink()", ['rm', '/etc/passwd']],
    ["import pathlib; pathlib.Path('/etc/passwd').unlink(missing_ok=True)", ['rm', '/etc/passwd']],
    ["import os; os.rmdir('/srv/data')", ['rmdir', '/srv/data']],
    ["import os; os.removedirs('/srv/data')", ['rmdir', '/srv/data']],
    ["from pathlib import Path; Path('/srv/data').rmdir()", ['rmdir', '/srv/data']],
  ])('single deletes: %s', (code, argv) => {
    expect(acts('python', code)).toEqual([argv]);
  });

  it.each([
    ["open('/etc/hosts', 'w').write('x')", ['tee', '/etc/hosts']],
    ["open('/etc/hosts', 'a')", ['tee', '/etc/hosts']],
    ["open('/etc/hosts', 'wb')", ['tee', '/etc/hosts']],
    ["open('/etc/hosts', mode='r+')", ['tee', '/etc/hosts']],
    ["with open(file='/etc/hosts', mode='w') as f: f.write('x')", ['tee', '/etc/hosts']],
    ["from pathlib import Path; Path('/etc/hosts').write_text('x')", ['tee', '/etc/hosts']],
    ["from pathlib import Path; Path('/etc/hosts').write_bytes(b'x')", ['tee', '/etc/hosts']],
  ])('whole-file writes: %s', (code, argv) => {
    expect(acts('python', code)).toEqual([argv]);
  });

  it('reads are not actions', () => {
    expect(acts('python', "print(open('/etc/passwd').read()); open('/etc/hosts', 'r'); open('x', 'rb')")).toEqual([]);
  });

  it.each([
    ["import os; os.system('rm -rf /')", ['<shell>', 'rm -rf /']],
    ["import os; print(os.popen('ls -la').read())", ['<shell>', 'ls -la']],
    ["import subprocess; subprocess.run('rm -rf /', shell=True)", ['<shell>', 'rm -rf /']],
    ["import subprocess; subprocess.run(['rm', '-rf', '/'])", ['rm', '-rf', '/']],
    ["import subprocess; subprocess.check_output(['git', 'push', '--force'])", ['git', 'push', '--force']],
    ["import subprocess; subprocess.Popen(args=['rm', '-rf', '/tmp/x'])", ['rm', '-rf', '/tmp/x']],
    ["import subprocess; subprocess.call('make clean')", ['<shell>', 'make clean']],
    ["import os; os.execvp('rm', ['rm', '-rf', '/'])", ['rm', '-rf', '/']],
  ])('command execution: %s', (code, argv) => {
    expect(acts('python', code)).toEqual([argv]);
  });

  it('a non-literal command string is an unknown shell script', () => {
    expect(interpreterActions('python', 'import os; os.system(cmd)')).toEqual([{ api: 'os.system', shell: U }]);
  });

  it.each([
    ["import os as o; o.remove('/x')", 'o.remove', ['rm', '/x']],
    ["from shutil import rmtree; rmtree('/x')", 'rmtree', ['rm', '-rf', '/x']],
    ["from shutil import rmtree as nuke; nuke('/x')", 'nuke', ['rm', '-rf', '/x']],
    ["__import__('shutil').rmtree('/x')", "__import__('shutil').rmtree", ['rm', '-rf', '/x']],
    ["import importlib; importlib.import_module('os').remove('/x')", "importlib.import_module('os').remove", ['rm', '/x']],
    ["from os import remove; remove('/x')", 'remove', ['rm', '/x']],
    ["from os import *; unlink('/x')", 'unlink', ['rm', '/x']],
    ["import subprocess as sp; sp.call(['rm', '/x'])", 'sp.call', ['rm', '/x']],
    ["import shutil; r = shutil.rmtree; r('/x')", 'r', ['rm', '-rf', '/x']],
    ["import shutil; getattr(shutil, 'rmtree')('/x')", "getattr(…)", ['rm', '-rf', '/x']],
  ])('aliases: %s', (code, api, argv) => {
    expect(interpreterActions('python', code)).toEqual([{ api, argv }]);
  });

  it('generic names need a qualifier or an import', () => {
    expect(acts('python', "remove('/x'); unlink('/x'); system('rm -rf /'); obj.remove('/x'); x.open('/y', 'w')")).toEqual([]);
  });

  it('distinctive names match whatever object they are called on', () => {
    expect(acts('python', "mod.rmtree('/x')")).toEqual([['rm', '-rf', '/x']]);
  });

  it.each([
    ["import os; os.remove(os.path.expanduser('~/x'))", '~/x'],
    ["from pathlib import Path; (Path.home() / '.bashrc').unlink()", '~/.bashrc'],
    ["from pathlib import Path; import os; os.remove(Path.home())", '~'],
    ["import os; os.remove(os.environ['HOME'])", '$HOME'],
    ["import os; os.remove(os.environ.get('HOME'))", '$HOME'],
    ["import os; os.remove(os.getenv('HOME') + '/.profile')", '$HOME/.profile'],
    ["import os; os.remove(os.path.join(os.environ['HOME'], '.ssh', 'id_rsa'))", '$HOME/.ssh/id_rsa'],
    ["import os; os.remove(os.path.join('/etc', 'hosts'))", '/etc/hosts'],
    ["import os; os.remove('/etc/' 'hosts')", '/etc/hosts'],
  ])('home, environment and joins: %s', (code, target) => {
    expect(acts('python', code)).toEqual([['rm', target]]);
  });

  it.each([
    ["import os; os.remove(f'/tmp/{name}')"],
    ['import os; os.remove(path)'],
    ["import os; os.remove('/tmp/' + name)"],
    ["import os; os.remove(os.path.join('/tmp', name))"],
    ["import os; os.remove('/tmp/%s' % name)"],
  ])('unknown targets: %s', (code) => {
    expect(acts('python', code)).toEqual([['rm', U]]);
  });

  it.each([
    [String.raw`import os; os.remove(r'C:\tmp\x')`, String.raw`C:\tmp\x`],
    ["import os; os.remove(u'/tmp/x')", '/tmp/x'],
    [String.raw`import os; os.remove('/tmp/it\'s')`, "/tmp/it's"],
    ['import os; os.remove("""/tmp/x""")', '/tmp/x'],
  ])('string literal forms: %s', (code, target) => {
    expect(acts('python', code)).toEqual([['rm', target]]);
  });

  it.each([
    ["print('rm -rf /')"],
    [`print("shutil.rmtree('/')")`],
    ["# shutil.rmtree('/')"],
    ["x = 1  # os.system('rm -rf /')"],
    [`"""\nshutil.rmtree('/')\n"""`],
    ["log = f\"os.remove('/x') {n}\""],
    ["def rmtree(p):\n    pass"],
  ])('data is data: %j', (code) => {
    expect(acts('python', code)).toEqual([]);
  });

  it('code inside f-string braces is code', () => {
    expect(acts('python', "import shutil; print(f\"{shutil.rmtree('/x')}\")")).toEqual([['rm', '-rf', '/x']]);
  });

  it('exec() of a literal is analysed as code', () => {
    expect(acts('python', `exec("import shutil; shutil.rmtree('/x')")`)).toEqual([['rm', '-rf', '/x']]);
  });

  it('several actions come in source order', () => {
    const code = "import os, shutil\nos.system('echo hi')\nshutil.rmtree('/a')\nos.remove('/b')";
    expect(acts('python', code)).toEqual([['<shell>', 'echo hi'], ['rm', '-rf', '/a'], ['rm', '/b']]);
  });

  it('a destructive function handed to map() is an action on unknown targets', () => {
    expect(interpreterActions('python', "import os, glob; list(map(os.remove, glob.glob('*.log')))")).toEqual([{ api: 'os.remove', argv: ['rm', U] }]);
  });

  it('mentioning a function without it being called is not an action', () => {
    expect(acts('python', 'import os; print(os.remove); callable(os.system); f = os.system')).toEqual([]);
  });

  it.each([
    ["import subprocess; subprocess.run('rm -rf /x'.split())", ['rm', '-rf', '/x']],
    ["import subprocess, shlex; subprocess.run(shlex.split('git push -f'))", ['git', 'push', '-f']],
    ["import os; os.system(' '.join(['rm', '-rf', '/x']))", ['<shell>', 'rm -rf /x']],
  ])('commands built from literals: %s', (code, argv) => {
    expect(acts('python', code)).toEqual([argv]);
  });

  it('open() with a mode we cannot read is assumed to write', () => {
    expect(acts('python', "open('/etc/hosts', mode)")).toEqual([['tee', '/etc/hosts']]);
  });

  it('a target that looks like an option is put after --', () => {
    expect(acts('python', "import os; os.remove('-rf')")).toEqual([['rm', '--', '-rf']]);
  });
});

describe('node', () => {
  it.each([
    ["require('fs').rmSync('/', { recursive: true, force: true })", ['rm', '-rf', '/']],
    ["const fs = require('fs'); fs.rmSync('/tmp/x')", ['rm', '/tmp/x']],
    ["const fs = require('fs'); fs.rm('/tmp/x', { recursive: true }, () => {})", ['rm', '-rf', '/tmp/x']],
    ["const fs = require('fs'); fs.rm('/tmp/x', (err) => {})", ['rm', '/tmp/x']],
    ["const fs = require('fs'); await fs.promises.rm('/x', { recursive: true })", ['rm', '-rf', '/x']],
    ["const fsp = require('fs/promises'); await fsp.rm('/x', { recursive: true })", ['rm', '-rf', '/x']],
    ["fsp.rm('/x', { recursive: true })", ['rm', '-rf', '/x']],
    ["const fs = require('fs'); fs.rmdirSync('/x', { recursive: true })", ['rm', '-rf', '/x']],
    ["const fs = require('fs'); fs.rmdirSync('/x')", ['rmdir', '/x']],
    ["const fs = require('fs'); fs.unlinkSync('/etc/passwd')", ['rm', '/etc/passwd']],
    ["require('fs').unlink('/etc/passwd', () => {})", ['rm', '/etc/passwd']],
    ["Deno.remove('/x', { recursive: true })", ['rm', '-rf', '/x']],
  ])('deletes: %s', (code, argv) => {
    expect(acts('node', code)).toEqual([argv]);
  });

  it.each([
    ["require('fs').writeFileSync('/etc/hosts', 'x')", ['tee', '/etc/hosts']],
    ["require('fs').appendFileSync('/home/u/.bashrc', 'x')", ['tee', '/home/u/.bashrc']],
    ["const fs = require('fs'); fs.writeFile('/etc/hosts', 'x', () => {})", ['tee', '/etc/hosts']],
    ["Bun.write('/etc/hosts', 'x')", ['tee', '/etc/hosts']],
  ])('writes: %s', (code, argv) => {
    expect(acts('node', code)).toEqual([argv]);
  });

  it('reads are not actions', () => {
    expect(acts('node', "const fs = require('fs'); console.log(fs.readFileSync('/etc/passwd', 'utf8'))")).toEqual([]);
  });

  it.each([
    ["require('child_process').execSync('rm -rf /')", ['<shell>', 'rm -rf /']],
    ["const cp = require('child_process'); cp.exec('ls', (e, out) => {})", ['<shell>', 'ls']],
    ["cp.execSync('ls')", ['<shell>', 'ls']],
    ["const { spawnSync } = require('child_process'); spawnSync('rm', ['-rf', '/'])", ['rm', '-rf', '/']],
    ["require('child_process').execFileSync('git', ['push', '-f'], { stdio: 'inherit' })", ['git', 'push', '-f']],
    ["require('child_process').spawn('rm -rf /x', { shell: true })", ['<shell>', 'rm -rf /x']],
    ["require('child_process').execSync(`rm -rf ${dir}`)", ['<shell>', U]],
    ["require('child_process').execSync(`rm -rf /tmp/x`)", ['<shell>', 'rm -rf /tmp/x']],
    ["new Deno.Command('rm', { args: ['-rf', '/'] }).outputSync()", ['rm', '-rf', '/']],
    ["Bun.spawnSync(['rm', '-rf', '/'])", ['rm', '-rf', '/']],
    ['await Bun.$`rm -rf /tmp/x`', ['<shell>', 'rm -rf /tmp/x']],
  ])('command execution: %s', (code, argv) => {
    expect(acts('node', code)).toEqual([argv]);
  });

  it.each([
    ["const { rmSync } = require('fs'); rmSync('/x', { recursive: true })", 'rmSync', ['rm', '-rf', '/x']],
    ["const { rmSync: zap } = require('node:fs'); zap('/x')", 'zap', ['rm', '/x']],
    ["import fs from 'node:fs'; fs.unlinkSync('/x')", 'fs.unlinkSync', ['rm', '/x']],
    ["import * as f from 'fs'; f.unlinkSync('/x')", 'f.unlinkSync', ['rm', '/x']],
    ["import { execSync as run } from 'child_process'; run('make')", 'run', ['<shell>', 'make']],
    ["import { rm } from 'node:fs/promises'; await rm('/x', { recursive: true })", 'rm', ['rm', '-rf', '/x']],
    ["const f = require('fs')\nf.unlinkSync('/x')", 'f.unlinkSync', ['rm', '/x']],
    ["const { promises: p } = require('fs'); p.unlink('/x')", 'p.unlink', ['rm', '/x']],
    ["(await import('fs')).unlinkSync('/x')", "(…).unlinkSync", ['rm', '/x']],
    ["require('fs')['unlinkSync']('/x')", "require('fs')['unlinkSync']", ['rm', '/x']],
  ])('aliases: %s', (code, api, argv) => {
    const [a] = interpreterActions('node', code);
    expect(a?.api).toBe(api);
    expect(a?.argv ?? ['<shell>', a?.shell]).toEqual(argv);
  });

  it('generic names need the module', () => {
    expect(acts('node', "exec('rm -rf /'); spawn('rm', ['-rf', '/']); obj.unlink('/x'); rm('/x')")).toEqual([]);
  });

  it.each([
    ["require('fs').unlinkSync(process.env.HOME + '/.bashrc')", '$HOME/.bashrc'],
    ["require('fs').unlinkSync(process.env['HOME'])", '$HOME'],
    ["const path = require('path'), os = require('os'); require('fs').unlinkSync(path.join(os.homedir(), '.ssh', 'id_rsa'))", '~/.ssh/id_rsa'],
    ["require('fs').unlinkSync(`/tmp/x`)", '/tmp/x'],
    // A template whose only interpolation reads the environment stays a known path.
    ["require('fs').unlinkSync(`${process.env.HOME}/.bashrc`)", '$HOME/.bashrc'],
    ["require('fs').unlinkSync(`${process.env.HOME + x}/.bashrc`)", U],
    ["require('fs').unlinkSync(file)", U],
    ["require('fs').unlinkSync('/tmp/' + name)", U],
  ])('targets: %s', (code, target) => {
    expect(acts('node', code)).toEqual([['rm', target]]);
  });

  it.each([
    [`console.log("fs.rmSync('/', {recursive: true})")`],
    ["// require('fs').rmSync('/')"],
    ["/* require('child_process').execSync('rm -rf /') */"],
    ["const s = `execSync('rm -rf /')`"],
    ["const re = /'/; const t = 'x'"],
    ["class A { rmSync(p) { return p } }"],
    ["function execSync(c) {}"],
  ])('data is data: %j', (code) => {
    expect(acts('node', code)).toEqual([]);
  });

  it('options we cannot see are assumed recursive; a multi-line literal is read', () => {
    expect(acts('node', "require('fs').rmSync('/x', opts)")).toEqual([['rm', '-rf', '/x']]);
    expect(acts('node', "require('fs').rmSync('/x', {\n  recursive: false,\n  force: true\n})")).toEqual([['rm', '/x']]);
  });

  it('a destructive function handed over as a callback is an action on unknown targets', () => {
    expect(acts('node', "const fs = require('fs'); files.forEach(fs.unlinkSync); console.log(fs.rmSync)")).toEqual([['rm', U]]);
  });

  it('promisify keeps the function it wraps', () => {
    expect(acts('node', "const { promisify } = require('util'); const rmP = promisify(require('fs').rm); rmP('/x', { recursive: true })")).toEqual([
      ['rm', '-rf', '/x'],
    ]);
  });

  it('a regex literal holding a quote does not hide later code', () => {
    expect(acts('node', "const q = s.split(/'/); require('fs').unlinkSync('/x')")).toEqual([['rm', '/x']]);
  });

  it('code inside ${} of a template is code', () => {
    expect(acts('node', "console.log(`${require('child_process').execSync('id')}`)")).toEqual([['<shell>', 'id']]);
  });
});

describe('ruby', () => {
  it.each([
    ["require 'fileutils'; FileUtils.rm_rf('/')", ['rm', '-rf', '/']],
    ["FileUtils.rm_rf '/srv/x'", ['rm', '-rf', '/srv/x']],
    ["FileUtils.rm_r(%w[/a /b])", ['rm', '-rf', '/a', '/b']],
    ["FileUtils.remove_dir('/x')", ['rm', '-rf', '/x']],
    ["FileUtils.remove_entry_secure('/x')", ['rm', '-rf', '/x']],
    ["FileUtils::rm_rf('/x', secure: true)", ['rm', '-rf', '/x']],
    ["File.delete('/etc/passwd')", ['rm', '/etc/passwd']],
    ["File.unlink '/a', '/b'", ['rm', '/a', '/b']],
    ["FileUtils.rm('/x')", ['rm', '/x']],
    ["Dir.rmdir('/x')", ['rmdir', '/x']],
    ["Pathname.new('/x').rmtree", ['rm', '-rf', '/x']],
  ])('deletes: %s', (code, argv) => {
    expect(acts('ruby', code)).toEqual([argv]);
  });

  it.each([
    ["File.write('/etc/hosts', 'x')", ['tee', '/etc/hosts']],
    ["File.open('/etc/hosts', 'w') { |f| f.puts 'x' }", ['tee', '/etc/hosts']],
    ["File.write(File.join(Dir.home, '.bashrc'), 'x')", ['tee', '~/.bashrc']],
    ["File.write(ENV['HOME'] + '/.profile', 'x')", ['tee', '$HOME/.profile']],
    ["File.write(File.expand_path('~/.zshrc'), 'x')", ['tee', '~/.zshrc']],
  ])('writes: %s', (code, argv) => {
    expect(acts('ruby', code)).toEqual([argv]);
  });

  it.each([
    ["system('rm -rf /')", ['<shell>', 'rm -rf /']],
    ["system 'rm -rf /'", ['<shell>', 'rm -rf /']],
    ["system('rm', '-rf', '/')", ['rm', '-rf', '/']],
    ["system(*%w[rm -rf /])", ['rm', '-rf', '/']],
    ["exec \"rm -rf /\"", ['<shell>', 'rm -rf /']],
    ['puts `rm -rf /`', ['<shell>', 'rm -rf /']],
    ['out = %x(rm -rf /)', ['<shell>', 'rm -rf /']],
    ['puts `rm -rf #{dir}`', ['<shell>', U]],
    ["IO.popen('ls').read", ['<shell>', 'ls']],
    ["Open3.capture2('git', 'push')", ['git', 'push']],
    ["system({'A' => '1'}, 'make')", ['<shell>', 'make']],
  ])('command execution: %s', (code, argv) => {
    expect(acts('ruby', code)).toEqual([argv]);
  });

  it('include FileUtils makes the bare names mean FileUtils', () => {
    expect(acts('ruby', "require 'fileutils'\ninclude FileUtils\nrm_rf('/x')\nrm '/y'")).toEqual([['rm', '-rf', '/x'], ['rm', '/y']]);
  });

  it('a method without parentheses is still a call', () => {
    expect(acts('ruby', "Pathname.new('/x').rmtree if true\nsystem(*'rm -rf /y'.split)")).toEqual([['rm', '-rf', '/x'], ['rm', '-rf', '/y']]);
  });

  it('send(:name) is a call of that name', () => {
    expect(acts('ruby', "FileUtils.send(:rm_rf, '/x')")).toEqual([['rm', '-rf', '/x']]);
  });

  it.each([
    [`puts 'system("rm -rf /")'`],
    ["# FileUtils.rm_rf('/')"],
    ['puts "FileUtils.rm_rf(\'/\')"'],
    ['x = 1 # system("rm -rf /")'],
    ["=begin\nFileUtils.rm_rf('/')\n=end\nputs 1"],
    ["def rm_rf(x)\nend"],
  ])('data is data: %j', (code) => {
    expect(acts('ruby', code)).toEqual([]);
  });

  it('interpolated strings are unknown targets', () => {
    expect(acts('ruby', 'File.delete("#{dir}/x")')).toEqual([['rm', U]]);
  });
});

describe('perl', () => {
  it.each([
    ["use File::Path; rmtree('/x')", ['rm', '-rf', '/x']],
    ["use File::Path qw(remove_tree); remove_tree('/a', '/b', { verbose => 1 })", ['rm', '-rf', '/a', '/b']],
    ["File::Path::rmtree('/x')", ['rm', '-rf', '/x']],
    ["unlink '/etc/passwd'", ['rm', '/etc/passwd']],
    ["unlink('/a', '/b') or die", ['rm', '/a', '/b']],
    ["rmdir '/x'", ['rmdir', '/x']],
    ["unlink $ENV{HOME} . '/.bashrc'", ['rm', '$HOME/.bashrc']],
  ])('deletes: %s', (code, argv) => {
    expect(acts('perl', code)).toEqual([argv]);
  });

  it('-n/-p loops: unlink with no argument works on $_', () => {
    expect(acts('perl', 'unlink if /\\.tmp$/')).toEqual([['rm', U]]);
  });

  it.each([
    ["open(my $fh, '>', '/etc/hosts') or die", ['tee', '/etc/hosts']],
    ["open(FH, '>>/etc/hosts')", ['tee', '/etc/hosts']],
    ["open my $fh, '>', \"$dir/x\"", ['tee', U]],
  ])('writes: %s', (code, argv) => {
    expect(acts('perl', code)).toEqual([argv]);
  });

  it('reading opens are not actions', () => {
    expect(acts('perl', "open(my $fh, '<', '/etc/passwd'); open(F, '/etc/hosts')")).toEqual([]);
  });

  it.each([
    ["system('rm -rf /')", ['<shell>', 'rm -rf /']],
    ["system 'rm', '-rf', '/'", ['rm', '-rf', '/']],
    ['system qw(rm -rf /)', ['rm', '-rf', '/']],
    ["exec('make')", ['<shell>', 'make']],
    ['my $x = qx{rm -rf /};', ['<shell>', 'rm -rf /']],
    ['my $x = `ls -la`;', ['<shell>', 'ls -la']],
    ['my $x = `rm -rf $dir`;', ['<shell>', U]],
    ["open(my $p, '-|', 'git', 'push')", ['git', 'push']],
  ])('command execution: %s', (code, argv) => {
    expect(acts('perl', code)).toEqual([argv]);
  });

  it.each([
    [`print "unlink('/x')";`],
    ["# unlink '/x'"],
    ["my $s = q{system('rm -rf /')};"],
    ["s/unlink/x/g; tr/a-z/A-Z/;"],
    ["=pod\n\nunlink('/x')\n\n=cut\nprint 1;"],
    ["sub unlink_all { 1 }"],
  ])('data is data: %j', (code) => {
    expect(acts('perl', code)).toEqual([]);
  });

  it('the replacement of s///e is code', () => {
    expect(acts('perl', 's/x/system("id")/e')).toEqual([['<shell>', 'id']]);
  });
});

describe('php', () => {
  it.each([
    ["unlink('/etc/passwd');", ['rm', '/etc/passwd']],
    ["rmdir('/srv/x');", ['rmdir', '/srv/x']],
    ["file_put_contents('/etc/hosts', 'x');", ['tee', '/etc/hosts']],
    ["file_put_contents(getenv('HOME') . '/.bashrc', 'x');", ['tee', '$HOME/.bashrc']],
    ["unlink($_SERVER['HOME'] . '/.profile');", ['rm', '$HOME/.profile']],
    ["$f = fopen('/etc/hosts', 'a');", ['tee', '/etc/hosts']],
    ["system('rm -rf /');", ['<shell>', 'rm -rf /']],
    ["echo exec('ls');", ['<shell>', 'ls']],
    ["echo shell_exec('whoami');", ['<shell>', 'whoami']],
    ["passthru('make');", ['<shell>', 'make']],
    ['echo `rm -rf /`;', ['<shell>', 'rm -rf /']],
    ['SYSTEM("id");', ['<shell>', 'id']],
    ["\\system('id');", ['<shell>', 'id']],
    ["call_user_func('system', 'id');", ['<shell>', 'id']],
    ["array_map('unlink', glob('*.log'));", ['rm', U]],
    ['unlink("$dir/x");', ['rm', U]],
  ])('%s', (code, argv) => {
    expect(acts('php', code)).toEqual([argv]);
  });

  it.each([
    [`echo "unlink('/x')";`],
    ["// system('rm -rf /')\necho 1;"],
    ["# system('rm -rf /')\necho 1;"],
    ["/* unlink('/x') */ echo 1;"],
    ["$f = fopen('/etc/passwd', 'r');"],
    ["function unlink_all() {}"],
  ])('data is data: %j', (code) => {
    expect(acts('php', code)).toEqual([]);
  });

  it('stdin scripts: only code between <?php and ?> counts', () => {
    expect(acts('php', "<?php unlink('/a'); ?>\nunlink('/not-code')\n<?php system('id');")).toEqual([['rm', '/a'], ['<shell>', 'id']]);
  });
});

describe('heredocs inside the code', () => {
  it('a Ruby heredoc body is data, a backtick heredoc is a command', () => {
    expect(acts('ruby', "puts <<~EOS\n  FileUtils.rm_rf('/')\nEOS\nx = <<~`CMD`\n  ls -la\nCMD\n")).toEqual([['<shell>', 'ls -la']]);
  });

  it('a Perl heredoc body is data; code after its terminator is code', () => {
    expect(acts('perl', "print <<'EOF';\nunlink('/x');\nEOF\nunlink('/y');")).toEqual([['rm', '/y']]);
  });

  it('a PHP heredoc passed to system is the script', () => {
    expect(acts('php', "system(<<<'SH'\nrm -rf /tmp/x\nSH);")).toEqual([['<shell>', 'rm -rf /tmp/x']]);
  });
});

describe('bounds', () => {
  it('code over 64 KiB is reported as too large', () => {
    expect(interpreterActions('python', `x = 1\n${'#'.repeat(64 * 1024)}`)).toEqual([{ api: '(code too large)', shell: U }]);
  });

  it('64 KiB counts bytes, not characters', () => {
    expect(interpreterActions('python', `# ${'é'.repeat(33 * 1024)}`)).toEqual([{ api: '(code too large)', shell: U }]);
  });

  it('at most 100 actions', () => {
    const code = "import os\n" + "os.remove('/x')\n".repeat(150);
    expect(interpreterActions('python', code)).toHaveLength(100);
  });

  it('pathological nesting stays fast', () => {
    const inputs: Array<[InterpreterLang, string]> = [
      ['python', `import os; os.remove(${'os.path.join('.repeat(3000)}'/x'${')'.repeat(3000)})`],
      ['python', '('.repeat(20_000)],
      ['node', `${'['.repeat(10_000)}require('fs').rmSync('/')`],
      ['node', 'a.'.repeat(20_000)],
      ['ruby', 'system '.repeat(8000)],
      ['perl', 'unlink '.repeat(8000)],
      ['php', '"'.repeat(30_000)],
      ['python', "f'{".repeat(10_000)],
      ['node', '`${'.repeat(15_000)],
      ['python', 'str('.repeat(15_000)],
    ];
    for (const [lang, code] of inputs) {
      const t = performance.now();
      const out = interpreterActions(lang, code);
      expect(Array.isArray(out)).toBe(true);
      expect(performance.now() - t, `${lang} ${code.slice(0, 20)}`).toBeLessThan(1500);
    }
  });

  it('seeded pseudo-random snippets never throw and always give well-formed actions', () => {
    const pieces = [
      'os.remove(', 'shutil.rmtree(', "'/x'", '"y"', ')', '(', '[', ']', '{', '}', ',', ';', '\n', ' ', '#', '//', '/*', '*/', '`',
      '${', '#{', 'f"', "r'", '"""', "'''", '<<EOF\n', '\nEOF\n', '<<<X\n', 'qx{', 'q(', 's/a/b/e', '%w[', '%x(', '/', '\\',
      'require(', "'fs'", '.rmSync', 'system', 'unlink', 'exec', 'import ', 'from ', ' as ', '=', '+', '.', '->', '$ENV{HOME}',
      '$_SERVER', 'process.env.HOME', 'Path.home()', ' / ', '<?php ', '?>', 'FileUtils.rm_rf ', '=begin\n', '=end\n', '__END__',
    ];
    const langs: InterpreterLang[] = ['python', 'node', 'perl', 'ruby', 'php'];
    let seed = 0x2545f491;
    const rand = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    for (let round = 0; round < 400; round++) {
      let code = '';
      const len = 1 + rand(40);
      for (let k = 0; k < len; k++) code += pieces[rand(pieces.length)];
      const lang = langs[round % langs.length] as InterpreterLang;
      let out: InterpreterAction[] = [];
      expect(() => {
        out = interpreterActions(lang, code);
      }, `${lang}: ${JSON.stringify(code)}`).not.toThrow();
      for (const a of out) {
        expect(typeof a.api).toBe('string');
        expect(a.argv !== undefined || a.shell !== undefined).toBe(true);
      }
    }
  });

  it('arbitrary strings and argvs never throw (fast-check)', () => {
    fc.assert(
      fc.property(fc.constantFrom<InterpreterLang>('python', 'node', 'perl', 'ruby', 'php'), fc.string({ maxLength: 300 }), (lang, code) => {
        expect(Array.isArray(interpreterActions(lang, code))).toBe(true);
      }),
      { numRuns: 300, seed: 42 },
    );
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 8 }), (argv) => {
        const code = interpreterCode(['python3', ...argv]) ?? interpreterCode(['perl', ...argv]) ?? interpreterCode(['node', ...argv]);
        expect(code === undefined || typeof code === 'string').toBe(true);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('bad input types are tolerated', () => {
    expect(interpreterActions('cobol' as InterpreterLang, 'x')).toEqual([]);
    expect(interpreterActions('python', undefined as unknown as string)).toEqual([]);
    expect(interpreterCode(undefined as unknown as string[])).toBeUndefined();
    expect(interpreterLang(undefined as unknown as string)).toBeUndefined();
  });
});
