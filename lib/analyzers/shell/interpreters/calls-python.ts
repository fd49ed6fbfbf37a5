// Python calls and what they mean: shutil, os, subprocess, pathlib, open, exec.

import {
  argvOf,
  each,
  evalOf,
  first,
  flagsWrite,
  type Handler,
  type LangSpec,
  type MethodValue,
  one,
  pair,
  rm,
  rmdir,
  rmrf,
  shell,
  table,
  tee,
  truthy,
  type ValueFn,
  writes,
} from './calls.js';
import { asText, bool, envOf, joinAll, joinWith, path, pathJoin, ref, splitVal, str, text, toPath, UNK } from './values.js';

const pyOpen: Handler = (c) => (writes(c.pos[1] ?? c.named.get('mode'), 'wax+') ? tee(one(c, 'file')) : undefined);

const pySubprocess: Handler = (c) => {
  const v = first(c, 'args');
  const viaShell = truthy(c.named.get('shell'));
  if (v?.k === 'list') return viaShell ? shell(v.items[0]) : argvOf(v.items);
  return shell(v);
};

const argvListAt =
  (n: number): Handler =>
  (c) => {
    const v = c.pos[n];
    return v?.k === 'list' ? argvOf(v.items) : argvOf([c.pos[n - 1] ?? UNK]);
  };

export const PYTHON: LangSpec = {
  connectors: new Set(['.']),
  concat: new Set(['+']),
  actions: table<Handler>({
    'shutil.rmtree': (c) => rmrf(one(c, 'path')),
    ...each<Handler>(['os.remove', 'os.unlink'], (c) => rm(one(c, 'path'))),
    'os.rmdir': (c) => rmdir(one(c, 'path')),
    'os.removedirs': (c) => rmdir(one(c, 'name')),
    ...each(['open', 'io.open', 'codecs.open'], pyOpen),
    'os.open': (c) => (flagsWrite(c.args[1]) ? tee(one(c, 'path')) : undefined),
    ...each(['os.symlink', 'os.link'], pair(['ln', '-s'])),
    ...each(['os.rename', 'os.replace', 'os.renames', 'shutil.move'], pair(['mv'])),
    ...each(['shutil.copy', 'shutil.copy2', 'shutil.copyfile', 'shutil.copytree'], pair(['cp', '-r'])),
    'os.system': (c) => shell(first(c, 'command')),
    ...each<Handler>(
      ['os.popen', 'subprocess.getoutput', 'subprocess.getstatusoutput', 'commands.getoutput', 'commands.getstatusoutput', 'asyncio.create_subprocess_shell'],
      (c) => shell(first(c, 'cmd')),
    ),
    ...each(['subprocess.run', 'subprocess.call', 'subprocess.check_call', 'subprocess.check_output', 'subprocess.Popen'], pySubprocess),
    ...each(['os.execv', 'os.execve', 'os.execvp', 'os.execvpe', 'os.posix_spawn', 'os.posix_spawnp'], argvListAt(1)),
    ...each(['os.spawnv', 'os.spawnve', 'os.spawnvp', 'os.spawnvpe'], argvListAt(2)),
    ...each<Handler>(['os.execl', 'os.execle', 'os.execlp', 'os.execlpe'], (c) => argvOf(c.pos.length > 1 ? c.pos.slice(1) : c.pos)),
    ...each<Handler>(['os.spawnl', 'os.spawnle', 'os.spawnlp', 'os.spawnlpe'], (c) => argvOf(c.pos.slice(2))),
    'asyncio.create_subprocess_exec': (c) => argvOf(c.pos),
    'pty.spawn': (c) => argvOf([c.pos[0] ?? UNK]),
    ...each<Handler>(['exec', 'eval'], (c) => evalOf(c.pos[0])),
  }),
  values: table<ValueFn>({
    'os.path.join': (c) => joinAll(c.pos, true),
    ...each<ValueFn>(
      ['os.path.expanduser', 'os.path.abspath', 'os.path.realpath', 'os.path.normpath', 'os.path.expandvars', 'os.fspath', 'os.fsdecode', 'str'],
      (c) => asText(c.pos[0]),
    ),
    ...each<ValueFn>(['os.getenv', 'os.environ.get'], (c) => envOf(c.pos[0])),
    'os.getcwd': () => str('.'),
    'shlex.split': (c) => {
      const v = c.pos[0];
      return v?.k === 'str' && !/['"\\]/.test(v.s) ? splitVal(v, undefined) : UNK;
    },
    ...each<ValueFn>(['pathlib.Path', 'pathlib.PosixPath', 'pathlib.PurePath', 'pathlib.PurePosixPath'], (c) =>
      c.pos.length === 0 ? path('.') : toPath(joinAll(c.pos, true)),
    ),
    ...each<ValueFn>(['pathlib.Path.home', 'pathlib.PosixPath.home'], () => path('~')),
    ...each<ValueFn>(['pathlib.Path.cwd', 'pathlib.PosixPath.cwd'], () => path('.')),
    __import__: (c) => (c.pos[0]?.k === 'str' ? ref(c.pos[0].s.split('.')[0] as string) : UNK),
    'importlib.import_module': (c) => (c.pos[0]?.k === 'str' ? ref(c.pos[0].s) : UNK),
    getattr: (c) => {
      const [o, a] = c.pos;
      return o?.k === 'ref' && a?.k === 'str' ? ref(`${o.name}.${a.s}`) : UNK;
    },
  }),
  methods: table<Handler>({
    unlink: (c) => rm([text(c.recv)]),
    rmdir: (c) => rmdir([text(c.recv)]),
    ...each<Handler>(['write_text', 'write_bytes'], (c) => tee([text(c.recv)])),
    open: (c) => (writes(c.pos[0] ?? c.named.get('mode'), 'wax+') ? tee([text(c.recv)]) : undefined),
  }),
  methodValues: table<MethodValue>({
    ...each<MethodValue>(['expanduser', 'resolve', 'absolute', 'expandvars'], (r) => (r.k === 'path' ? r : UNK)),
    joinpath: (r, c) => (r.k === 'path' ? pathJoin(r, c.pos) : UNK),
    join: (r, c) => (r.k === 'str' && c.pos[0]?.k === 'list' ? joinWith(c.pos[0].items, r.s) : UNK),
    split: (r, c) => splitVal(r, first(c, 'sep')),
  }),
  loose: new Set(['unlink', 'rmdir', 'write_text', 'write_bytes']),
  distinctive: table({
    rmtree: 'shutil.rmtree',
    removedirs: 'os.removedirs',
    check_output: 'subprocess.check_output',
    check_call: 'subprocess.check_call',
    Popen: 'subprocess.Popen',
  }),
  envRefs: new Set(['os.environ']),
  envMember: false,
  nullary: new Map(),
  defaults: table({ Path: 'pathlib.Path', PosixPath: 'pathlib.PosixPath' }),
  consts: table({ True: bool(true), False: bool(false), None: UNK }),
  prefix: new Set(['await', 'not']),
  definers: new Set(['def', 'class']),
  parenless: false,
  stops: new Set(),
  noArgs: new Set(),
  caseless: false,
  canon: (n) => n,
};
