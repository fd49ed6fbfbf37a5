// One HTTP(S) GET of a bundle: `If-None-Match` with the active bundle's ETag (304: nothing to do), a deadline for
// the whole exchange, a size cap (a bigger body is not read past the cap), no redirects (the managed config names
// the URL), and a body cut short by the server is a failure, not a bundle.

import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { MAX_BUNDLE_BYTES } from './format.js';

export type FetchResult =
  | { status: 'not-modified' }
  | { status: 'ok'; body: string; etag?: string }
  | { status: 'failed'; reason: string };

export interface FetchOptions {
  etag?: string;
  timeoutMs: number;
  maxBytes?: number;
  /** The version the User-Agent names (the engine's). */
  version?: string;
}

export const DEFAULT_FETCH_TIMEOUT_MS = 10_000;

export function fetchBundle(url: string, o: FetchOptions): Promise<FetchResult> {
  const max = o.maxBytes ?? MAX_BUNDLE_BYTES;
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: FetchResult): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve(r);
    };
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      resolve({ status: 'failed', reason: `${url} is not a URL` });
      return;
    }
    const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': `hookwarden/${o.version ?? 'dev'}` };
    if (o.etag) headers['If-None-Match'] = o.etag;
    const request = parsed.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(parsed, { method: 'GET', headers }, (res: IncomingMessage) => {
      const code = res.statusCode ?? 0;
      if (code === 304) return finish({ status: 'not-modified' });
      if (code !== 200) return finish({ status: 'failed', reason: `the server answered HTTP ${code}${code >= 300 && code < 400 ? ' (redirects are not followed: put the final URL in policy.bundle.url)' : ''}` });
      const declared = Number(res.headers['content-length']);
      if (declared > max) return finish({ status: 'failed', reason: `the bundle is ${declared} bytes, over the ${max}-byte limit` });
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > max) return finish({ status: 'failed', reason: `the bundle is over the ${max}-byte limit` });
        chunks.push(c);
      });
      res.on('end', () => {
        if (!res.complete) return finish({ status: 'failed', reason: 'the connection closed before the whole bundle arrived' });
        const etag = typeof res.headers.etag === 'string' ? res.headers.etag : undefined;
        finish({ status: 'ok', body: Buffer.concat(chunks, size).toString('utf8'), ...(etag ? { etag } : {}) });
      });
      res.on('aborted', () => finish({ status: 'failed', reason: 'the connection closed before the whole bundle arrived' }));
      res.on('error', () => finish({ status: 'failed', reason: 'the connection closed before the whole bundle arrived' }));
      res.on('close', () => {
        if (!res.complete) finish({ status: 'failed', reason: 'the connection closed before the whole bundle arrived' });
      });
    });
    const timer = setTimeout(() => finish({ status: 'failed', reason: `no whole answer within ${o.timeoutMs} ms` }), o.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => finish({ status: 'failed', reason: `cannot reach ${parsed.host}: ${err.code ?? err.message}` }));
    req.end();
  });
}
