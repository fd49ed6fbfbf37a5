// Which files a command line reads, writes or deletes on this machine: the accesses by which an agent
// reads a secret into the conversation or sends it somewhere, writes into a file, or deletes one.
// One table says, per program, how its arguments name files (operand roles, destination, option values
// that are files, subcommands); redirects are read from the segment. Quoted data stays data: a pattern,
// a script or printed text is never taken for a file.

import path from 'node:path';
import { globSamples } from './glob-samples.js';
import { findStarts, namedFindResults } from './literal.js';
import { runsElsewhere } from './nested.js';
import { normaliseOperand } from './operands.js';
import { ownEntry } from './tables.js';
import type { Segment, ShellAnalysis } from './types.js';
import { isAssignment, readOption } from './wrappers.js';

export type FileOp = 'read' | 'write' | 'delete';

export interface FileAccess {
  /** The path operand as the analyzer normalised it (vars expanded, quotes removed). May be relative. */
  path: string;
  op: FileOp;
  /** What produced it, for messages: e.g. "cat", "curl -F", "tee", "redirect >", "redirect <", "cp (source)", "mv (source)". */
  via: string;
  /** Absolute directory the segment runs in, when known (Segment.cwd). */
  cwd?: string;
  /**
   * For operands with unexpanded glob/regex characters (`.env*`, `id_rsa*`, find -name '*.pem' results): a few
   * concrete sample paths that such a glob could name, so path globs can be tried against them. Absent for plain paths.
   */
  samples?: string[];
}

/** How a program's arguments name files. */
interface ArgSpec {
  /** Short options taking a value: the rest of their cluster, or the next word when last in it. */
  short?: string;
  /** Long options taking the next word as value when written without `=`. */
  long?: readonly string[];
  /** Short options whose optional value can only be attached (sed -i.bak, perl -i). */
  attached?: string;
  /** Long options taking two words (jq --rawfile NAME FILE); the second is their value. */
  pairs?: readonly string[];
  /** Options are whole words after one dash (openssl -in, xclip -selection); `long` lists those taking a value. */
  singleDash?: boolean;
  /** `+word` is an option too (less +F, more +10). */
  plusWords?: boolean;
  /** The first word may be option letters without a dash whose values follow in order (tar czf x.tgz). */
  oldStyle?: boolean;
  /** Options end at the first operand (awk's program text, source's script). */
  posix?: boolean;
  /** Options that change the directory later operands are relative to (tar -C, git -C, patch -d). */
  chdir?: readonly string[];
  /** The directory change applies to operands only, not to option values (tar opens -f before any -C). */
  chdirOperandsOnly?: boolean;
  /** Leading operands that are not files (grep's pattern, awk's program, chmod's mode). */
  lead?: number;
  /** Roles of the operands after `lead` (and after `positions`). */
  roles?: readonly FileOp[];
  /** Roles of the first operands after `lead`, in order (uniq IN OUT, zip ARCHIVE …). */
  positions?: readonly (readonly FileOp[])[];
  /** With two or more operands, the last is a destination with these roles (cp, mv, scp). */
  dest?: readonly FileOp[];
  /** Option values that are files, by option name. */
  files?: Readonly<Record<string, OptionFile>>;
  /** `key=value` operands whose value is a file (dd if= of=). */
  assign?: Readonly<Record<string, FileOp>>;
  /** The file an operand names, when operands are richer words (httpie `field@file`); undefined: none. */
  item?: (word: string) => string | undefined;
  /** `host:path` operands are on another machine (scp, rsync). */
  remote?: boolean;
  /** `name=value` operands are assignments, not files (awk). */
  skipAssignments?: boolean;
  /** Overrides when any of the options is given (`-i` or `-i=inplace` for an option with that value), in order. */
  when?: ReadonlyArray<readonly [readonly string[], Partial<ArgSpec>]>;
  /** The first operand selects another spec (git rm, aws s3 cp, gio trash). */
  sub?: Readonly<Record<string, ArgSpec>>;
  /** Argument formats no layout above describes (find). */
  custom?: (argv: readonly string[]) => Operand[];
}

interface OptionFile {
  op: FileOp;
  /** The file inside the value (curl -F name=@file); undefined when the value names none. */
  file?: (value: string) => string | undefined;
}

/** A word naming a file, with its roles and what to call it in messages. */
interface Operand {
  word: string;
  ops: readonly FileOp[];
  via: string;
}

type Item = { kind: 'opt'; name: string; value?: string; base?: string } | { kind: 'arg'; word: string; base?: string };

