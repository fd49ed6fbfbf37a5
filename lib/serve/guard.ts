// Which requests the daemon answers at all: Host and Origin must name the loopback interface.
//
// Why: the daemon listens on 127.0.0.1, but a web page can still reach it. With DNS rebinding, evil.example first
// resolves to the attacker's server, then to 127.0.0.1; the browser then treats requests to the daemon as
// same-origin with the page (so it may read the answers), but it still sends `Host: evil.example`. Answering
// loopback names only closes that door, for /healthz too, before the token is looked at or a body is read. An
// `Origin` (sent by browsers, never by Claude Code) must be a loopback origin as well.

import type { IncomingMessage } from 'node:http';
import { printable } from '../terminal-text.js';

const IPV4_LOOPBACK = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** `localhost` (any case), `[::1]`, or any 127.x.y.z. Nothing else: no other spelling, no trailing dot. */
export function isLoopbackName(name: string): boolean {
  const n = name.toLowerCase();
  if (n === 'localhost' || n === '[::1]') return true;
  const m = IPV4_LOOPBACK.exec(n);
  return !!m && m.slice(1).every((o) => Number(o) <= 255);
}

// name, then an optional :port (1–5 digits, ≤ 65535).
const HOST_PORT = /^(\[[^\]]*\]|[^:[\]]+)(?::(\d{1,5}))?$/;

function hostPortIsLoopback(value: string): boolean {
  const m = HOST_PORT.exec(value);
  if (!m) return false;
  if (m[2] !== undefined && Number(m[2]) > 65_535) return false;
  return isLoopbackName(m[1] as string);
}

/** A `Host` header naming the loopback interface, with or without a port. */
export function isLoopbackHost(host: string | undefined): boolean {
  return !!host && hostPortIsLoopback(host);
}

/** An `Origin` of a page served from the loopback interface over http (any port). `null` and the rest: no. */
export function isLoopbackOrigin(origin: string): boolean {
  const m = /^http:\/\/(.*)$/i.exec(origin);
  return !!m && hostPortIsLoopback(m[1] as string);
}

export type Refusal = { header: 'Host' | 'Origin'; value: string };

/** Why a request must not be answered (its Host or Origin), or null when it may be. */
export function foreignRequest(req: IncomingMessage): Refusal | null {
  // node keeps only the first of several Host headers; a request that sends two is refused rather than guessed at.
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if ((req.rawHeaders[i] as string).toLowerCase() === 'host') hosts++;
  const host = req.headers.host;
  if (hosts !== 1 || !isLoopbackHost(host)) return { header: 'Host', value: hosts > 1 ? '(several)' : (host ?? '(none)') };
  // Several Origin headers arrive joined with ", ", which is not a loopback origin either.
  const origin = req.headers.origin;
  if (origin !== undefined && !isLoopbackOrigin(origin)) return { header: 'Origin', value: origin };
  return null;
}

/** A header value fit for one log line: quoted, at most 80 characters, and every control character escaped
 * (JSON.stringify leaves C1 controls such as 0x9b, which node accepts in a header as a latin-1 byte, and bidi marks
 * as they are: lib/terminal-text.ts escapes those). */
export function logValue(value: string): string {
  return printable(JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value));
}
