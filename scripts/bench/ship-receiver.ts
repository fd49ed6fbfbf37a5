// The OTLP receiver of scripts/bench-ship.ts in its own process (so its parsing never shares an event loop with
// the hook calls being timed), driven over IPC: {cmd: 'start'|'stop'|'mode'|'counts'}. Distinct records are
// counted per (resource `machine` label, hookwarden.decision_id).

import { OtlpReceiver, type ReceiverMode } from '../../test/helpers/otlp-receiver.js';

const receiver = new OtlpReceiver();

type Msg = { id: number; cmd: 'start' | 'stop' | 'counts' } | { id: number; cmd: 'mode'; mode: ReceiverMode };

function counts(): { byMachine: Record<string, number>; distinct: number; total: number; duplicates: number; requests: number; turnedAway: number } {
  const seen = new Map<string, number>();
  for (const r of receiver.hookwardenRecords()) {
    const key = `${String(r.resource.machine)}/${String(r.attrs['hookwarden.decision_id'])}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const byMachine: Record<string, number> = {};
  let total = 0;
  for (const [key, n] of seen) {
    const m = key.slice(0, key.indexOf('/'));
    byMachine[m] = (byMachine[m] ?? 0) + 1;
    total += n;
  }
  return { byMachine, distinct: seen.size, total, duplicates: total - seen.size, requests: receiver.requests, turnedAway: receiver.turnedAway };
}

process.on('message', async (m: Msg) => {
  let reply: unknown;
  if (m.cmd === 'start') reply = { port: await receiver.start() };
  else if (m.cmd === 'stop') reply = await receiver.stop();
  else if (m.cmd === 'mode') reply = (receiver.mode = m.mode);
  else reply = counts();
  process.send?.({ id: m.id, reply });
});
process.on('disconnect', () => process.exit(0));
