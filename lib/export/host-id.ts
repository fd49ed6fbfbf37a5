// host.id: a stable id for this machine that does not disclose the machine-id itself. From /etc/machine-id when
// readable (hashed with a hookwarden-specific prefix, as systemd asks of applications), else derived from the host
// name once and kept in $HOOKWARDEN_HOME/export/host-id so a later rename does not split one machine in two.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { readRegularFile } from '../fs/read.js';
import { ensurePrivateDir } from '../fs/private-dir.js';
import { writeFileAtomic } from '../fs/write.js';
import { exportDirFor } from './cursor.js';

const derive = (kind: string, source: string): string => createHash('sha256').update(`hookwarden-host-id:${kind}:${source}`).digest('hex').slice(0, 32);

export function hostId(home: string, machineIdFile = '/etc/machine-id'): string {
  try {
    const mid = readFileSync(machineIdFile, 'utf8').trim();
    if (/^[0-9a-f]{32}$/i.test(mid)) return derive('machine-id', mid.toLowerCase());
  } catch {
    // no machine-id here: the host name, kept
  }
  const file = join(exportDirFor(home), 'host-id');
  const saved = readRegularFile(file, { maxBytes: 256, own: true, root: home });
  if (saved.status === 'ok') {
    const v = saved.bytes.toString('utf8').trim();
    if (/^[0-9a-f]{32}$/.test(v)) return v;
  }
  const id = derive('hostname', hostname());
  try {
    ensurePrivateDir(exportDirFor(home), home);
    writeFileAtomic(file, `${id}\n`);
  } catch {
    // not kept: the same name gives the same id next time
  }
  return id;
}
