// The program table's file tools: copy, move, link and install; modes and owners; archives; git rm/mv, gio and
// patch.

import { lazy } from '../../../vocab/lazy.js';
import { D, NONE, R, RD, read, W, write } from './roles.js';
import type { ArgSpec } from './types.js';

export const CP = lazy((): ArgSpec => ({
  short: 'tS',
  long: ['--target-directory', '--suffix'],
  roles: R,
  dest: W,
  files: { '-t': write, '--target-directory': write },
  when: [[['-t', '--target-directory'], { dest: undefined }]],
}));
export const MV = lazy((): ArgSpec => ({ ...CP(), roles: RD }));
export const LN = lazy((): ArgSpec => ({ ...CP(), roles: NONE }));
export const INSTALL = lazy((): ArgSpec => ({
  ...CP(),
  short: 'tSmog',
  long: ['--target-directory', '--suffix', '--mode', '--owner', '--group', '--strip-program'],
  when: [
    [['-t', '--target-directory'], { dest: undefined }],
    [['-d', '--directory'], { roles: W, dest: undefined }],
  ],
}));

export const CHMOD = lazy((): ArgSpec => ({ lead: 1, roles: W, when: [[['--reference', '-r', '-w', '-x', '-X', '-s', '-t'], { lead: 0 }]] }));
export const CHOWN = lazy((): ArgSpec => ({ long: ['--from'], lead: 1, roles: W, when: [[['--reference'], { lead: 0 }]] }));

const TAR_CREATE = ['-c', '--create', '-r', '--append', '-u', '--update', '-A', '--catenate', '--concatenate'];
export const TAR = lazy((): ArgSpec => ({
  oldStyle: true,
  short: 'fCTXbHKLNgIV',
  long: [
    '--file', '--directory', '--files-from', '--exclude-from', '--exclude', '--format', '--use-compress-program', '--transform',
    '--owner', '--group', '--mode', '--mtime', '--label', '--newer', '--after-date', '--listed-incremental', '--blocking-factor',
    '--record-size', '--tape-length', '--to-command', '--checkpoint-action', '--suffix', '--volno-file', '--info-script',
    '--rsh-command', '--strip-components', '--sort', '--warning',
  ],
  chdir: ['-C', '--directory'],
  chdirOperandsOnly: true,
  // Extraction writes members whose names only the archive knows: the archive is read, nothing else named.
  files: { '-f': read, '--file': read, '-T': read, '--files-from': read, '-X': read, '--exclude-from': read },
  when: [[TAR_CREATE, { roles: R, files: { '-f': write, '--file': write, '-T': read, '--files-from': read, '-X': read, '--exclude-from': read } }]],
}));

export const ZIP = lazy((): ArgSpec => ({ short: 'bntxiPOZs', positions: [W], roles: R, files: { '-O': write } }));

export const GIT = lazy((): ArgSpec => ({
  short: 'Cc',
  long: ['--git-dir', '--work-tree', '--namespace', '--config-env', '--exec-path', '--super-prefix'],
  chdir: ['-C'],
  sub: {
    // `git rm --cached` only leaves the index.
    rm: { long: ['--pathspec-from-file'], roles: D, when: [[['--cached', '-n', '--dry-run'], { roles: NONE }]] },
    mv: { roles: RD, dest: W, when: [[['-n', '--dry-run'], { roles: NONE, dest: undefined }]] },
  },
}));

export const GIO = lazy((): ArgSpec => ({ sub: { trash: { roles: D }, remove: { roles: D }, copy: CP(), move: MV() } }));

export const PATCH = lazy((): ArgSpec => ({
  short: 'iopdDFrBYzVg',
  long: [
    '--input', '--output', '--strip', '--directory', '--ifdef', '--fuzz', '--reject-file', '--prefix', '--basename-prefix', '--suffix',
    '--version-control', '--get', '--quoting-style',
  ],
  chdir: ['-d', '--directory'],
  positions: [W, R],
  files: { '-i': read, '--input': read, '-o': write, '--output': write },
}));
