// Node, Deno and Bun calls and what they mean: fs (and fs-extra), child_process, Deno.*, Bun.*, eval.

import {
  argvOf,
  each,
  evalOf,
  type Handler,
  type LangSpec,
  type MethodValue,
  one,
  pair,
  recursive,
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
import { UNKNOWN_TARGET } from './types.js';
import { asText, bool, canonModule, envOf, joinAll, joinWith, ref, splitVal, str, text, trimSlashesEnd, UNK, type Val } from './values.js';

const nodeRm =
  (dirOnly: boolean): Handler =>
  (c) =>
    recursive(c.args[1]) ? rmrf(one(c)) : dirOnly ? rmdir(one(c)) : rm(one(c));

const nodeSpawn: Handler = (c) => {
  const [prog, second, third] = c.pos;
  const list = second?.k === 'list' ? second.items : second !== undefined && second.k !== 'obj' ? [UNK] : [];
  const opts = second?.k === 'obj' ? second : third?.k === 'obj' ? third : undefined;
  if (truthy(opts?.props.get('shell'))) {
    const parts = [prog ?? UNK, ...list].map(text);
    return { shell: parts.includes(UNKNOWN_TARGET) ? UNKNOWN_TARGET : parts.join(' ') };
  }
  return argvOf([prog ?? UNK, ...list]);
};

export const NODE: LangSpec = {
  connectors: new Set(['.', '?.']),
  concat: new Set(['+']),
  actions: table<Handler>({
    ...each(['fs.rmSync', 'fs.rm', 'Deno.remove', 'Deno.removeSync'], nodeRm(false)),
    ...each(['fs.rmdirSync', 'fs.rmdir'], nodeRm(true)),
    ...each<Handler>(['fs.unlinkSync', 'fs.unlink'], (c) => rm(one(c))),
    ...each<Handler>(['fs.remove', 'fs.removeSync'], (c) => rmrf(one(c))),
    ...each<Handler>(['fs.emptyDir', 'fs.emptyDirSync'], (c) => {
      const t = text(c.pos[0]);
      return rmrf([t === UNKNOWN_TARGET ? t : `${trimSlashesEnd(t)}/*`]);
    }),
    ...each<Handler>(
      [
        'fs.writeFileSync', 'fs.writeFile', 'fs.appendFileSync', 'fs.appendFile', 'fs.createWriteStream', 'fs.truncateSync', 'fs.truncate',
        'fs.outputFile', 'fs.outputFileSync', 'fs.writeJson', 'fs.writeJsonSync', 'fs.outputJson', 'fs.outputJsonSync',
        'Deno.writeTextFile', 'Deno.writeTextFileSync', 'Deno.writeFile', 'Deno.writeFileSync', 'Deno.truncate', 'Deno.truncateSync', 'Bun.write',
      ],
      (c) => tee(one(c)),
    ),
    ...each(['fs.symlinkSync', 'fs.symlink', 'fs.linkSync', 'fs.link', 'Deno.symlink', 'Deno.symlinkSync'], pair(['ln', '-s'])),
    ...each(['fs.renameSync', 'fs.rename', 'fs.moveSync', 'fs.move', 'Deno.rename', 'Deno.renameSync'], pair(['mv'])),
    ...each(['fs.copyFileSync', 'fs.copyFile', 'fs.cpSync', 'fs.cp', 'fs.copySync', 'fs.copy', 'Deno.copyFile', 'Deno.copyFileSync'], pair(['cp', '-r'])),
    ...each<Handler>(['fs.openSync', 'fs.open'], (c) => {
      const m = c.args[1];
      return m !== undefined && !m.fn && writes(m.v, 'wa+') ? tee(one(c)) : undefined;
    }),
    ...each<Handler>(['child_process.execSync', 'child_process.exec'], (c) => shell(c.pos[0])),
    ...each(['child_process.spawnSync', 'child_process.spawn', 'child_process.execFileSync', 'child_process.execFile'], nodeSpawn),
    'Deno.Command': (c) => {
      const o = c.pos[1];
      const a = o?.k === 'obj' ? o.props.get('args') : undefined;
      return argvOf([c.pos[0] ?? UNK, ...(a === undefined ? [] : a.k === 'list' ? a.items : [UNK])]);
    },
    'Deno.run': (c) => {
      const o = c.pos[0];
      const cmd = o?.k === 'obj' ? o.props.get('cmd') : undefined;
      return argvOf(cmd?.k === 'list' ? cmd.items : [UNK]);
    },
    ...each<Handler>(['Bun.spawn', 'Bun.spawnSync'], (c) => {
      const v = c.pos[0];
      const cmd = v?.k === 'obj' ? v.props.get('cmd') : v;
      return argvOf(cmd?.k === 'list' ? cmd.items : [cmd ?? UNK]);
    }),
    ...each<Handler>(['Bun.$', 'zx.$'], (c) => shell(c.pos[0])),
    ...each<Handler>(['eval', 'vm.runInThisContext', 'vm.runInNewContext', 'vm.Script'], (c) => evalOf(c.pos[0])),
    Function: (c) => evalOf(c.pos[c.pos.length - 1]),
  }),
  values: table<ValueFn>({
    ...each<ValueFn>(['require', 'import'], (c) => (c.pos[0]?.k === 'str' ? ref(canonModule(c.pos[0].s)) : UNK)),
    ...each<ValueFn>(['path.join', 'path.posix.join'], (c) => joinAll(c.pos, false)),
    ...each<ValueFn>(['path.resolve', 'path.posix.resolve'], (c) => joinAll(c.pos, true)),
    ...each<ValueFn>(['path.normalize', 'path.posix.normalize', 'String'], (c) => asText(c.pos[0])),
    'os.homedir': () => str('~'),
    ...each<ValueFn>(['process.cwd', 'Deno.cwd'], () => str('.')),
    ...each<ValueFn>(['Deno.env.get', 'Bun.env.get'], (c) => envOf(c.pos[0])),
    'util.promisify': (c) => (c.pos[0]?.k === 'ref' ? c.pos[0] : UNK),
  }),
  methods: new Map(),
  methodValues: table<MethodValue>({
    join: (r, c) => (r.k === 'list' ? joinWith(r.items, c.pos[0]?.k === 'str' ? c.pos[0].s : ',') : UNK),
    toString: (r: Val) => (r.k === 'str' ? r : UNK),
    split: (r, c) => splitVal(r, c.pos[0]),
  }),
  loose: new Set(),
  distinctive: table({
    rmSync: 'fs.rmSync',
    rmdirSync: 'fs.rmdirSync',
    unlinkSync: 'fs.unlinkSync',
    writeFileSync: 'fs.writeFileSync',
    appendFileSync: 'fs.appendFileSync',
    symlinkSync: 'fs.symlinkSync',
    renameSync: 'fs.renameSync',
    copyFileSync: 'fs.copyFileSync',
    removeSync: 'fs.removeSync',
    emptyDirSync: 'fs.emptyDirSync',
    outputFileSync: 'fs.outputFileSync',
    execSync: 'child_process.execSync',
    spawnSync: 'child_process.spawnSync',
    execFileSync: 'child_process.execFileSync',
  }),
  envRefs: new Set(['process.env', 'Bun.env']),
  envMember: true,
  nullary: new Map(),
  defaults: table({ fsp: 'fs.promises', cp: 'child_process', childProcess: 'child_process', fse: 'fs' }),
  consts: table({ true: bool(true), false: bool(false), null: UNK, undefined: UNK }),
  prefix: new Set(['new', 'await', 'void', 'typeof']),
  definers: new Set(['function', 'class']),
  parenless: false,
  stops: new Set(),
  noArgs: new Set(),
  caseless: false,
  canon: (n) => {
    const s = n.startsWith('globalThis.') ? n.slice(11) : n;
    return s.startsWith('fs.promises.') ? `fs.${s.slice(12)}` : s;
  },
};
