// Real audit files for the audit-review tests: hook calls run in process (the same runHook and writer the hook
// bundles use), each at its own injected time, optionally in another session or with another Bash command.

import type { AuditEventV1 } from '../../lib/audit/event.js';
import { listAuditFiles } from '../../lib/audit/query/index.js';
import { readAuditFile } from '../../lib/audit/read.js';
import { closeAuditLogs } from '../../lib/audit/write.js';
import { runtimeFor } from '../../lib/cli/runtime.js';
import { runHook } from '../../lib/hook/run-hook.js';
import { memoryIO } from './cli.js';
import { loadFixtures } from './fixtures.js';

export interface HookCall {
  /** A test/fixtures/claude-code fixture name. */
  fixture: string;
  /** The injected clock, ms. */
  at: number;
  session?: string;
  command?: string;
}

/** Runs the calls against HOOKWARDEN_HOME `home`; decision ids are hw-<tag>-N. */
export async function hookCalls(home: string, calls: HookCall[], tag = 'c'): Promise<void> {
  const fixtures = new Map(loadFixtures().map((f) => [f.name, f]));
  const io = memoryIO({ home });
  let clock = 0;
  let n = 0;
  io.now = () => clock;
  io.newId = () => `hw-${tag}-${++n}`;
  const rt = runtimeFor(io, true);
  for (const c of calls) {
    const f = fixtures.get(c.fixture);
    if (!f) throw new Error(`no fixture ${c.fixture}`);
    let stdin = f.stdin;
    if (c.session || c.command) {
      const j = JSON.parse(stdin) as Record<string, unknown>;
      if (c.session) j.session_id = c.session;
      if (c.command) j.tool_input = { ...(j.tool_input as object), command: c.command };
      stdin = JSON.stringify(j);
    }
    clock = c.at;
    await runHook(f.hook, stdin, rt);
  }
  closeAuditLogs();
}

/** Every event in the home's daily files, oldest file first. */
export function allEvents(home: string): AuditEventV1[] {
  return listAuditFiles(home).flatMap((r) => readAuditFile(r.file).events);
}
