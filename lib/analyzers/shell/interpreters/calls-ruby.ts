// Ruby calls and what they mean: FileUtils, File, Dir, Pathname, system/exec/spawn, Open3, IO.popen, eval.

import {
  argvOf,
  each,
  evalOf,
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
  targets,
  tee,
  type ValueFn,
  withTargets,
  writes,
} from './calls.js';
import { asText, bool, envOf, flat, joinAll, joinWith, path, pathJoin, splitVal, str, text, toPath, UNK } from './values.js';

const rubyOpenFile: Handler = (c) => (writes(c.pos[1] ?? c.named.get('mode'), 'wa+') ? tee(one(c)) : undefined);

/** system/exec/spawn: one string → a shell script; several words (or [cmd, argv0]) → argv. */
const rubySystem: Handler = (c) => {
  const vals = c.pos.filter((v) => v.k !== 'obj');
  const [head, ...rest] = vals;
  if (head === undefined) return shell(undefined);
  if (rest.length === 0) return head.k === 'list' ? argvOf(head.items.slice(0, 1)) : shell(head);
  return argvOf([head.k === 'list' ? (head.items[0] ?? UNK) : head, ...rest]);
};

const FILEUTILS_RMRF = ['rm_rf', 'rm_r', 'remove_dir', 'remove_entry', 'remove_entry_secure', 'rmtree'];

export const RUBY: LangSpec = {
  connectors: new Set(['.', '&.', '::']),
  concat: new Set(['+']),
  actions: table<Handler>({
    ...each<Handler>(
      FILEUTILS_RMRF.map((f) => `FileUtils.${f}`),
      (c) => rmrf(targets(c.pos)),
    ),
    ...each<Handler>(['FileUtils.rm', 'FileUtils.remove', 'FileUtils.remove_file', 'FileUtils.safe_unlink', 'File.delete', 'File.unlink'], (c) =>
      rm(targets(c.pos)),
    ),
    'FileUtils.rm_f': (c) => ({ argv: withTargets(['rm', '-f'], targets(c.pos)) }),
    ...each<Handler>(['FileUtils.rmdir', 'Dir.delete', 'Dir.rmdir', 'Dir.unlink'], (c) => rmdir(targets(c.pos))),
    ...each<Handler>(['File.write', 'File.binwrite', 'IO.write', 'IO.binwrite'], (c) => tee(one(c))),
    ...each(['File.symlink', 'File.link', 'FileUtils.ln_s', 'FileUtils.ln_sf', 'FileUtils.ln', 'FileUtils.symlink'], pair(['ln', '-s'])),
    ...each(['File.rename', 'FileUtils.mv', 'FileUtils.move'], pair(['mv'])),
    ...each(['FileUtils.cp', 'FileUtils.cp_r', 'FileUtils.copy', 'FileUtils.copy_file', 'FileUtils.install'], pair(['cp', '-r'])),
    ...each(['File.open', 'File.new'], rubyOpenFile),
    ...each<Handler>(['open', 'Kernel.open'], (c) => {
      const p = c.pos[0];
      return p?.k === 'str' && p.s.startsWith('|') ? shell(str(p.s.slice(1))) : rubyOpenFile(c);
    }),
    ...each(
      [
        'system', 'exec', 'spawn', 'Kernel.system', 'Kernel.exec', 'Kernel.spawn', 'Process.spawn', 'Process.exec',
        'Open3.capture2', 'Open3.capture2e', 'Open3.capture3', 'Open3.popen2', 'Open3.popen2e', 'Open3.popen3', 'PTY.spawn',
      ],
      rubySystem,
    ),
    'IO.popen': (c) => {
      const v = c.pos.find((x) => x.k !== 'obj');
      if (v?.k === 'list') return argvOf(v.items);
      return v?.k === 'str' && v.s === '-' ? undefined : shell(v);
    },
    ...each<Handler>(['eval', 'Kernel.eval', 'instance_eval', 'class_eval', 'module_eval'], (c) => evalOf(c.pos[0])),
  }),
  values: table<ValueFn>({
    'File.join': (c) => joinAll(flat(c.pos), false),
    ...each<ValueFn>(['File.expand_path', 'File.absolute_path'], (c) => (c.pos[1] ? joinAll([c.pos[1], c.pos[0] ?? UNK], true) : asText(c.pos[0]))),
    'File.realpath': (c) => asText(c.pos[0]),
    'Dir.home': () => str('~'),
    ...each<ValueFn>(['Dir.pwd', 'Dir.getwd'], () => str('.')),
    'ENV.fetch': (c) => envOf(c.pos[0]),
    ...each<ValueFn>(['Pathname.new', 'Pathname', 'Kernel.Pathname'], (c) => toPath(c.pos[0])),
    ...each<ValueFn>(['Pathname.pwd', 'Pathname.getwd'], () => path('.')),
  }),
  methods: table<Handler>({
    rmtree: (c) => rmrf([text(c.recv)]),
    ...each<Handler>(['delete', 'unlink'], (c) => rm([text(c.recv)])),
    rmdir: (c) => rmdir([text(c.recv)]),
    ...each<Handler>(['write', 'binwrite'], (c) => tee([text(c.recv)])),
    open: (c) => (writes(c.pos[0] ?? c.named.get('mode'), 'wa+') ? tee([text(c.recv)]) : undefined),
  }),
  methodValues: table<MethodValue>({
    join: (r, c) => (r.k === 'path' ? pathJoin(r, c.pos) : r.k === 'list' ? joinWith(r.items, c.pos[0]?.k === 'str' ? c.pos[0].s : '') : UNK),
    ...each<MethodValue>(['expand_path', 'to_s', 'to_path', 'cleanpath'], (r) => (r.k === 'path' || r.k === 'str' ? r : UNK)),
    split: (r, c) => splitVal(r, c.pos[0]),
  }),
  loose: new Set(['rmtree']),
  distinctive: table({
    ...Object.fromEntries(FILEUTILS_RMRF.map((f) => [f, `FileUtils.${f}`])),
    safe_unlink: 'FileUtils.safe_unlink',
  }),
  envRefs: new Set(['ENV']),
  envMember: false,
  nullary: table({ 'Dir.home': str('~'), 'Dir.pwd': str('.'), 'Pathname.pwd': path('.') }),
  defaults: new Map(),
  consts: table({ true: bool(true), false: bool(false), nil: UNK }),
  prefix: new Set(['not', 'defined?']),
  definers: new Set(['def', 'class', 'module', 'alias']),
  parenless: true,
  stops: new Set(['if', 'unless', 'while', 'until', 'and', 'or', 'not', 'do', 'then', 'end', 'rescue', 'ensure', 'else', 'elsif', 'when', 'in']),
  noArgs: new Set(),
  caseless: false,
  canon: (n) => {
    for (const sub of ['Verbose', 'NoWrite', 'DryRun']) {
      const p = `FileUtils.${sub}`;
      if (n === p) return 'FileUtils';
      if (n.startsWith(`${p}.`)) return `FileUtils${n.slice(p.length)}`;
    }
    return n;
  },
};
