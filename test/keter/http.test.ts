import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeterRequest } from '../../lib/vocab/orchestrator.js';
import { consultKeter } from '../../lib/keter/consult.js';
import { createHttpKeter, MAX_RESPONSE_BYTES } from '../../lib/keter/http.js';

const REQ: KeterRequest = {
  eventType: 'tool_use',
  domain: 'bash_command',
  content: 'git push --force',
  toolName: 'Bash',
  local: { maxSeverity: 'high', level: 'ask', patterns: ['git.force-push'] },
  context: { sessionId: 'sess-1', cwd: '/repo', permissionMode: 'default' },
};

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
const pending = new Set<NodeJS.Timeout>();
/** Resolves when the server sees the /slow client connection go away. */
let slowClosed: Promise<void> = Promise.resolve();
let markSlowClosed: () => void = () => {};

function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
  seen.push({ method: req.method, url: req.url, headers: req.headers, body });
  const json = (status: number, value: unknown): void => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(text);
  };
  switch ((req.url ?? '').split('?')[0]) {
    case '/good':
      return json(200, {
        routing: { domain: 'bash_command', suggestedAgent: 'git-expert' },
        intervention: { level: 'notify', reason: 'tier BUILDER × risk high → notify', userEScore: 0.5, actionRisk: 'high' },
        serverExtra: { ignored: true },
      });
    case '/slow': {
      res.on('close', () => markSlowClosed());
      const t = setTimeout(() => {
        pending.delete(t);
        json(200, { intervention: { level: 'allow' } });
      }, 3000);
      pending.add(t);
      return;
    }
    case '/500':
      return json(500, { error: 'boom' });
    case '/badjson':
      return json(200, '{"intervention": {"level": "block"');
    case '/wrongshape':
      return json(200, { intervention: { level: 'deny' }, routing: 'nowhere' });
    case '/huge-declared':
      return json(200, { intervention: { level: 'allow' }, pad: 'x'.repeat(MAX_RESPONSE_BYTES + 10) });
    case '/huge-chunked': {
      res.writeHead(200, { 'content-type': 'application/json' }); // no content-length → chunked
      res.write('{"intervention":{"level":"allow"},"pad":"');
      const chunk = 'y'.repeat(8 * 1024);
      let n = 0;
      const pump = (): void => {
        if (res.destroyed || n++ > 20) return void res.end('"}');
        res.write(chunk, () => setImmediate(pump));
      };
      pump();
      return;
    }
    default:
      return json(404, { error: 'no route' });
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const t of pending) clearTimeout(t);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const opts = (timeoutMs = 2000) => ({ timeoutMs, now: () => performance.now() });

describe('HTTP KETER adapter', () => {
  it('POSTs the request as JSON and returns a validated answer', async () => {
    seen.length = 0;
    const orch = createHttpKeter({ url: `${base}/good?v=1`, headers: { authorization: 'Bearer t0ken' } });
    const res = await consultKeter(orch, REQ, opts());
    expect(res.unavailableReason).toBeUndefined();
    expect(res).toMatchObject({ available: true, source: 'keter:http', level: 'warn' });
    expect(res.answer).toEqual({
      routing: { domain: 'bash_command', suggestedAgent: 'git-expert' },
      intervention: { level: 'notify', reason: 'tier BUILDER × risk high → notify', userEScore: 0.5, actionRisk: 'high' },
    });
    expect(seen).toHaveLength(1);
    const got = seen[0]!;
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/good?v=1');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['authorization']).toBe('Bearer t0ken');
    expect(Number(got.headers['content-length'])).toBe(Buffer.byteLength(got.body));
    const body = JSON.parse(got.body) as KeterRequest;
    expect(body).toEqual(REQ);
    expect(body.eventType).toBe('tool_use');
    expect(body.local.patterns).toEqual(['git.force-push']);
    expect(body.context.sessionId).toBe('sess-1');
  });

  it('a slow server → timeout, and the request is destroyed', async () => {
    slowClosed = new Promise<void>((r) => (markSlowClosed = r));
    const t0 = performance.now();
    const res = await consultKeter(createHttpKeter({ url: `${base}/slow` }), REQ, opts(150));
    expect(res).toMatchObject({ available: false, unavailableReason: 'timeout' });
    expect(performance.now() - t0).toBeLessThan(1500);
    // The server notices the client hung up well before its 3 s reply.
    await Promise.race([
      slowClosed,
      new Promise((_r, rej) => setTimeout(() => rej(new Error('server never saw the abort')), 1000)),
    ]);
  });

  it('HTTP 500 → error', async () => {
    const res = await consultKeter(createHttpKeter({ url: `${base}/500` }), REQ, opts());
    expect(res).toMatchObject({ available: false, unavailableReason: 'error: HTTP 500 Internal Server Error' });
  });

  it('invalid JSON → malformed', async () => {
    const res = await consultKeter(createHttpKeter({ url: `${base}/badjson` }), REQ, opts());
    expect(res).toMatchObject({ available: false, unavailableReason: 'malformed' });
  });

  it('valid JSON of the wrong shape → malformed', async () => {
    const res = await consultKeter(createHttpKeter({ url: `${base}/wrongshape` }), REQ, opts());
    expect(res).toMatchObject({ available: false, unavailableReason: 'malformed' });
  });

  it('connection refused → error', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const res = await consultKeter(createHttpKeter({ url: `http://127.0.0.1:${port}/` }), REQ, opts());
    expect(res.available).toBe(false);
    expect(res.unavailableReason).toMatch(/^error: .*ECONNREFUSED/);
  });

  it('oversized body → error (declared length and chunked)', async () => {
    for (const path of ['/huge-declared', '/huge-chunked']) {
      const res = await consultKeter(createHttpKeter({ url: base + path }), REQ, opts());
      expect(res, path).toMatchObject({ available: false });
      expect(res.unavailableReason, path).toMatch(/^error: response body too large/);
    }
  });

  it('bad url or protocol → error, without throwing', async () => {
    expect((await consultKeter(createHttpKeter({ url: 'not a url' }), REQ, opts())).unavailableReason).toMatch(/^error: /);
    expect((await consultKeter(createHttpKeter({ url: 'ftp://127.0.0.1/' }), REQ, opts())).unavailableReason).toBe(
      'error: unsupported keter url protocol ftp:',
    );
  });

  it('an already-aborted signal rejects without sending', async () => {
    seen.length = 0;
    const ac = new AbortController();
    ac.abort(new Error('gone'));
    await expect(createHttpKeter({ url: `${base}/good` }).consult(REQ, ac.signal)).rejects.toThrow('gone');
    expect(seen).toHaveLength(0);
  });
});
