// The program table's crypto tools: openssl and gpg.

import { lazy } from '../../../vocab/lazy.js';
import { passFile } from './option-files.js';
import { NONE, R, read, write } from './roles.js';
import type { ArgSpec } from './types.js';

const OPENSSL_VALUES = [
  '-in', '-out', '-inkey', '-key', '-keyout', '-passin', '-passout', '-pass', '-kfile', '-cert', '-certfile', '-CAfile', '-CApath',
  '-CAkey', '-signkey', '-config', '-name', '-subj', '-days', '-newkey', '-md', '-iter', '-K', '-iv', '-S', '-engine', '-keyform',
  '-inform', '-outform', '-certform', '-extfile', '-extensions', '-set_serial', '-CAserial', '-sigopt', '-pkeyopt', '-rand', '-writerand',
  '-connect', '-servername', '-cipher', '-verify', '-sign', '-signature', '-prverify', '-keylen', '-mac', '-macopt', '-nameopt',
];
const OPENSSL_OPERANDS = lazy((): ArgSpec => ({
  singleDash: true,
  long: OPENSSL_VALUES,
  roles: R,
  files: {
    '-in': read,
    '-inkey': read,
    '-key': read,
    '-kfile': read,
    '-signkey': read,
    '-sign': read,
    '-prverify': read,
    '-passin': { op: 'read', file: passFile },
    '-passout': { op: 'read', file: passFile },
    '-pass': { op: 'read', file: passFile },
    '-out': write,
    '-keyout': write,
  },
}));
/** The subcommand comes first; only digests take files as operands. */
export const OPENSSL = lazy((): ArgSpec => ({
  ...OPENSSL_OPERANDS(),
  lead: 1,
  roles: NONE,
  sub: { dgst: OPENSSL_OPERANDS(), md5: OPENSSL_OPERANDS(), sha1: OPENSSL_OPERANDS(), sha256: OPENSSL_OPERANDS(), sha512: OPENSSL_OPERANDS() },
}));

/** gpg commands that take key ids or nothing, not files. */
const GPG_KEY_COMMANDS = [
  '--recv-keys', '--recv-key', '--send-keys', '--send-key', '--list-keys', '--list-key', '-k', '--list-secret-keys', '-K', '--list-sigs',
  '--check-sigs', '--fingerprint', '--delete-key', '--delete-keys', '--delete-secret-key', '--delete-secret-keys', '--edit-key',
  '--search-keys', '--refresh-keys', '--gen-key', '--generate-key', '--full-gen-key', '--full-generate-key', '--quick-gen-key',
  '--quick-generate-key', '--sign-key', '--lsign-key', '--export', '--export-secret-keys', '--export-secret-subkeys', '--gen-revoke',
  '--generate-revocation', '--locate-keys', '--card-status', '--card-edit', '--version', '--help',
];
export const GPG = lazy((): ArgSpec => ({
  short: 'rouzRf',
  long: [
    '--recipient', '--hidden-recipient', '--local-user', '--output', '--homedir', '--passphrase', '--passphrase-file', '--passphrase-fd',
    '--keyring', '--secret-keyring', '--default-key', '--trust-model', '--cipher-algo', '--digest-algo', '--compress-algo', '--keyserver',
    '--recipient-file', '--encrypt-to', '--status-fd', '--logger-fd', '--pinentry-mode', '--set-filename', '--comment', '--options',
  ],
  roles: R,
  files: { '-o': write, '--output': write, '--passphrase-file': read },
  when: [[GPG_KEY_COMMANDS, { roles: NONE }]],
}));
