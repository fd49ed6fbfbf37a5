// The heartbeat a hook leaves after its verdict: made on the first call, only its mtime moved after, never
// followed through a link planted at its name, and a home it cannot write costs the call nothing.

import { lstatSync, mkdirSync, mkdtempSync, readlinkSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { heartbeat, heartbeatName } from '../../lib/hook/heartbeat.js';

const env = (h: string): NodeJS.ProcessEnv => ({ HOME: '/nonexistent', HOOKWARDEN_HOME: h });

const home = (): string => mkdtempSync(join(tmpdir(), 'hw-beat-'));

describe('heartbeat', () => {
  it('makes the folder and the file on the first call, then moves only its mtime', () => {
    const h = home();
    heartbeat(heartbeatName('gemini', 'PreToolUse'), 'command', env(h));
    const file = join(h, 'heartbeat', 'gemini.PreToolUse.command');
    expect(statSync(file).size).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(h, 'heartbeat')).mode & 0o777).toBe(0o700);
    utimesSync(file, 1000, 1000);
    heartbeat(heartbeatName('gemini', 'PreToolUse'), 'command', env(h));
    expect(Math.abs(statSync(file).mtimeMs - Date.now())).toBeLessThan(5000);
    expect(statSync(file).size).toBe(0);
  });

  it('keeps modes apart: the daemon marks http, a hook process command', () => {
    const h = home();
    heartbeat(heartbeatName('claude-code', 'Stop'), 'http', env(h));
    expect(() => statSync(join(h, 'heartbeat', 'claude-code.Stop.http'))).not.toThrow();
    expect(() => statSync(join(h, 'heartbeat', 'claude-code.Stop.command'))).toThrow();
  });

  it('never follows a link planted at its name, and never throws', () => {
    const h = home();
    mkdirSync(join(h, 'heartbeat'));
    const target = join(h, 'victim');
    writeFileSync(target, 'x');
    utimesSync(target, 1000, 1000);
    symlinkSync(target, join(h, 'heartbeat', 'claude-code.Stop.command'));
    heartbeat(heartbeatName('claude-code', 'Stop'), 'command', env(h));
    expect(statSync(target).mtimeMs).toBe(1_000_000);
    expect(readlinkSync(join(h, 'heartbeat', 'claude-code.Stop.command'))).toBe(target);
    expect(() => heartbeat(heartbeatName('claude-code', 'Stop'), 'command', env(join(target, 'not-a-folder')))).not.toThrow();
    expect(() => heartbeat(undefined, 'command', env(h))).not.toThrow();
    expect(lstatSync(target).isFile()).toBe(true);
  });
});
