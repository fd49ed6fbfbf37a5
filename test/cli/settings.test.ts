// writeSettings (install/uninstall): backups that never overwrite or write through, links refused with nothing changed.

import { mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeSettings } from '../../lib/cli/settings.js';

const posix = process.platform !== 'win32';

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'hw-settings-'));
  const victim = join(dir, 'victim.rc');
  writeFileSync(victim, 'alias ls="ls -G"\n');
  const claude = join(dir, 'project', '.claude');
  mkdirSync(claude, { recursive: true });
  const file = join(claude, 'settings.json');
  writeFileSync(file, '{"model":"opus"}\n', { mode: 0o640 });
  return { dir, victim, claude, file };
}

describe.skipIf(!posix)('writeSettings', () => {
  it('never overwrites a backup of the same second, skips a link planted at the backup name, and keeps one backup', () => {
    const { victim, claude, file } = setup();
    symlinkSync(victim, `${file}.hookwarden-backup-1000`);
    const first = writeSettings(file, { hooks: {} }, '1000');
    expect(first).toBe(`${file}.hookwarden-backup-1000.1`);
    expect(readFileSync(first!, 'utf8')).toBe('{"model":"opus"}\n');
    for (const f of [first!, file]) expect(statSync(f).mode & 0o777).toBe(0o640);
    const second = writeSettings(file, { hooks: { Stop: [] } }, '1000');
    expect(second).toBe(`${file}.hookwarden-backup-1000.2`);
    expect(JSON.parse(readFileSync(second!, 'utf8'))).toEqual({ hooks: {} });
    expect(readFileSync(victim, 'utf8')).toBe('alias ls="ls -G"\n');
    // One backup is kept (the state before the last change): the earlier one is gone, the planted link left alone.
    expect(readdirSync(claude).filter((n) => n.includes('hookwarden-backup')).sort()).toEqual(['settings.json.hookwarden-backup-1000', 'settings.json.hookwarden-backup-1000.2']);
    const third = writeSettings(file, { hooks: {} }, '2000');
    expect(readdirSync(claude).filter((n) => n.includes('hookwarden-backup')).sort()).toEqual(['settings.json.hookwarden-backup-1000', 'settings.json.hookwarden-backup-2000']);
    expect(third).toBe(`${file}.hookwarden-backup-2000`);
    // Backups and the new file keep the settings file's own mode.
    for (const f of [third!, file]) expect(statSync(f).mode & 0o777).toBe(0o640);
    expect(readdirSync(claude).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a settings file that is a link, and a settings folder that is a link, changing nothing', () => {
    const { dir, victim, claude, file } = setup();
    const linked = join(claude, 'linked.json');
    symlinkSync(victim, linked);
    expect(() => writeSettings(linked, { hooks: {} }, '1')).toThrow(/linked\.json: it is a symbolic link/);
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere);
    const linkedDir = join(dir, 'clone', '.claude');
    mkdirSync(join(dir, 'clone'));
    symlinkSync(elsewhere, linkedDir);
    expect(() => writeSettings(join(linkedDir, 'settings.json'), { hooks: {} }, '1')).toThrow(/\.claude: it is a symbolic link/);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(readFileSync(victim, 'utf8')).toBe('alias ls="ls -G"\n');
    expect(readFileSync(file, 'utf8')).toBe('{"model":"opus"}\n');
  });
});
