// Perl calls and what they mean: unlink, rmtree, open, sysopen, File::Copy, system/exec, eval.

import {
  argvOf,
  each,
  evalOf,
  flagsWrite,
  type Handler,
  type LangSpec,
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
} from './calls.js';
import { flat, joinAll, joinWith, str, text, UNK } from './values.js';

/** open(FH, MODE, TARGET…) or the two-argument open(FH, ">file") / open(FH, "cmd |"). */
const perlOpen: Handler = (c) => {
  const [, m, ...rest] = c.pos;
  if (c.pos.length >= 3) {
    if (m?.k !== 'str') return tee([text(rest[0])]);
    const mode = m.s.trim();
    if (mode.startsWith('-|') || mode.startsWith('|-')) return rest.length === 1 ? shell(rest[0]) : argvOf(rest);
    return mode.startsWith('>') || mode.startsWith('+') ? tee([text(rest[0])]) : undefined;
  }
  if (m?.k !== 'str') return undefined;
  const spec = m.s.trim();
  if (spec.startsWith('|')) return { shell: spec.slice(1).trim() };
  if (spec.endsWith('|')) return { shell: spec.slice(0, -1).trim() };
  if (!spec.startsWith('>') && !spec.startsWith('+')) return undefined;
  let k = 0;
  while (k < spec.length && (spec[k] === '>' || spec[k] === '+' || spec[k] === '<')) k++;
  return tee([spec.slice(k).trim()]);
};

const perlSystem: Handler = (c) => {
  const vals = flat(c.pos);
  if (vals.length === 1) return shell(vals[0]);
  return vals.length > 0 ? argvOf(vals) : shell(undefined);
};

export const PERL: LangSpec = {
  connectors: new Set(['->']),
  concat: new Set(['.']),
  actions: table<Handler>({
    ...each<Handler>(['rmtree', 'remove_tree', 'File::Path::rmtree', 'File::Path::remove_tree'], (c) => rmrf(targets(c.pos))),
    unlink: (c) => rm(targets(c.pos)),
    rmdir: (c) => rmdir(one(c)),
    open: perlOpen,
    ...each(['symlink', 'link'], pair(['ln', '-s'])),
    ...each(['rename', 'move', 'File::Copy::move'], pair(['mv'])),
    ...each(['copy', 'File::Copy::copy'], pair(['cp', '-r'])),
    sysopen: (c) => (flagsWrite(c.args[2]) ? tee([text(c.pos[1])]) : undefined),
    ...each(['system', 'exec'], perlSystem),
    readpipe: (c) => shell(c.pos[0]),
    eval: (c) => evalOf(c.pos[0]),
  }),
  values: table<ValueFn>({
    ...each<ValueFn>(['File::Spec.catfile', 'File::Spec.catdir'], (c) => joinAll(c.pos, false)),
    join: (c) => (c.pos[0]?.k === 'str' ? joinWith(c.pos.slice(1), c.pos[0].s) : UNK),
    ...each<ValueFn>(['getcwd', 'cwd', 'Cwd::getcwd', 'Cwd::cwd'], () => str('.')),
  }),
  methods: new Map(),
  methodValues: new Map(),
  loose: new Set(),
  distinctive: table({ rmtree: 'rmtree', remove_tree: 'remove_tree' }),
  envRefs: new Set(['$ENV']),
  envMember: false,
  nullary: new Map(),
  defaults: new Map(),
  consts: new Map(),
  prefix: new Set(['my', 'our', 'local', 'state']),
  definers: new Set(['sub', 'package']),
  parenless: true,
  stops: new Set(['if', 'unless', 'while', 'until', 'and', 'or', 'not', 'xor', 'for', 'foreach']),
  noArgs: new Set(['unlink', 'rmdir']),
  caseless: false,
  canon: (n) => {
    let s = n.startsWith('&') ? n.slice(1) : n;
    if (s.startsWith('CORE::GLOBAL::')) s = s.slice(14);
    else if (s.startsWith('CORE::')) s = s.slice(6);
    return s;
  },
};