const R: readonly FileOp[] = ['read'];
const W: readonly FileOp[] = ['write'];
const D: readonly FileOp[] = ['delete'];
/** A moved source is read, then gone. */
const RD: readonly FileOp[] = ['read', 'delete'];
const NONE: readonly FileOp[] = [];

const read: OptionFile = { op: 'read' };
const write: OptionFile = { op: 'write' };

// ---- option values that hold a file inside them ----

/** curl -d/--data/--json `@file` (`@-` is stdin). */
const atFile = (v: string): string | undefined => (v.startsWith('@') ? v.slice(1) : undefined);
/** curl -F `name=@file;type=…` or `name=<file`. */
const formFile = (v: string): string | undefined => {
  const m = /^[^=]*=[@<](.*)$/s.exec(v);
  if (!m) return undefined;
  const rest = m[1] as string;
  const quoted = /^"([^"]*)"/.exec(rest);
  return quoted ? quoted[1] : rest.split(';')[0];
};
/** curl --data-urlencode `@file` or `name@file` (not `name=content`). */
const urlencodeFile = (v: string): string | undefined => {
  const m = /^([^=@]*)@(.*)$/s.exec(v);
  return m ? m[2] : undefined;
};
/** curl -b: a value without `=` is a cookie file. */
const cookieFile = (v: string): string | undefined => (v.includes('=') ? undefined : v);
/** openssl -passin file:PATH. */
const passFile = (v: string): string | undefined => (v.startsWith('file:') ? v.slice(5) : undefined);

/** httpie/xh request items separators, longest first at the same position; those reading a file. */
const HTTPIE_SEPARATORS = [':=@', '==', ':=', '=@', ':@', '@', '=', ':'];
const HTTPIE_FILE_SEPARATORS: ReadonlySet<string> = new Set([':=@', '=@', ':@', '@']);

/** The file an httpie item embeds or uploads (`field@file`, `field=@file`, `field:=@file`, `Header:@file`). */
function httpieFile(word: string): string | undefined {
  for (let i = 0; i < word.length; i++) {
    if (word[i] === '\\') {
      i++;
      continue;
    }
    const sep = HTTPIE_SEPARATORS.find((s) => word.startsWith(s, i));
    if (sep === undefined) continue;
    return HTTPIE_FILE_SEPARATORS.has(sep) ? word.slice(i + sep.length).split(';')[0] : undefined;
  }
  return undefined;
}

// ---- find: -delete removes what it finds; -fprint & co. write a file ----

const FIND_EXEC: ReadonlySet<string> = new Set(['-exec', '-execdir', '-ok', '-okdir']);
const FIND_OUTPUTS: ReadonlySet<string> = new Set(['-fprint', '-fprint0', '-fprintf', '-fls']);

function findOperands(argv: readonly string[]): Operand[] {
  const out: Operand[] = [];
  let deletes = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (FIND_EXEC.has(a)) {
      // The executed command has its own segment; `-delete` inside it is an argument.
      while (i + 1 < argv.length && argv[i + 1] !== ';' && argv[i + 1] !== '+') i++;
      i++;
    } else if (a === '-delete') deletes = true;
    else if (FIND_OUTPUTS.has(a) && i + 1 < argv.length) out.push({ word: argv[++i] as string, ops: W, via: `find ${a}` });
  }
  if (deletes) {
    // What the name tests say is found (`./*.pyc`), else each start path.
    const found = findStarts(argv).flatMap((start) => {
      const named = namedFindResults(argv, start);
      return named.length > 0 ? named : [start];
    });
    out.unshift(...found.map((word) => ({ word, ops: D, via: 'find -delete' })));
  }
  return out;
}

// ---- the table ----

const GREP: ArgSpec = {
  short: 'efmABCdD',
  long: [
    '--regexp', '--file', '--max-count', '--after-context', '--before-context', '--context', '--directories', '--devices', '--include',
    '--exclude', '--exclude-dir', '--exclude-from', '--label', '--binary-files', '--group-separator',
  ],
  lead: 1,
  roles: R,
  files: { '-f': read, '--file': read, '--exclude-from': read },
  when: [[['-e', '--regexp', '-f', '--file'], { lead: 0 }]],
};

const RG: ArgSpec = {
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
};

const AG: ArgSpec = {
  short: 'ABCGgmp',
  long: [
    '--after', '--before', '--context', '--file-search-regex', '--ignore', '--ignore-dir', '--max-count', '--depth',
    '--path-to-ignore', '--pager', '--workers',
  ],
  lead: 1,
  roles: R,
  when: [[['-g'], { lead: 0, roles: NONE }]],
};

