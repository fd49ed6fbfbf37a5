// `hookwarden ship --once` as a user (or a SessionStart/Stop hook, or a service manager) runs it: exit codes and
// the one line it prints.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../lib/cli/main.js';
import { appendAudit, decision } from '../helpers/audit-lines.js';
import { memoryIO } from '../helpers/cli.js';
import { OtlpReceiver } from '../helpers/otlp-receiver.js';

let home: string;
let receiver: OtlpReceiver;
beforeEach(async () => {
  home = mkdtempSync(join(tmpdir(), 'hw-ship-cli-'));
  receiver = new OtlpReceiver();
  await receiver.start(0);
  appendAudit(home, '2026-11-25', [decision(1), decision(2)]);
});
afterEach(async () => {
  await receiver.stop();
  rmSync(home, { recursive: true, force: true });
});

const config = (c: object): void => writeFileSync(join(home, 'config.json'), JSON.stringify(c), { mode: 0o600 });

describe('hookwarden ship --once', () => {
  it('sends what is pending to export.otlp.endpoint and exits 0', async () => {
    config({ export: { otlp: { endpoint: receiver.url }, labels: { team: 'infra' } } });
    const io = memoryIO({ home });
    expect(await runCli(['ship', '--once'], io)).toBe(0);
    expect(io.stdout()).toBe('shipped 2 record(s) in 1 request(s)\n');
    expect(receiver.hookwardenRecords().map((r) => r.resource.team)).toEqual(['infra', 'infra']);
  });

  it('HOOKWARDEN_OTLP_ENDPOINT overrides the configured endpoint', async () => {
    config({ export: { otlp: { endpoint: 'http://127.0.0.1:1' } } });
    const io = memoryIO({ home });
    io.env.HOOKWARDEN_OTLP_ENDPOINT = receiver.url;
    expect(await runCli(['ship', '--once'], io)).toBe(0);
    expect(receiver.counts().distinct).toBe(2);
  });

  it('exits 1 with one line when the receiver refuses', async () => {
    config({ export: { otlp: { endpoint: receiver.url } } });
    receiver.mode = { kind: 'status', status: 403 };
    const io = memoryIO({ home });
    expect(await runCli(['ship', '--once'], io)).toBe(1);
    expect(io.stderr()).toMatch(/^hookwarden ship: http:\/\/127\.0\.0\.1:\d+\/v1\/logs refused the export: HTTP 403 .*check export\.otlp\.endpoint in .*config\.json and export\.otlp\.headers\n$/);
  });

  it('exits 1 naming the setting when no endpoint is configured, or the config cannot be read', async () => {
    const io = memoryIO({ home });
    expect(await runCli(['ship', '--once'], io)).toBe(1);
    expect(io.stderr()).toBe(`hookwarden ship: no endpoint; set export.otlp.endpoint in ${join(home, 'config.json')} or HOOKWARDEN_OTLP_ENDPOINT\n`);
    config({ export: { otlp: { endpoint: 'ftp://collector' } } });
    const bad = memoryIO({ home });
    expect(await runCli(['ship', '--once'], bad)).toBe(1);
    expect(bad.stderr()).toContain('export.otlp.endpoint');
    expect(bad.stderr()).toContain('must start with http:// or https://');
  });

  it('refuses arguments it does not take (exit 2)', async () => {
    const io = memoryIO({ home });
    expect(await runCli(['ship', '--forever'], io)).toBe(2);
    expect(io.stderr()).toBe('hookwarden ship: unknown option --forever; options are --once (see `hookwarden ship --help`)\n');
  });
});
