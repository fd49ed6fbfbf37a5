// The program table: per program, how its arguments name files (the families live in *-tools.ts and find.ts).

import { AWS, AZ, GCLOUD, GSUTIL } from './cloud-tools.js';
import { GPG, OPENSSL } from './crypto-tools.js';
import { CHMOD, CHOWN, CP, GIO, GIT, INSTALL, LN, MV, PATCH, TAR, ZIP } from './file-tools.js';
import { findOperands } from './find.js';
import { D, NONE, R, read, W, write } from './roles.js';
import { AG, AWK, GREP, JQ, PERL, RG, SED, YQ } from './text-tools.js';
import { CURL, HTTPIE, RSYNC, SCP, WGET } from './transfer-tools.js';
import type { Lazy } from '../tables.js';
import type { ArgSpec } from './types.js';

const XCLIP: ArgSpec = {
  singleDash: true,
  long: ['-selection', '-sel', '-se', '-display', '-d', '-loops', '-l', '-target', '-t'],
  roles: R,
  when: [[['-o', '-out', '-output'], { roles: NONE }]],
};

const READS: ArgSpec = { roles: R };
const HEAD: ArgSpec = { short: 'nc', long: ['--lines', '--bytes'], plusWords: true, roles: R };
const TAIL: ArgSpec = { short: 'ncs', long: ['--lines', '--bytes', '--pid', '--sleep-interval', '--max-unchanged-stats'], plusWords: true, roles: R };
const LESS: ArgSpec = {
  short: 'bhjkoOpPtTxyz#',
  long: [
    '--log-file', '--LOG-FILE', '--pattern', '--prompt', '--tag', '--tag-file', '--tabs', '--max-forw-scroll', '--window', '--shift',
    '--jump-target', '--buffers', '--max-back-scroll', '--lesskey-file', '--header',
  ],
  plusWords: true,
  roles: R,
  files: { '-o': write, '-O': write, '--log-file': write, '--LOG-FILE': write },
};
const BASE64: ArgSpec = { short: 'w', long: ['--wrap'], roles: R };
const SUMS: ArgSpec = { short: 'a', roles: R };
const SOURCE: ArgSpec = { posix: true, positions: [R] };
const DELETES: ArgSpec = { roles: D };
const WRITES: ArgSpec = { roles: W };

/** Program → how its arguments name files. An entry written as a function is built when a command first runs
 * that program (lazyEntry). */
export const PROGRAMS: Readonly<Record<string, Lazy<ArgSpec>>> = {
  // read
  cat: READS,
  tac: () => ({ short: 's', long: ['--separator'], roles: R }),
  less: LESS,
  more: () => ({ short: 'n', plusWords: true, roles: R }),
  head: HEAD,
  tail: TAIL,
  nl: () => ({ short: 'bdfhilnsvw', roles: R }),
  od: () => ({ short: 'AjNtS', attached: 'w', roles: R }),
  xxd: () => ({ short: 'cglosn', positions: [R, W] }),
  hexdump: () => ({ short: 'efns', roles: R }),
  strings: () => ({ short: 'nteT', long: ['--bytes', '--radix', '--encoding', '--target', '--output-separator'], roles: R }),
  base64: BASE64,
  base32: BASE64,
  basenc: BASE64,
  grep: GREP,
  egrep: GREP,
  fgrep: GREP,
  zgrep: GREP,
  rg: RG,
  ag: AG,
  awk: AWK,
  gawk: AWK,
  mawk: AWK,
  nawk: AWK,
  sed: SED,
  gsed: SED,
  perl: PERL,
  sort: () => ({
    short: 'kStTo',
    long: [
      '--key', '--field-separator', '--buffer-size', '--temporary-directory', '--output', '--batch-size', '--compress-program',
      '--parallel', '--random-source', '--files0-from',
    ],
    roles: R,
    files: { '-o': write, '--output': write, '--files0-from': read },
  }),
  uniq: () => ({ short: 'fsw', long: ['--skip-fields', '--skip-chars', '--check-chars'], positions: [R, W] }),
  cut: () => ({ short: 'bcfd', long: ['--bytes', '--characters', '--fields', '--delimiter', '--output-delimiter'], roles: R }),
  wc: () => ({ roles: R, files: { '--files0-from': read } }),
  diff: () => ({
    short: 'CUIxXFLSWD',
    long: [
      '--label', '--ignore-matching-lines', '--exclude', '--exclude-from', '--starting-file', '--width', '--ifdef', '--line-format',
      '--tabsize', '--horizontal-lines', '--show-function-line', '--from-file', '--to-file', '--palette',
    ],
    roles: R,
    files: { '--from-file': read, '--to-file': read },
  }),
  cmp: () => ({ short: 'in', long: ['--ignore-initial', '--bytes'], positions: [R, R] }),
  md5sum: SUMS,
  sha1sum: SUMS,
  sha224sum: SUMS,
  sha256sum: SUMS,
  sha384sum: SUMS,
  sha512sum: SUMS,
  b2sum: SUMS,
  cksum: SUMS,
  shasum: SUMS,
  md5: () => ({ short: 's', roles: R }),
  jq: JQ,
  gojq: JQ,
  yq: YQ,
  source: SOURCE,
  '.': SOURCE,
  openssl: OPENSSL,
  gpg: GPG,
  gpg2: GPG,
  xclip: XCLIP,
  pbcopy: READS,
  // copy, move, archive, transfer
  cp: CP,
  mv: MV,
  install: INSTALL,
  ln: LN,
  tar: TAR,
  zip: ZIP,
  scp: SCP,
  rsync: RSYNC,
  curl: CURL,
  wget: WGET,
  http: HTTPIE,
  https: HTTPIE,
  xh: HTTPIE,
  xhs: HTTPIE,
  aws: AWS,
  gsutil: GSUTIL,
  gcloud: GCLOUD,
  az: AZ,
  dd: () => ({ assign: { if: 'read', of: 'write' } }),
  // write
  tee: WRITES,
  // moreutils: soaks up stdin, then writes the file (`jq … f | sponge f` rewrites f in place); -a appends.
  sponge: WRITES,
  touch: () => ({ short: 'dtr', long: ['--date', '--reference', '--time'], roles: W }),
  truncate: () => ({ short: 'sr', long: ['--size', '--reference'], roles: W }),
  // A named pipe or device node made where a file is expected is read as that file: a shell starting with a FIFO
  // at ~/.bashrc, or a host with one at its settings path, waits on it. Not metadata, unlike touch. mknod's operands
  // after the name are its type and device numbers.
  mkfifo: () => ({ short: 'm', long: ['--mode'], roles: W }),
  mknod: () => ({ short: 'm', long: ['--mode'], positions: [W], roles: NONE }),
  chmod: CHMOD,
  chown: CHOWN,
  chgrp: CHOWN,
  patch: PATCH,
  // delete
  rm: DELETES,
  unlink: DELETES,
  rmdir: DELETES,
  shred: () => ({ short: 'ns', long: ['--iterations', '--size', '--random-source'], roles: D }),
  trash: DELETES,
  'trash-put': DELETES,
  gio: GIO,
  git: GIT,
  find: () => ({ custom: findOperands }),
};
