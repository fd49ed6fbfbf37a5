// The daemon's open connections, capped so that slow or idle clients cannot starve real hook calls, and the
// limits (timeouts, cap) the server is created with.
//
// A plain connection limit (node's `server.maxConnections`) refuses the newcomer, so 256 sockets that never finish
// their headers would lock Claude Code out until they time out. Here, a newcomer at the cap evicts the oldest
// connection with no request in progress (a slowloris still sending headers, a silent socket, an idle kept-alive
// one) instead. Only when every connection has a request in progress (headers complete, answer not yet sent) is the
// newcomer refused: those are authenticated calls being judged, which cannot be dropped in favour of anyone.
// Without the token a client cannot hold a request in progress: every refusal is answered as soon as the headers
// are in.
//
// node's headersTimeout only starts once a request's first byte arrives, so a socket that never sends anything
// would be kept forever; `firstRequestMs` closes a connection whose first request has not completed its headers
// by then.
//
// Also here: how an answer given before the request body was read ends its connection.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface DaemonLimits {
  /** A request's headers must be complete this long after its first byte (node), or after the connection opened. */
  headersTimeoutMs: number;
  /** The whole request, body included, must have arrived by then (node answers 408 and closes). */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often node checks the two timeouts above (its default, 30 s, would let them run 30 s late). */
  checkIntervalMs: number;
  /** Open connections at most; at the cap a newcomer evicts the oldest one with no request in progress. */
  maxConnections: number;
}

// Claude Code sends a whole hook call at once over loopback, in well under a millisecond; its own timeout per call
// is 10 s. So a few seconds for the headers and 10 s for the whole request only ever cut off stalled clients.
export const DAEMON_LIMITS: DaemonLimits = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
  maxConnections: 256,
};

interface Conn {
  /** Requests whose headers are complete and whose answer is not sent yet. */
  inProgress: number;
  /** Requests seen on this connection (0 until the first one's headers are complete). */
  requests: number;
  timer: NodeJS.Timeout | undefined;
}

export interface ConnectionStats {
  open: number;
  evicted: number;
  refused: number;
}

export class Connections {
  // A Map iterates in insertion order, i.e. by arrival: the first evictable entry is the oldest one.
  private readonly conns = new Map<Socket, Conn>();
  private evicted = 0;
  private refused = 0;

  constructor(
    private readonly max: number,
    private readonly firstRequestMs: number,
    /** Called on each eviction and refusal (the daemon rate-limits its log line). */
    private readonly onLimit: (what: 'evicted' | 'refused') => void = () => {},
  ) {}

  /** For `server.on('connection')`: admits the socket, evicting an idle one at the cap, or destroys it. */
  add(socket: Socket): void {
    if (this.conns.size >= this.max && !this.evictOldestIdle()) {
      this.refused++;
      this.onLimit('refused');
      socket.destroy();
      return;
    }
    const conn: Conn = { inProgress: 0, requests: 0, timer: undefined };
    conn.timer = setTimeout(() => {
      if (conn.requests === 0) socket.destroy();
    }, this.firstRequestMs);
    conn.timer.unref();
    this.conns.set(socket, conn);
    socket.once('close', () => {
      clearTimeout(conn.timer);
      this.conns.delete(socket);
    });
  }

  /** A request's headers are complete on `socket`: it cannot be evicted until the returned function is called. */
  begin(socket: Socket): () => void {
    const conn = this.conns.get(socket);
    if (!conn) return () => {};
    conn.requests++;
    conn.inProgress++;
    clearTimeout(conn.timer);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      conn.inProgress--;
    };
  }

  stats(): ConnectionStats {
    return { open: this.conns.size, evicted: this.evicted, refused: this.refused };
  }

  private evictOldestIdle(): boolean {
    for (const [socket, conn] of this.conns) {
      if (conn.inProgress > 0) continue;
      this.conns.delete(socket); // now, not on 'close' (next tick): the newcomer takes its place at once
      clearTimeout(conn.timer);
      socket.destroy();
      this.evicted++;
      this.onLimit('evicted');
      return true;
    }
    return false;
  }
}

/** Bytes of the request body that have not been read yet: a body is announced and the request is not complete. */
export function bodyUnread(req: IncomingMessage): boolean {
  if (req.complete) return false;
  const cl = req.headers['content-length'];
  return (cl !== undefined && cl !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** What an answer given before the body was read still drops of it, at most, before the connection closes. */
export const DRAIN = { bytes: 16 * 1024 * 1024, ms: 1_000 };

/**
 * For an answer written at once (headers and body, "Connection: close") to a request whose body is still arriving:
 * ends it when the rest of the body has been read and dropped, or after `bytes` more bytes or `ms`, whichever comes
 * first; node then closes the connection.
 *
 * Why not close at once: closing a socket with unread data sends a TCP reset, and a client still sending then often
 * reports an error instead of the answer it already received (node's http and fetch did in about half of the calls
 * in a test with a 4 MiB + 1 body): for a guard hook, an unjudged call. Dropping the rest lets an honest client
 * finish sending; the bound keeps any client from making the daemon read forever. Nothing is kept.
 */
export function endAfterDrain(req: IncomingMessage, res: ServerResponse, limit = DRAIN): void {
  let left = limit.bytes;
  let ended = false;
  const end = (): void => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    req.off('data', onData);
    req.pause(); // nothing more is read: what is left makes the close a reset, for this client only
    if (!res.writableEnded && !res.destroyed) res.end();
  };
  const onData = (c: Buffer): void => {
    left -= c.length;
    if (left < 0) end();
  };
  const timer = setTimeout(end, limit.ms);
  req.on('data', onData);
  req.once('end', end);
  req.once('close', end);
  req.resume();
}