const AWK: ArgSpec = {
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
};

const SED: ArgSpec = {
  short: 'efl',
  attached: 'i',
  long: ['--expression', '--file', '--line-length'],
  lead: 1,
  roles: R,
  when: [
    [['-e', '--expression', '-f', '--file'], { lead: 0 }],
    [['-i', '--in-place'], { roles: W }],
  ],
};

const PERL: ArgSpec = {
  short: 'eEI',
  attached: 'ilx0dDCmMF',
  lead: 1,
  when: [
    [['-e', '-E'], { lead: 0 }],
    [['-n', '-p'], { roles: R }],
    [['-i'], { roles: W }],
  ],
};

const JQ: ArgSpec = {
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
};

const YQ_EVAL: ArgSpec = {
  short: 'Iops',
  long: ['--indent', '--output-format', '--input-format', '--expression', '--split-exp', '--front-matter'],
  lead: 1,
  roles: R,
  when: [
    [['--expression', '--from-file'], { lead: 0 }],
    [['-i', '--inplace'], { roles: W }],
  ],
};
const YQ: ArgSpec = { ...YQ_EVAL, sub: { eval: YQ_EVAL, e: YQ_EVAL, 'eval-all': YQ_EVAL, ea: YQ_EVAL } };

const CP: ArgSpec = {
  short: 'tS',
  long: ['--target-directory', '--suffix'],
  roles: R,
  dest: W,
  files: { '-t': write, '--target-directory': write },
  when: [[['-t', '--target-directory'], { dest: undefined }]],
};
const MV: ArgSpec = { ...CP, roles: RD };
const LN: ArgSpec = { ...CP, roles: NONE };
const INSTALL: ArgSpec = {
  ...CP,
  short: 'tSmog',
  long: ['--target-directory', '--suffix', '--mode', '--owner', '--group', '--strip-program'],
  when: [
    [['-t', '--target-directory'], { dest: undefined }],
    [['-d', '--directory'], { roles: W, dest: undefined }],
  ],
};

const CHMOD: ArgSpec = { lead: 1, roles: W, when: [[['--reference', '-r', '-w', '-x', '-X', '-s', '-t'], { lead: 0 }]] };
const CHOWN: ArgSpec = { long: ['--from'], lead: 1, roles: W, when: [[['--reference'], { lead: 0 }]] };

const TAR_CREATE = ['-c', '--create', '-r', '--append', '-u', '--update', '-A', '--catenate', '--concatenate'];
const TAR: ArgSpec = {
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
};

const ZIP: ArgSpec = { short: 'bntxiPOZs', positions: [W], roles: R, files: { '-O': write } };

const SCP: ArgSpec = { short: 'cFiJlmoPSDX', remote: true, roles: R, dest: W };
const RSYNC: ArgSpec = {
  short: 'efTBM',
  long: [
    '--rsh', '--exclude', '--include', '--exclude-from', '--include-from', '--files-from', '--filter', '--password-file', '--log-file',
    '--backup-dir', '--suffix', '--chmod', '--chown', '--timeout', '--bwlimit', '--partial-dir', '--temp-dir', '--compare-dest',
    '--copy-dest', '--link-dest', '--max-size', '--min-size', '--rsync-path', '--port', '--block-size', '--modify-window',
    '--remote-option', '--out-format', '--info', '--debug', '--usermap', '--groupmap', '--iconv', '--max-delete',
  ],
  remote: true,
  roles: R,
  dest: W,
  files: { '--files-from': read, '--exclude-from': read, '--include-from': read, '--password-file': read, '--log-file': write },
  when: [[['--remove-source-files'], { roles: RD }]],
};

