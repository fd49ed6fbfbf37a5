// The program table's transfer tools: scp, rsync, curl, wget, httpie/xh.

import { lazy } from '../../../vocab/lazy.js';
import { atFile, cookieFile, formFile, httpieFile, urlencodeFile } from './option-files.js';
import { R, RD, read, W, write } from './roles.js';
import type { ArgSpec } from './types.js';

export const SCP = lazy((): ArgSpec => ({ short: 'cFiJlmoPSDX', remote: true, roles: R, dest: W }));
export const RSYNC = lazy((): ArgSpec => ({
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
}));

export const CURL = lazy((): ArgSpec => ({
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
}));

export const WGET = lazy((): ArgSpec => ({
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
}));

export const HTTPIE = lazy((): ArgSpec => ({
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
}));
