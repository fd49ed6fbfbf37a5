// HTTP KETER: POST the request as JSON to an orchestrator endpoint.
// Uses node:http / node:https loaded lazily inside consult (global fetch would pull in undici at start-up).

import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import type { KeterRequest } from '../vocab/orchestrator.js';
import { MalformedAnswerError, type Orchestrator } from './types.js';

/** Largest response body accepted, in bytes. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

export interface HttpKeterOptions {
  url: string;
  headers?: Record<string, string>;
}

export function createHttpKeter(opts: HttpKeterOptions): Orchestrator {
  return {
    name: 'keter:http',
    consult: (req, signal) => post(opts, req, signal),
  };
}

function abortError(signal: AbortSignal): Error {
  const r: unknown = signal.reason;
  return r instanceof Error ? r : new Error('request aborted');
}

async function post(opts: HttpKeterOptions, body: KeterRequest, signal: AbortSignal): Promise<unknown> {
  if (signal.aborted) throw abortError(signal);
  const url = new URL(opts.url); // throws TypeError on a bad url → reported as error
  let request: (options: RequestOptions, cb: (res: IncomingMessage) => void) => ClientRequest;
  if (url.protocol === 'http:') request = (await import('node:http')).request;
  else if (url.protocol === 'https:') request = (await import('node:https')).request;
  else throw new Error(`unsupported keter url protocol ${url.protocol}`);
  if (signal.aborted) throw abortError(signal);

  const payload = Buffer.from(JSON.stringify(body), 'utf8');
  const headers: Record<string, string | number> = {
    accept: 'application/json',
    'content-type': 'application/json',
    ...(opts.headers ?? {}),
    'content-length': payload.length,
  };

  return new Promise<unknown>((resolve, reject) => {
    let settled = false;
    const finish = (err: Error | null, value?: unknown): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (err) {
        req.destroy();
        reject(err);
      } else resolve(value);
    };
    const onAbort = (): void => finish(abortError(signal));

    // agent: false → a fresh connection closed after the answer; nothing lingers to keep the hook alive.
    const req = request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: url.pathname + url.search,
        method: 'POST',
        headers,
        agent: false,
        auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status > 299) {
          res.resume();
          finish(new Error(`HTTP ${status}${res.statusMessage ? ' ' + res.statusMessage : ''}`));
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > MAX_RESPONSE_BYTES) {
          finish(new Error(`response body too large (${declared} bytes > ${MAX_RESPONSE_BYTES})`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (settled) return;
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) {
            finish(new Error(`response body too large (> ${MAX_RESPONSE_BYTES} bytes)`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', (err) => finish(err));
        res.on('aborted', () => finish(new Error('response aborted')));
        res.on('end', () => {
          if (settled) return;
          const text = Buffer.concat(chunks, size).toString('utf8');
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            finish(new MalformedAnswerError('response is not JSON'));
            return;
          }
          finish(null, parsed);
        });
      },
    );
    req.on('error', (err) => finish(err));
    signal.addEventListener('abort', onAbort, { once: true });
    req.end(payload);
  });
}