const CURL: ArgSpec = {
  short: 'AbcCdDeEFHKmoPQrtTuUwxXyYz',
  long: [
    '--data', '--data-binary', '--data-raw', '--data-ascii', '--data-urlencode', '--json', '--form', '--form-string', '--upload-file',
    '--output', '--config', '--header', '--user', '--user-agent', '--request', '--url', '--cookie', '--cookie-jar', '--dump-header',
    '--referer', '--cert', '--key', '--cacert', '--capath', '--proxy', '--max-time', '--connect-timeout', '--retry', '--write-out',
    '--range', '--trace', '--trace-ascii', '--stderr', '--netrc-file', '--resolve', '--interface', '--limit-rate', '--output-dir',
    '--pass', '--oauth2-bearer', '--proxy-user', '--cert-type', '--key-type', '--ciphers', '--continue-at', '--quote', '--time-cond',
    '--retry-delay', '--retry-max-time', '--max-filesize', '--max-redirs', '--unix-socket', '--variable', '--url-query', '--aws-sigv4',
    '--connect-to', '--noproxy', '--preproxy', '--socks5', '--socks5-hostname', '--mail-from', '--mail-rcpt', '--speed-limit', '--speed-time',
  ],
  files: {
    '-F': { op: 'read', file: formFile },
    '--form': { op: 'read', file: formFile },
    '-d': { op: 'read', file: atFile },
    '--data': { op: 'read', file: atFile },
    '--data-binary': { op: 'read', file: atFile },
    '--data-ascii': { op: 'read', file: atFile },
    '--json': { op: 'read', file: atFile },
    '--data-urlencode': { op: 'read', file: urlencodeFile },
    '-T': read,
    '--upload-file': read,
    '-K': read,
    '--config': read,
    '--netrc-file': read,
    '-E': read,
    '--cert': read,
    '--key': read,
    '-b': { op: 'read', file: cookieFile },
    '--cookie': { op: 'read', file: cookieFile },
    '-o': write,
    '--output': write,
    '-D': write,
    '--dump-header': write,
    '-c': write,
    '--cookie-jar': write,
    '--trace': write,
    '--trace-ascii': write,
    '--stderr': write,
  },
};

const WGET: ArgSpec = {
  short: 'aBeiOoPQtTUwlADRIX',
  long: [
    '--post-file', '--body-file', '--output-document', '--output-file', '--append-output', '--input-file', '--load-cookies',
    '--save-cookies', '--certificate', '--private-key', '--ca-certificate', '--directory-prefix', '--user', '--password', '--header',
    '--method', '--body-data', '--post-data', '--user-agent', '--tries', '--timeout', '--wait', '--quota', '--level', '--accept', '--reject',
    '--domains', '--execute', '--base', '--referer',
  ],
  files: {
    '--post-file': read,
    '--body-file': read,
    '-i': read,
    '--input-file': read,
    '--load-cookies': read,
    '--certificate': read,
    '--private-key': read,
    '-O': write,
    '--output-document': write,
    '-o': write,
    '--output-file': write,
    '-a': write,
    '--append-output': write,
    '--save-cookies': write,
  },
};

const HTTPIE: ArgSpec = {
  short: 'aAops',
  long: [
    '--auth', '--auth-type', '--output', '--print', '--pretty', '--style', '--session', '--session-read-only', '--cert', '--cert-key',
    '--verify', '--timeout', '--proxy', '--max-redirects', '--boundary', '--raw', '--format-options', '--ssl',
  ],
  // The first operand is the method or the URL; the rest are request items.
  lead: 1,
  roles: R,
  item: httpieFile,
  files: { '-o': write, '--output': write, '--cert': read, '--cert-key': read },
};

const OPENSSL_VALUES = [
  '-in', '-out', '-inkey', '-key', '-keyout', '-passin', '-passout', '-pass', '-kfile', '-cert', '-certfile', '-CAfile', '-CApath',
  '-CAkey', '-signkey', '-config', '-name', '-subj', '-days', '-newkey', '-md', '-iter', '-K', '-iv', '-S', '-engine', '-keyform',
  '-inform', '-outform', '-certform', '-extfile', '-extensions', '-set_serial', '-CAserial', '-sigopt', '-pkeyopt', '-rand', '-writerand',
  '-connect', '-servername', '-cipher', '-verify', '-sign', '-signature', '-prverify', '-keylen', '-mac', '-macopt', '-nameopt',
];
const OPENSSL_OPERANDS: ArgSpec = {
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
};
/** The subcommand comes first; only digests take files as operands. */
const OPENSSL: ArgSpec = {
  ...OPENSSL_OPERANDS,
  lead: 1,
  roles: NONE,
  sub: { dgst: OPENSSL_OPERANDS, md5: OPENSSL_OPERANDS, sha1: OPENSSL_OPERANDS, sha256: OPENSSL_OPERANDS, sha512: OPENSSL_OPERANDS },
};

