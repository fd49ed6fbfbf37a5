// Reading the audit back for people: every daily file in a time range, filters, the newest N lines, one decision,
// and the summary `hookwarden audit` prints. Files are streamed line by line (lib/audit/read.ts scanLines), so a
// 1 GB day costs one chunk of memory plus what the aggregation keeps (bounded, see CappedCounter).
//
// files.ts         which daily files there are, and which a time range covers
// time.ts          time arguments (--since, --until)
// filter.ts        filters
// event-fields.ts  an event's time, rules and target
// scan.ts          streaming the files in range; the newest N; one decision by id
// summary.ts       the summary's aggregation
// format-summary.ts, table.ts, tail-rows.ts   terminal output

export * from './files.js';
export * from './filter.js';
export * from './time.js';
export * from './event-fields.js';
export * from './table.js';
export * from './scan.js';
export * from './summary.js';
export * from './format-summary.js';
export * from './tail-rows.js';
