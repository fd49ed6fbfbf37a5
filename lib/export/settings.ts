// What the shipper runs with: the endpoint (`HOOKWARDEN_OTLP_ENDPOINT`, else `export.otlp.endpoint`), headers,
// timeout, batch caps and resource labels, from the config the caller loaded (the user's own file: a project's
// files never choose where a machine's decisions go).

import type { HookwardenConfig } from '../config/types.js';
import type { Caps } from './tail.js';

export const DEFAULT_TIMEOUT_MS = 10_000;
/** Small enough that a crash resends little (at most one batch arrives twice), large enough that a backlog after
 * an outage goes in a few requests; steady-state batches are far smaller (what a poll interval's hooks wrote). */
export const DEFAULT_CAPS: Caps = { maxRecords: 100, maxBytes: 256 * 1024 };

export interface ShipSettings {
  endpoint: string;
  /** Where the endpoint came from, for messages: "HOOKWARDEN_OTLP_ENDPOINT" or "export.otlp.endpoint in <file>". */
  from: string;
  headers: Readonly<Record<string, string>>;
  timeoutMs: number;
  caps: Caps;
  labels: Readonly<Record<string, string>>;
}

/** The settings, undefined when no endpoint is configured, or a one-line problem. */
export function shipSettings(config: HookwardenConfig, env: Readonly<Record<string, string | undefined>>, configFile: string): ShipSettings | { problem: string } | undefined {
  const otlp = config.export?.otlp;
  const fromEnv = env.HOOKWARDEN_OTLP_ENDPOINT?.trim();
  const endpoint = fromEnv || otlp?.endpoint;
  if (!endpoint) return undefined;
  const from = fromEnv ? 'HOOKWARDEN_OTLP_ENDPOINT' : `export.otlp.endpoint in ${configFile}`;
  if (!/^https?:\/\/[^\s/]+/.test(endpoint)) return { problem: `${from} "${endpoint.slice(0, 200)}" is not an http:// or https:// URL` };
  return {
    endpoint,
    from,
    headers: otlp?.headers ?? {},
    timeoutMs: otlp?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    caps: { maxRecords: otlp?.batch?.maxRecords ?? DEFAULT_CAPS.maxRecords, maxBytes: otlp?.batch?.maxBytes ?? DEFAULT_CAPS.maxBytes },
    labels: config.export?.labels ?? {},
  };
}