/** gpg commands that take key ids or nothing, not files. */
const GPG_KEY_COMMANDS = [
  '--recv-keys', '--recv-key', '--send-keys', '--send-key', '--list-keys', '--list-key', '-k', '--list-secret-keys', '-K', '--list-sigs',
  '--check-sigs', '--fingerprint', '--delete-key', '--delete-keys', '--delete-secret-key', '--delete-secret-keys', '--edit-key',
  '--search-keys', '--refresh-keys', '--gen-key', '--generate-key', '--full-gen-key', '--full-generate-key', '--quick-gen-key',
  '--quick-generate-key', '--sign-key', '--lsign-key', '--export', '--export-secret-keys', '--export-secret-subkeys', '--gen-revoke',
  '--generate-revocation', '--locate-keys', '--card-status', '--card-edit', '--version', '--help',
];
const GPG: ArgSpec = {
  short: 'rouzRf',
  long: [
    '--recipient', '--hidden-recipient', '--local-user', '--output', '--homedir', '--passphrase', '--passphrase-file', '--passphrase-fd',
    '--keyring', '--secret-keyring', '--default-key', '--trust-model', '--cipher-algo', '--digest-algo', '--compress-algo', '--keyserver',
    '--recipient-file', '--encrypt-to', '--status-fd', '--logger-fd', '--pinentry-mode', '--set-filename', '--comment', '--options',
  ],
  roles: R,
  files: { '-o': write, '--output': write, '--passphrase-file': read },
  when: [[GPG_KEY_COMMANDS, { roles: NONE }]],
};

const AWS_GLOBALS = [
  '--profile', '--region', '--endpoint-url', '--output', '--query', '--cli-read-timeout', '--cli-connect-timeout', '--ca-bundle',
  '--color',
];
const AWS_COPY: ArgSpec = {
  long: [
    ...AWS_GLOBALS, '--acl', '--storage-class', '--exclude', '--include', '--sse', '--sse-kms-key-id', '--sse-c', '--sse-c-key',
    '--content-type', '--cache-control', '--content-disposition', '--content-encoding', '--content-language', '--expires', '--metadata',
    '--metadata-directive', '--grants', '--website-redirect', '--copy-props', '--expected-size', '--source-region', '--request-payer',
    '--checksum-algorithm', '--page-size',
  ],
  roles: R,
  dest: W,
};
const AWS: ArgSpec = {
  long: AWS_GLOBALS,
  sub: { s3: { long: AWS_GLOBALS, sub: { cp: AWS_COPY, sync: AWS_COPY, mv: { ...AWS_COPY, roles: RD } } } },
};

const GSUTIL_COPY: ArgSpec = { short: 'azjLsx', roles: R, dest: W, files: { '-L': write } };
const GSUTIL: ArgSpec = { short: 'hou', sub: { cp: GSUTIL_COPY, rsync: GSUTIL_COPY, mv: { ...GSUTIL_COPY, roles: RD } } };

const GCLOUD_GLOBALS = [
  '--project', '--account', '--billing-project', '--configuration', '--flags-file', '--format', '--impersonate-service-account',
  '--verbosity', '--access-token-file',
];
const GCLOUD_COPY: ArgSpec = {
  long: [
    ...GCLOUD_GLOBALS, '--content-type', '--cache-control', '--content-disposition', '--content-encoding', '--content-language',
    '--custom-time', '--storage-class', '--predefined-acl', '--encryption-key', '--decryption-keys', '--manifest-path',
    '--additional-headers', '--custom-metadata', '--canned-acl',
  ],
  roles: R,
  dest: W,
};
const GCLOUD: ArgSpec = {
  long: GCLOUD_GLOBALS,
  sub: { storage: { long: GCLOUD_GLOBALS, sub: { cp: GCLOUD_COPY, rsync: GCLOUD_COPY, mv: { ...GCLOUD_COPY, roles: RD } } } },
};

const AZ_BLOB_VALUES = [
  '--file', '--source', '--destination', '--container-name', '--name', '--account-name', '--account-key', '--connection-string',
  '--sas-token', '--auth-mode', '--subscription',
];
const AZ: ArgSpec = {
  short: 'o',
  long: ['--subscription', '--output', '--query'],
  sub: {
    storage: {
      sub: {
        blob: {
          sub: {
            upload: { short: 'fcn', long: AZ_BLOB_VALUES, files: { '--file': read, '-f': read } },
            'upload-batch': { short: 'sd', long: AZ_BLOB_VALUES, files: { '--source': read, '-s': read } },
            download: { short: 'fcn', long: AZ_BLOB_VALUES, files: { '--file': write, '-f': write } },
            'download-batch': { short: 'sd', long: AZ_BLOB_VALUES, files: { '--destination': write, '-d': write } },
          },
        },
      },
    },
  },
};

