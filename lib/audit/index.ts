// Audit trail: build a redacted, versioned event per decision and append it to the daily JSONL file.

export {
  AUDIT_SCHEMA_VERSION,
  MAX_AUDIT_STRING,
  buildAuditEvent,
  canonicalNumber,
  truncateString,
  type AuditEventV1,
  type AuditMatchV1,
  type AuditMeta,
  type Redactor,
} from './event.js';
export { hookwardenHome, auditDirFor, auditFileFor } from './paths.js';
export { writeAuditEvent, boundAuditEvent, closeAuditLogs, MAX_AUDIT_LINE_BYTES } from './write.js';
export { readAuditFile, parseAuditLines, isAuditEventV1 } from './read.js';
