// PHP calls and what they mean: unlink, file_put_contents, fopen, system/exec/shell_exec, proc_open, eval.

import { argvOf, each, evalOf, first, type Handler, type LangSpec, one, rm, rmdir, shell, table, tee, type ValueFn, writes } from './calls.js';
import { MAX_ITEMS } from './limits.js';
import { asText, bool, envOf, joinWith, str, UNK } from './values.js';

export const PHP: LangSpec = {
  connectors: new Set(['->', '?->', '::']),
  concat: new Set(['.']),
  actions: table<Handler>({
    unlink: (c) => rm(one(c, 'filename')),
    rmdir: (c) => rmdir(one(c, 'directory')),
    file_put_contents: (c) => tee(one(c, 'filename')),
    fopen: (c) => (writes(c.pos[1] ?? c.named.get('mode'), 'waxc+') ? tee(one(c, 'filename')) : undefined),
    ...each<Handler>(['system', 'exec', 'shell_exec', 'passthru', 'popen'], (c) => shell(first(c, 'command'))),
    proc_open: (c) => {
      const v = first(c, 'command');
      return v?.k === 'list' ? argvOf(v.items) : shell(v);
    },
    pcntl_exec: (c) => argvOf([c.pos[0] ?? UNK, ...(c.pos[1]?.k === 'list' ? c.pos[1].items : [])]),
    eval: (c) => evalOf(c.pos[0]),
  }),
  values: table<ValueFn>({
    getenv: (c) => envOf(c.pos[0]),
    getcwd: () => str('.'),
    realpath: (c) => asText(c.pos[0]),
    array: (c) => ({ k: 'list', items: c.pos.slice(0, MAX_ITEMS) }),
    implode: (c) => (c.pos[0]?.k === 'str' && c.pos[1]?.k === 'list' ? joinWith(c.pos[1].items, c.pos[0].s) : UNK),
  }),
  methods: new Map(),
  methodValues: new Map(),
  loose: new Set(),
  distinctive: new Map(),
  envRefs: new Set(['$_server', '$_env']),
  envMember: false,
  nullary: new Map(),
  defaults: new Map(),
  consts: table({ true: bool(true), false: bool(false), null: UNK }),
  prefix: new Set(['new', 'clone']),
  definers: new Set(['function', 'fn', 'class']),
  parenless: false,
  stops: new Set(),
  noArgs: new Set(),
  caseless: true,
  canon: (n) => {
    const l = n.toLowerCase();
    return l.slice(l.lastIndexOf('\\') + 1);
  },
};