const GIT: ArgSpec = {
  short: 'Cc',
  long: ['--git-dir', '--work-tree', '--namespace', '--config-env', '--exec-path', '--super-prefix'],
  chdir: ['-C'],
  sub: {
    // `git rm --cached` only leaves the index.
    rm: { long: ['--pathspec-from-file'], roles: D, when: [[['--cached', '-n', '--dry-run'], { roles: NONE }]] },
    mv: { roles: RD, dest: W, when: [[['-n', '--dry-run'], { roles: NONE, dest: undefined }]] },
  },
};

const GIO: ArgSpec = { sub: { trash: { roles: D }, remove: { roles: D }, copy: CP, move: MV } };

const PATCH: ArgSpec = {
  short: 'iopdDFrBYzVg',
  long: [
    '--input', '--output', '--strip', '--directory', '--ifdef', '--fuzz', '--reject-file', '--prefix', '--basename-prefix', '--suffix',
    '--version-control', '--get', '--quoting-style',
  ],
  chdir: ['-d', '--directory'],
  positions: [W, R],
  files: { '-i': read, '--input': read, '-o': write, '--output': write },
};

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

/** Program → how its arguments name files. */
const PROGRAMS: Readonly<Record<string, ArgSpec>> = {
  // read
  cat: READS,
  tac: { short: 's', long: ['--separator'], roles: R },
  less: LESS,
  more: { short: 'n', plusWords: true, roles: R },
  head: HEAD,
  tail: TAIL,
  nl: { short: 'bdfhilnsvw', roles: R },
  od: { short: 'AjNtS', attached: 'w', roles: R },
  xxd: { short: 'cglosn', positions: [R, W] },
  hexdump: { short: 'efns', roles: R },
  strings: { short: 'nteT', long: ['--bytes', '--radix', '--encoding', '--target', '--output-separator'], roles: R },
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
  sort: {
    short: 'kStTo',
    long: [
      '--key', '--field-separator', '--buffer-size', '--temporary-directory', '--output', '--batch-size', '--compress-program',
      '--parallel', '--random-source', '--files0-from',
    ],
    roles: R,
    files: { '-o': write, '--output': write, '--files0-from': read },
  },
  uniq: { short: 'fsw', long: ['--skip-fields', '--skip-chars', '--check-chars'], positions: [R, W] },
  cut: { short: 'bcfd', long: ['--bytes', '--characters', '--fields', '--delimiter', '--output-delimiter'], roles: R },
  wc: { roles: R, files: { '--files0-from': read } },
  diff: {
    short: 'CUIxXFLSWD',
    long: [
      '--label', '--ignore-matching-lines', '--exclude', '--exclude-from', '--starting-file', '--width', '--ifdef', '--line-format',
      '--tabsize', '--horizontal-lines', '--show-function-line', '--from-file', '--to-file', '--palette',
    ],
    roles: R,
    files: { '--from-file': read, '--to-file': read },
  },
  cmp: { short: 'in', long: ['--ignore-initial', '--bytes'], positions: [R, R] },
  md5sum: SUMS,
  sha1sum: SUMS,
  sha224sum: SUMS,
  sha256sum: SUMS,
  sha384sum: SUMS,
  sha512sum: SUMS,
  b2sum: SUMS,
  cksum: SUMS,
  shasum: SUMS,
  md5: { short: 's', roles: R },
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
  dd: { assign: { if: 'read', of: 'write' } },
  // write
  tee: WRITES,
  touch: { short: 'dtr', long: ['--date', '--reference', '--time'], roles: W },
  truncate: { short: 'sr', long: ['--size', '--reference'], roles: W },
  chmod: CHMOD,
  chown: CHOWN,
  chgrp: CHOWN,
  patch: PATCH,
  // delete
  rm: DELETES,
  unlink: DELETES,
  rmdir: DELETES,
  shred: { short: 'ns', long: ['--iterations', '--size', '--random-source'], roles: D },
  trash: DELETES,
  'trash-put': DELETES,
  gio: GIO,
  git: GIT,
  find: { custom: findOperands },
};

// ---- argument parsing ----

function isOptionWord(w: string, spec: ArgSpec): boolean {
  if (w.length < 2) return false;
  return w.startsWith('-') || (spec.plusWords === true && w.startsWith('+'));
}

/** tar's dashless first word: `czf x.tgz` → -c -z -f x.tgz (value letters take the next words in order). */
function expandOldStyle(argv: readonly string[], spec: ArgSpec): string[] {
  const first = argv[1];
  if (first === undefined || !/^[A-Za-z]+$/.test(first)) return [...argv];
  const out = [argv[0] as string];
  let next = 2;
  for (const letter of first) {
    out.push(`-${letter}`);
    if (spec.short?.includes(letter) && next < argv.length) out.push(argv[next++] as string);
  }
  return [...out, ...argv.slice(next)];
}

