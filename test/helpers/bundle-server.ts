// A real policy bundle server on 127.0.0.1 (port 0) for the bundle tests: serves the bundle it is given with an
// ETag, answers 304 to a matching If-None-Match, and on demand serves it tampered (a file edited after signing),
// cut short (Content-Length promised, connection closed halfway), chunked (no Content-Length), a 500, or hangs
// (headers never sent). It records every request's If-None-Match. Keys are made per test run (no key material in
// the repository).

import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Bundle } from '../../lib/policy/format.js';
import { keyIdOf } from '../../lib/policy/keys.js';
import { signBundle } from '../../lib/policy/sign.js';

export type ServeMode = 'good' | 'tampered' | 'truncated' | 'chunked' | 'hang' | 'error';

export interface TestKey {
  privateKey: KeyObject;
  publicPem: string;
  id: string;
}

export function testKey(): TestKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, publicPem: publicKey.export({ format: 'pem', type: 'spki' }) as string, id: keyIdOf(publicKey) };
}

/** A managed pattern that blocks a command of its own (so a bundle's effect is visible in a verdict). */
export function managedPatterns(slug = 'no-fleet-wipe', program = 'fleet-wipe'): string {
  return JSON.stringify({
    patterns: [
      {
        id: `managed/${slug}`,
        kind: 'shell',
        severity: 'high',
        action: 'block',
        message: `runs ${program}`,
        hint: 'the fleet policy forbids it',
        match: { command: { program: [program] } },
        examples: { match: [`${program} now`], noMatch: ['ls'] },
      },
    ],
  });
}

export function makeBundle(key: TestKey, revision: string, files: Partial<Record<'config.json' | 'patterns.json', string>> = {}, created = '2026-11-26T10:00:00Z'): Bundle {
  const b = signBundle({
    files: { 'config.json': files['config.json'] ?? '{"onInternalError":"deny"}', 'patterns.json': files['patterns.json'] ?? managedPatterns() },
    revision,
    created,
    key: { key: key.privateKey, id: key.id },
  });
  if ('problem' in b) throw new Error(b.problem);
  return b;
}

export interface BundleServer {
  url: string;
  /** What is served from now on (its ETag changes with it). */
  serve: (body: string) => void;
  mode: (m: ServeMode) => void;
  /** The If-None-Match of every request so far (null: none sent). */
  conditions: Array<string | null>;
  close: () => Promise<void>;
}

export async function startBundleServer(initial: string): Promise<BundleServer> {
  let body = initial;
  let version = 1;
  let mode: ServeMode = 'good';
  const conditions: Array<string | null> = [];
  const sockets = new Set<Socket>();
  const etag = (): string => `"v${version}"`;
  const server: Server = createServer((req, res: ServerResponse) => {
    const inm = req.headers['if-none-match'];
    conditions.push(typeof inm === 'string' ? inm : null);
    if (mode === 'hang') return; // never answered: the puller's deadline must end it
    if (mode === 'error') return void res.writeHead(500).end('oops');
    if (mode === 'good' && inm === etag()) return void res.writeHead(304, { ETag: etag() }).end();
    let text = body;
    if (mode === 'tampered') {
      const b = JSON.parse(body) as Bundle;
      b.files['patterns.json'] = b.files['patterns.json'].replace('"block"', '"warn"');
      text = JSON.stringify(b);
    }
    const bytes = Buffer.from(text, 'utf8');
    if (mode === 'chunked') return void res.writeHead(200, { 'Content-Type': 'application/json', ETag: etag() }).end(bytes); // no Content-Length
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': bytes.length, ETag: etag() });
    if (mode === 'truncated') {
      res.write(bytes.subarray(0, bytes.length >> 1));
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    res.end(bytes);
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/bundle.json`,
    serve: (b) => {
      body = b;
      version++;
    },
    mode: (m) => (mode = m),
    conditions,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
