// A real OTLP/HTTP JSON logs receiver on 127.0.0.1 for the shipper's tests, the join with Claude Code's own
// telemetry and scripts/bench-ship.ts: accepts POST /v1/logs, keeps every record, counts hookwarden's by
// hookwarden.decision_id; can be stopped and started again on the same port, made to hang, or to answer 503 (with a
// Retry-After) or 429.

import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** ok: 200; hang: never answers, keeps nothing; accept-then-hang: keeps the records, never answers (what a sender
 * killed before it heard back looks like); status: that status, with Retry-After when given, keeps nothing. */
export type ReceiverMode = { kind: 'ok' } | { kind: 'hang' } | { kind: 'accept-then-hang' } | { kind: 'status'; status: number; retryAfter?: string };

export interface ReceivedRecord {
  /** The record's attributes as plain values (arrays of strings stay arrays). */
  attrs: Record<string, unknown>;
  resource: Record<string, unknown>;
  eventName?: string;
  body?: unknown;
  timeUnixNano?: string;
}

type Any = { stringValue?: string; boolValue?: boolean; intValue?: string | number; doubleValue?: number; arrayValue?: { values?: Any[] }; kvlistValue?: { values?: Kv[] } };
type Kv = { key: string; value?: Any };

export function plain(v: Any | undefined): unknown {
  if (!v) return undefined;
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(plain);
  if (v.kvlistValue) return attrsOf(v.kvlistValue.values);
  return undefined;
}
const attrsOf = (kvs: Kv[] | undefined): Record<string, unknown> => Object.fromEntries((kvs ?? []).map((kv) => [kv.key, plain(kv.value)]));

export class OtlpReceiver {
  readonly records: ReceivedRecord[] = [];
  /** hookwarden.decision_id → how many times it arrived. */
  readonly byDecision = new Map<string, number>();
  requests = 0;
  /** Requests answered with something other than 200 (or left hanging). */
  turnedAway = 0;
  mode: ReceiverMode = { kind: 'ok' };
  /** When set, the mode of request n (1-based), over `mode`. */
  script: ((n: number) => ReceiverMode | undefined) | undefined;
  port = 0;
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly hanging = new Set<ServerResponse>();

  /** Listens on `port` (0: any; by default the port it had before); already listening, it stays as it is. */
  async start(port = this.port): Promise<number> {
    if (this.server) return this.port;
    const server = createServer((req, res) => {
      if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/logs') {
        req.resume();
        res.writeHead(404).end();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.requests++;
        const mode = this.script?.(this.requests) ?? this.mode;
        if (mode.kind === 'hang') {
          this.turnedAway++;
          this.hanging.add(res);
          return;
        }
        if (mode.kind === 'status') {
          this.turnedAway++;
          res.writeHead(mode.status, { 'content-type': 'application/json', ...(mode.retryAfter !== undefined ? { 'retry-after': mode.retryAfter } : {}) }).end('{"message":"not now"}');
          return;
        }
        let body: { resourceLogs?: Array<{ resource?: { attributes?: Kv[] }; scopeLogs?: Array<{ logRecords?: Array<{ attributes?: Kv[]; eventName?: string; body?: Any; timeUnixNano?: string }> }> }> };
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"not JSON"}');
          return;
        }
        for (const rl of body.resourceLogs ?? []) {
          const resource = attrsOf(rl.resource?.attributes);
          for (const sl of rl.scopeLogs ?? []) {
            for (const lr of sl.logRecords ?? []) {
              const rec: ReceivedRecord = { attrs: attrsOf(lr.attributes), resource, eventName: lr.eventName, body: plain(lr.body), timeUnixNano: lr.timeUnixNano };
              this.records.push(rec);
              const id = rec.attrs['hookwarden.decision_id'];
              if (typeof id === 'string') this.byDecision.set(id, (this.byDecision.get(id) ?? 0) + 1);
            }
          }
        }
        if (mode.kind === 'accept-then-hang') {
          this.hanging.add(res);
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    server.on('connection', (s: Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this.port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Stops listening and drops every connection (hanging requests included): the receiver is down. */
  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    for (const sock of this.sockets) sock.destroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  /** Distinct decision ids received, and how many arrivals were repeats. */
  counts(): { distinct: number; total: number; duplicates: number } {
    let total = 0;
    for (const n of this.byDecision.values()) total += n;
    return { distinct: this.byDecision.size, total, duplicates: total - this.byDecision.size };
  }

  hookwardenRecords(): ReceivedRecord[] {
    return this.records.filter((r) => r.attrs.event_name === 'hookwarden.decision');
  }
}