function joinBase(base: string | undefined, dir: string): string {
  return base === undefined || /^[/~$]/.test(dir) ? dir : path.posix.join(base, dir);
}

/** Options and operands in order from `start`, each with the directory operands are relative to. */
function parseArgs(
  words: readonly string[],
  start: number,
  spec: ArgSpec,
  base: string | undefined,
  stopAtOperand: boolean,
): { items: Item[]; end: number } {
  const items: Item[] = [];
  let dir = base;
  let ended = false;
  let i = start;
  while (i < words.length) {
    const w = words[i] as string;
    if (!ended && w === '--') {
      ended = true;
      i++;
      continue;
    }
    if (ended || !isOptionWord(w, spec)) {
      items.push({ kind: 'arg', word: w, base: dir });
      i++;
      if (stopAtOperand) break;
      if (spec.posix) ended = true;
      continue;
    }
    let names: string[];
    let value: string | undefined;
    if (w.startsWith('+')) {
      names = [w];
      i++;
    } else if (spec.pairs?.includes(w)) {
      names = [w];
      value = words[i + 2];
      i += 3;
    } else if (spec.singleDash && !w.startsWith('--')) {
      const eq = w.indexOf('=');
      names = [eq > 1 ? w.slice(0, eq) : w];
      if (eq > 1) value = w.slice(eq + 1);
      else if (spec.long?.includes(w)) value = words[i + 1];
      i += eq < 0 && spec.long?.includes(w) ? 2 : 1;
    } else {
      const opt = readOption(words, i, spec.short ?? '', spec.long, spec.attached);
      names = opt.names;
      value = opt.value;
      i = opt.next;
      // BSD `sed -i '' …`: an empty suffix written as its own word.
      const last = names[names.length - 1] as string;
      if (value === '' && spec.attached?.includes(last.slice(1)) && words[i] === '') i++;
    }
    const optBase = spec.chdirOperandsOnly ? base : dir;
    names.forEach((name, k) => {
      const item: Item = { kind: 'opt', name, base: optBase };
      if (k === names.length - 1 && value !== undefined) item.value = value;
      items.push(item);
    });
    const last = names[names.length - 1] as string;
    if (value !== undefined && spec.chdir?.includes(last)) dir = joinBase(dir, value);
  }
  return { items, end: i };
}

/** Is option `key` (or `name=value`) among the items? */
function given(items: readonly Item[], key: string): boolean {
  const eq = key.indexOf('=', 2);
  const name = eq > 0 ? key.slice(0, eq) : key;
  const value = eq > 0 ? key.slice(eq + 1) : undefined;
  return items.some((it) => it.kind === 'opt' && it.name === name && (value === undefined || it.value === value));
}

function effective(spec: ArgSpec, items: readonly Item[]): ArgSpec {
  let eff = spec;
  for (const [options, override] of spec.when ?? []) {
    if (options.some((o) => given(items, o))) eff = { ...eff, ...override };
  }
  return eff;
}

interface Located extends Operand {
  base?: string;
}

/** The operands of one argv (argv[0] = program) that name files, in argument order. */
function argvOperands(argv: readonly string[], start: number, spec: ArgSpec, label: string, base: string | undefined, out: Located[]): void {
  if (spec.custom) {
    out.push(...spec.custom(argv));
    return;
  }
  const words = spec.oldStyle ? expandOldStyle(argv, spec) : argv;
  if (spec.sub) {
    const head = parseArgs(words, start, spec, base, true);
    const first = head.items[head.items.length - 1];
    const child = first?.kind === 'arg' ? ownEntry(spec.sub, first.word) : undefined;
    if (first?.kind === 'arg' && child) {
      argvOperands(words, head.end, child, `${label} ${first.word}`, first.base, out);
      return;
    }
  }
  const { items } = parseArgs(words, start, spec, base, false);
  const eff = effective(spec, items);
  const lead = eff.lead ?? 0;
  const count = items.filter((it) => it.kind === 'arg').length;
  const hasDest = eff.dest !== undefined && count - lead >= 2;
  let index = -1;
  for (const it of items) {
    if (it.kind === 'opt') {
      const f = eff.files ? ownEntry(eff.files, it.name) : undefined;
      const file = f && it.value !== undefined ? (f.file ? f.file(it.value) : it.value) : undefined;
      if (f && file !== undefined) out.push({ word: file, ops: [f.op], via: `${label} ${it.name}`, base: it.base });
      continue;
    }
    index++;
    if (index < lead) continue;
    const word = it.word;
    const assign = eff.assign ? /^([a-z]+)=(.*)$/s.exec(word) : null;
    if (assign) {
      const op = ownEntry(eff.assign ?? {}, assign[1] as string);
      if (op) out.push({ word: assign[2] as string, ops: [op], via: `${label} ${assign[1]}=`, base: it.base });
      continue;
    }
    if (eff.skipAssignments && isAssignment(word)) continue;
    const position = index - lead;
    let ops: readonly FileOp[];
    let via = label;
    if (hasDest && index === count - 1) {
      ops = eff.dest ?? NONE;
      via = `${label} (destination)`;
    } else if (eff.positions && position < eff.positions.length) ops = eff.positions[position] ?? NONE;
    else {
      ops = eff.roles ?? NONE;
      if (spec.dest) via = `${label} (source)`;
    }
    if (ops.length === 0) continue;
    const file = eff.item ? eff.item(word) : word;
    if (file === undefined || (eff.remote && REMOTE_PATH.test(file))) continue;
    out.push({ word: file, ops, via, base: it.base });
  }
}

