// Phase b: known writes. Flags that make an otherwise read-only program write, run a command or never
// finish, and programs known to write (or never finish), named so the verdict gives a better reason.

import type { NormalisedArgs } from '../operands.js';
import { type Lazy, lazyEntry, ownEntry } from '../tables.js';

/** Flags that make an otherwise read-only program write, run a command or never finish. */
/** Each entry is built the first time a command runs its program (lazyEntry). */
const FLAG_LIMITS: Readonly<Record<string, Lazy<Readonly<Record<string, string>>>>> = {
  tail: () => ({ '-f': 'tail -f follows the file and never ends', '-F': 'tail -F follows the file and never ends', '--follow': 'tail --follow never ends' }),
  sort: () => ({ '-o': 'sort -o writes its output to a file', '--output': 'sort --output writes a file', '--compress-program': 'sort --compress-program runs a program' }),
  tree: () => ({ '-o': 'tree -o writes its listing to a file', '-R': 'tree -R writes 00Tree.html files' }),
  file: () => ({ '-C': 'file -C compiles a magic file', '--compile': 'file --compile writes a magic file' }),
  rg: () => ({ '--pre': 'rg --pre runs a preprocessor command', '--hostname-bin': 'rg --hostname-bin runs a program' }),
  ag: () => ({ '--pager': 'ag --pager runs a pager command' }),
  fd: () => ({
    '-x': 'fd -x runs a command per result',
    '--exec': 'fd --exec runs a command per result',
    '-X': 'fd -X runs a command',
    '--exec-batch': 'fd --exec-batch runs a command',
  }),
  date: () => ({ '-s': 'date -s sets the system clock', '--set': 'date --set sets the system clock' }),
  hostname: () => ({
    '-F': 'hostname -F sets the host name',
    '--file': 'hostname --file sets the host name',
    '-b': 'hostname -b sets the host name',
    '--boot': 'hostname --boot sets the host name',
  }),
  journalctl: () => ({
    '-f': 'journalctl -f follows the journal and never ends',
    '--follow': 'journalctl --follow never ends',
    '--vacuum-size': 'journalctl --vacuum-size deletes journal files',
    '--vacuum-time': 'journalctl --vacuum-time deletes journal files',
    '--vacuum-files': 'journalctl --vacuum-files deletes journal files',
    '--rotate': 'journalctl --rotate rotates journal files',
    '--flush': 'journalctl --flush moves journal files',
    '--setup-keys': 'journalctl --setup-keys writes sealing keys',
  }),
};

export function flagLimit(program: string, args: NormalisedArgs): string | undefined {
  const limits = lazyEntry(FLAG_LIMITS, program);
  if (!limits) return undefined;
  for (const f of args.flags) {
    const why = ownEntry(limits, f);
    if (why !== undefined) return why;
  }
  return undefined;
}

/** Known writers, plus a few programs that never finish or wait for keys: a better reason than "not a known read-only program". */
export const WRITERS: Readonly<Record<string, string>> = {
  rm: 'rm deletes files',
  rmdir: 'rmdir removes directories',
  unlink: 'unlink deletes a file',
  shred: 'shred overwrites files',
  mv: 'mv moves or renames files',
  cp: 'cp copies files',
  mkdir: 'mkdir creates directories',
  touch: 'touch creates files or changes their times',
  mkfifo: 'mkfifo creates named pipes',
  mknod: 'mknod creates special files',
  chmod: 'chmod changes permissions',
  chown: 'chown changes ownership',
  chgrp: 'chgrp changes group ownership',
  ln: 'ln creates links',
  install: 'install copies files into place',
  dd: 'dd writes its output file',
  truncate: 'truncate resizes files',
  rsync: 'rsync copies files',
  scp: 'scp copies files',
  wget: 'wget downloads files',
  tar: 'tar can create or extract archives',
  unzip: 'unzip extracts files',
  zip: 'zip writes archives',
  gzip: 'gzip replaces files with compressed ones',
  gunzip: 'gunzip replaces files with decompressed ones',
  patch: 'patch edits files',
  make: 'make runs build recipes',
  kill: 'kill signals processes',
  pkill: 'pkill signals processes',
  killall: 'killall signals processes',
  systemctl: 'systemctl can change services',
  service: 'service can change services',
  reboot: 'reboot restarts the machine',
  shutdown: 'shutdown stops the machine',
  mount: 'mount changes mounts',
  umount: 'umount changes mounts',
  crontab: 'crontab edits scheduled jobs',
  terraform: 'terraform may write state or take a state lock',
  apt: 'apt installs or removes packages',
  'apt-get': 'apt-get installs or removes packages',
  yum: 'yum installs or removes packages',
  dnf: 'dnf installs or removes packages',
  pacman: 'pacman installs or removes packages',
  apk: 'apk installs or removes packages',
  gem: 'gem installs or removes packages',
  watch: 'watch reruns a command forever',
  less: 'less is an interactive pager',
  more: 'more is an interactive pager',
};
