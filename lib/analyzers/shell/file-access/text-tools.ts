// The program table's search and text tools: grep, rg, ag, awk, sed, perl, jq, yq.

import { lazy } from '../../../vocab/lazy.js';
import { NONE, R, read, W } from './roles.js';
import type { ArgSpec } from './types.js';

export const GREP = lazy((): ArgSpec => ({
  short: 'efmABCdD',
  long: [
    '--regexp', '--file', '--max-count', '--after-context', '--before-context', '--context', '--directories', '--devices', '--include',
    '--exclude', '--exclude-dir', '--exclude-from', '--label', '--binary-files', '--group-separator',
  ],
  lead: 1,
  roles: R,
  files: { '-f': read, '--file': read, '--exclude-from': read },
  when: [[['-e', '--regexp', '-f', '--file'], { lead: 0 }]],
}));

export const RG = lazy((): ArgSpec => ({
  short: 'efgtTmABCjMrEd',
  long: [
    '--regexp', '--file', '--glob', '--iglob', '--type', '--type-not', '--type-add', '--type-clear', '--max-count', '--after-context',
    '--before-context', '--context', '--threads', '--max-columns', '--replace', '--encoding', '--max-depth', '--max-filesize', '--pre',
    '--pre-glob', '--sort', '--sortr', '--color', '--colors', '--context-separator', '--field-context-separator', '--field-match-separator',
    '--path-separator', '--ignore-file', '--engine', '--dfa-size-limit', '--regex-size-limit', '--hyperlink-format',
  ],
  lead: 1,
  roles: R,
  files: { '-f': read, '--file': read },
  when: [
    [['-e', '--regexp', '-f', '--file'], { lead: 0 }],
    // Listing names reads no content.
    [['--files', '--type-list'], { roles: NONE }],
  ],
}));

export const AG = lazy((): ArgSpec => ({
  short: 'ABCGgmp',
  long: [
    '--after', '--before', '--context', '--file-search-regex', '--ignore', '--ignore-dir', '--max-count', '--depth',
    '--path-to-ignore', '--pager', '--workers',
  ],
  lead: 1,
  roles: R,
  when: [[['-g'], { lead: 0, roles: NONE }]],
}));

export const AWK = lazy((): ArgSpec => ({
  short: 'fvFiEl',
  long: ['--file', '--assign', '--field-separator', '--include', '--exec', '--load', '--source'],
  posix: true,
  lead: 1,
  roles: R,
  skipAssignments: true,
  when: [
    [['-f', '--file', '-E', '--exec'], { lead: 0 }],
    [['-i=inplace', '--include=inplace'], { roles: W }],
  ],
}));

export const SED = lazy((): ArgSpec => ({
  short: 'efl',
  attached: 'i',
  long: ['--expression', '--file', '--line-length'],
  lead: 1,
  roles: R,
  when: [
    [['-e', '--expression', '-f', '--file'], { lead: 0 }],
    [['-i', '--in-place'], { roles: W }],
  ],
}));

export const PERL = lazy((): ArgSpec => ({
  short: 'eEI',
  attached: 'ilx0dDCmMF',
  lead: 1,
  when: [
    [['-e', '-E'], { lead: 0 }],
    [['-n', '-p'], { roles: R }],
    [['-i'], { roles: W }],
  ],
}));

export const JQ = lazy((): ArgSpec => ({
  short: 'L',
  long: ['--indent'],
  pairs: ['--arg', '--argjson', '--slurpfile', '--rawfile'],
  lead: 1,
  roles: R,
  files: { '--slurpfile': read, '--rawfile': read },
  when: [
    [['-f', '--from-file'], { lead: 0 }],
    [['--args', '--jsonargs'], { roles: NONE }],
  ],
}));

const YQ_EVAL = lazy((): ArgSpec => ({
  short: 'Iops',
  long: ['--indent', '--output-format', '--input-format', '--expression', '--split-exp', '--front-matter'],
  lead: 1,
  roles: R,
  when: [
    [['--expression', '--from-file'], { lead: 0 }],
    [['-i', '--inplace'], { roles: W }],
  ],
}));
export const YQ = lazy((): ArgSpec => ({ ...YQ_EVAL(), sub: { eval: YQ_EVAL(), e: YQ_EVAL(), 'eval-all': YQ_EVAL(), ea: YQ_EVAL() } }));