// ---- paths ----

/** `host:path`, `user@host:path`, `host::module`: a colon before any slash. */
const REMOTE_PATH = /^[^/]*:/;
/** A whole word that is a substitution's output, a process substitution or a heredoc: no path is named. */
const NOT_A_PATH = /^(?:\$\(.*\)|`.*`|[<>]\(.*\)|<<heredoc>>)$/s;
/** Devices and descriptors, not files (reading or writing them leaves nothing behind). */
const DEVICE = /^\/(?:dev\/(?:null|zero|stdin|stdout|stderr|tty|fd\/\d+)|proc\/self\/fd\/\d+)$/;
/** Paths are normalised without a home directory: `$HOME` becomes `~`, absolute paths stay as written. */
const NO_CONTEXT = { cwd: '', home: '' };

function isPath(word: string): boolean {
  return word !== '' && word !== '-' && !word.includes('://') && !NOT_A_PATH.test(word) && !DEVICE.test(word);
}

function access(word: string, op: FileOp, via: string, seg: Segment, base?: string): FileAccess {
  const joined = base !== undefined && !/^[/~$]/.test(word) ? path.posix.join(base, word) : word;
  const p = normaliseOperand(joined, NO_CONTEXT);
  const a: FileAccess = { path: p, op, via };
  if (seg.cwd !== undefined) a.cwd = seg.cwd;
  const samples = globSamples(p);
  if (samples) a.samples = samples;
  return a;
}

/** What a redirect does to its target: `<`, `<>` read; `>`, `>>`, `>|`, `&>`, `2>`, `>&file` write; fd duplications nothing. */
function redirectOp(op: string, target: string): FileOp | undefined {
  if (op.startsWith('<<') || op.endsWith('(')) return undefined;
  if (op.endsWith('&')) return op.includes('>') && !/^(?:\d+-?|-)$/.test(target) ? 'write' : undefined;
  if (op.endsWith('<>') || op.endsWith('<')) return 'read';
  return op.includes('>') ? 'write' : undefined;
}

function segmentAccesses(seg: Segment, out: FileAccess[]): void {
  const spec = seg.argv.length > 0 ? ownEntry(PROGRAMS, seg.program) : undefined;
  if (spec) {
    const operands: Located[] = [];
    argvOperands(seg.argv, 1, spec, seg.program, undefined, operands);
    for (const o of operands) {
      if (!isPath(o.word)) continue;
      for (const op of o.ops) out.push(access(o.word, op, o.via, seg, o.base));
    }
  }
  for (const r of seg.redirects) {
    const op = redirectOp(r.op, r.target);
    if (op && isPath(r.target)) out.push(access(r.target, op, `redirect ${r.op}`, seg));
  }
  for (const w of seg.selfWrites ?? []) out.push(access(w.path, 'write', w.via, seg));
}

/**
 * The files a command line reads, writes or deletes on this machine, in segment order, then argument
 * order (redirects after the arguments). Segments that run on another machine or in a container are
 * skipped: their files are not this machine's.
 */
export function fileAccesses(analysis: ShellAnalysis): FileAccess[] {
  const out: FileAccess[] = [];
  for (const seg of analysis.segments) {
    if (!runsElsewhere(seg.via)) segmentAccesses(seg, out);
  }
  return out;
}
