// POST one OTLP/HTTP JSON export request (`<endpoint>/v1/logs`) over node:http or node:https, and say what the
// receiver answered in the terms the shipper acts on: accepted, retry (when, if the receiver said), or refused.
//
// Our own encoder rather than @opentelemetry/exporter-logs-otlp-http: the current SDK needs Node >= 22.15 (ours is
// >= 20) and the 0.223.x line npm resolves on Node 20 brings a large dependency tree for what is a few dozen lines
// of JSON here. Retryable answers follow the OTLP/HTTP specification: 429, 502, 503, 504, and any network failure or
// timeout; `Retry-After` (seconds or an HTTP date) is honoured.

import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { oneLine } from '../errors.js';

export type SendResult =
  | { kind: 'accepted'; status: number; rejected: number; message?: string }
  | { kind: 'retry'; status?: number; retryAfterMs?: number; why: string }
  | { kind: 'refused'; status: number; why: string };

const RETRYABLE = new Set([429, 502, 503, 504]);

/** `<endpoint>/v1/logs`, unless the endpoint already names that path. */
export function logsUrl(endpoint: string): string {
  const base = endpoint.replace(/\/+$/, '');
  return base.endsWith('/v1/logs') ? base : `${base}/v1/logs`;
}

/** Retry-After as ms from `now`: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now: number): number | undefined {
  const v = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/** The receiver's partial_success, when a 2xx carried one. */
function partial(body: string): { rejected: number; message?: string } {
  try {
    const p = (JSON.parse(body) as { partialSuccess?: { rejectedLogRecords?: unknown; errorMessage?: unknown } })?.partialSuccess;
    const rejected = Number(p?.rejectedLogRecords ?? 0);
    return { rejected: Number.isFinite(rejected) ? rejected : 0, ...(typeof p?.errorMessage === 'string' && p.errorMessage ? { message: oneLine(p.errorMessage) } : {}) };
  } catch {
    return { rejected: 0 };
  }
}

function judge(status: number, headers: IncomingHttpHeaders, body: string, now: number): SendResult {
  if (status >= 200 && status < 300) return { kind: 'accepted', status, ...partial(body) };
  const text = oneLine(body.replace(/\s+/g, ' '), 120);
  const why = `HTTP ${status}${text && text !== 'unknown error' ? ` (${text})` : ''}`;
  if (RETRYABLE.has(status)) {
    const after = retryAfterMs(headers['retry-after'], now);
    return { kind: 'retry', status, why, ...(after !== undefined ? { retryAfterMs: after } : {}) };
  }
  return { kind: 'refused', status, why };
}

export interface SendOptions {
  url: string;
  headers: Readonly<Record<string, string>>;
  body: string;
  timeoutMs: number;
  now: () => number;
  signal?: AbortSignal;
}

/** One POST; never throws. */
export function sendLogs(o: SendOptions): Promise<SendResult> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: SendResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    let url: URL;
    try {
      url = new URL(o.url);
    } catch {
      return done({ kind: 'refused', status: 0, why: `${o.url} is not a URL` });
    }
    const payload = Buffer.from(o.body, 'utf8');
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(url, {
      method: 'POST',
      headers: { ...o.headers, 'content-type': 'application/json', 'content-length': String(payload.length) },
      signal: o.signal,
    });
    // One deadline for the whole exchange (connect, send, answer): a receiver that hangs is a retry, not a stall.
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${o.timeoutMs} ms`));
    }, o.timeoutMs);
    req.on('error', (err) => done({ kind: 'retry', why: oneLine(err) }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        if (size < 64 * 1024) chunks.push(c);
        size += c.length;
      });
      res.on('error', (err) => done({ kind: 'retry', why: oneLine(err) }));
      res.on('end', () => done(judge(res.statusCode ?? 0, res.headers, Buffer.concat(chunks).toString('utf8'), o.now())));
    });
    req.end(payload);
  });
}
