// One audit line as one OTLP log record (OTLP/JSON, opentelemetry-proto logs/v1), and the resource every record of
// a machine shares. Only what the audit line holds is sent, and the audit line is already redacted
// (lib/audit/event.ts): the record carries ids, names, the verdict and the reason the user was shown, never the
// judged input itself.

import type { AuditEventV1 } from '../audit/event.js';

/** The OTLP/JSON AnyValue forms the records use. */
export type AnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: AnyValue[] } }
  | { kvlistValue: { values: KeyValue[] } };
export interface KeyValue {
  key: string;
  value: AnyValue;
}

export interface LogRecord {
  timeUnixNano: string;
  observedTimeUnixNano: string;
  severityNumber: number;
  severityText: string;
  eventName: string;
  body: AnyValue;
  attributes: KeyValue[];
}

export const EVENT_NAME = 'hookwarden.decision';

/** Fields other parts of hookwarden add to audit lines (the managed layer, policy bundles); read when present. */
interface LayeredFields {
  policy_revision?: unknown;
  bundle_revision?: unknown;
}

const str = (key: string, v: string): KeyValue => ({ key, value: { stringValue: v } });
const strings = (key: string, vs: readonly string[]): KeyValue => ({ key, value: { arrayValue: { values: vs.map((v) => ({ stringValue: v })) } } });

/** The pack of a pattern id: the part before its first "/" ("bash-git/force-push" → "bash-git"). */
export const packOf = (id: string): string => (id.includes('/') ? id.slice(0, id.indexOf('/')) : id);

const unique = (xs: readonly string[]): string[] => [...new Set(xs)];

/** OTel severity numbers: INFO 9 for no opinion or an allow, WARN 13 for a warn, ask or block. */
function severity(verdict: string): number {
  return verdict === 'warn' || verdict === 'ask' || verdict === 'block' ? 13 : 9;
}

/** ISO-8601 ms → nanoseconds since the epoch, as the decimal string OTLP/JSON carries uint64 in; "0" when unparsable. */
export function isoToUnixNano(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) && ms >= 0 ? `${BigInt(Math.trunc(ms)) * 1_000_000n}` : '0';
}

/** The record of one audit line. `observedNs` is when the shipper read it. */
export function toLogRecord(ev: AuditEventV1, observedNs: string): LogRecord {
  const extra = ev as AuditEventV1 & LayeredFields;
  const matches = Array.isArray(ev.local?.matches) ? ev.local.matches : [];
  const ruleIds = unique(matches.map((m) => m.id).filter((id): id is string => typeof id === 'string'));
  const attributes: KeyValue[] = [
    str('event_name', EVENT_NAME),
    str('hookwarden.decision_id', ev.decision_id),
    str('session.id', ev.session_id),
    str('hookwarden.event', ev.event),
    str('hookwarden.verdict', ev.verdict),
    strings('hookwarden.rules', ruleIds),
    strings('hookwarden.pack', unique(ruleIds.map(packOf))),
    strings('hookwarden.merge_rules', Array.isArray(ev.rules) ? ev.rules : []),
    str('hookwarden.agent', ev.agent ?? 'claude-code'),
    str('hookwarden.engine_version', ev.engine_version),
  ];
  if (ev.tool_use_id !== undefined) attributes.push(str('gen_ai.tool.call.id', ev.tool_use_id));
  if (ev.tool !== undefined) attributes.push(str('gen_ai.tool.name', ev.tool));
  // The policy the decision was made under: the managed layer's revision when the line has one, else the two hashes
  // that together name it (the registry and the effective config).
  if (typeof extra.policy_revision === 'string') attributes.push(str('hookwarden.policy_revision', extra.policy_revision));
  else {
    attributes.push(str('hookwarden.registry_hash', ev.registry_hash));
    attributes.push(str('hookwarden.config_hash', ev.config_hash));
  }
  if (typeof extra.bundle_revision === 'string') attributes.push(str('hookwarden.bundle_revision', extra.bundle_revision));
  // Which policy layer (managed, user, project, shipped) each matched rule came from, when the line says.
  const layers: KeyValue[] = [];
  for (const m of matches as Array<{ id: string; layer?: unknown }>) {
    if (typeof m.layer === 'string' && !layers.some((l) => l.key === m.id)) layers.push(str(m.id, m.layer));
  }
  if (layers.length) attributes.push({ key: 'hookwarden.rule_layers', value: { kvlistValue: { values: layers } } });
  if (ev.headless) attributes.push({ key: 'hookwarden.headless', value: { boolValue: true } });
  return {
    timeUnixNano: isoToUnixNano(ev.ts),
    observedTimeUnixNano: observedNs,
    severityNumber: severity(ev.verdict),
    severityText: ev.verdict,
    eventName: EVENT_NAME,
    body: { stringValue: ev.reason ?? '' },
    attributes,
  };
}

export interface ResourceFacts {
  version: string;
  hostId: string;
  labels: Readonly<Record<string, string>>;
}

/** service.name, service.version, host.id, then the configured labels (which may not replace those three). */
export function resourceAttributes(r: ResourceFacts): KeyValue[] {
  const fixed = [str('service.name', 'hookwarden'), str('service.version', r.version), str('host.id', r.hostId)];
  const own = new Set(fixed.map((a) => a.key));
  return [...fixed, ...Object.entries(r.labels).filter(([k]) => !own.has(k)).map(([k, v]) => str(k, v))];
}

/** The ExportLogsServiceRequest body of one batch. */
export function exportRequest(resource: KeyValue[], version: string, records: LogRecord[]): string {
  return JSON.stringify({
    resourceLogs: [{ resource: { attributes: resource }, scopeLogs: [{ scope: { name: 'hookwarden', version }, logRecords: records }] }],
  });
}
