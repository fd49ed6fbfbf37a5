// Load client for the daemon test (test/serve/daemon.test.ts): a separate process, as Claude Code would be,
// sending hook requests over loopback with keep-alive and several requests in flight.
//
//   node test/helpers/load-client.mjs <plan.json>
//
// plan: { port, token, total, concurrency, cases: [{ name, hook, body, expectBody?, verdict? }] }
// Request i sends cases[i % cases.length] with its session_id made unique ("load-<i>"), so no request depends
// on another's session state. Each answer must be a 200 whose body is empty or one JSON object; when the case
// has expectBody the body must equal it byte for byte, when it has verdict the verdict read from the body must
// equal it. Prints one JSON summary line on stdout: { sent, answered, ok, failures, byHook, verdicts, ms }.

import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const agent = new Agent({ keepAlive: true, maxSockets: plan.concurrency });

/** The verdict an http hook answer carries, as the renderer writes it (lib/protocol/claude-code/render.ts). */
function verdictOf(body) {
  if (!body) return 'silent';
  const j = JSON.parse(body);
  const pd = j.hookSpecificOutput?.permissionDecision;
  if (pd === 'deny') return 'block';
  if (pd === 'ask' || pd === 'allow') return pd;
  if (j.decision === 'block') return 'block';
  if (j.systemMessage) return 'warn';
  if (j.hookSpecificOutput?.hookEventName === 'Stop' && j.hookSpecificOutput.additionalContext) return 'warn';
  return 'silent';
}

function post(path, body) {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: plan.port,
        path,
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Authorization: `Bearer ${plan.token}` },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (err) => resolve({ error: String(err) }));
      },
    );
    req.setTimeout(20_000, () => req.destroy(new Error('no answer in 20 s')));
    req.on('error', (err) => resolve({ error: String(err) }));
    req.end(body);
  });
}

const failures = [];
const byHook = {};
const verdicts = {};
let answered = 0;
let ok = 0;
let next = 0;

function check(c, r) {
  if (r.error) return `transport error: ${r.error}`;
  answered++;
  if (r.status !== 200) return `status ${r.status}: ${r.body.slice(0, 200)}`;
  if (r.body) {
    if (r.type !== 'application/json') return `content-type ${r.type}`;
    let j;
    try {
      j = JSON.parse(r.body);
    } catch {
      return `body is not JSON: ${r.body.slice(0, 200)}`;
    }
    if (!j || typeof j !== 'object' || Array.isArray(j)) return 'body is not a JSON object';
    if (r.body.includes('\n')) return 'body is not one compact line';
  }
  if (c.expectBody !== undefined && r.body !== c.expectBody) return `body differs from the command hook's stdout: ${r.body.slice(0, 200)}`;
  const v = verdictOf(r.body);
  verdicts[c.name] = verdicts[c.name] ?? {};
  verdicts[c.name][v] = (verdicts[c.name][v] ?? 0) + 1;
  if (c.verdict && v !== c.verdict) return `verdict ${v}, expected ${c.verdict}`;
  return null;
}

async function worker() {
  for (;;) {
    const i = next++;
    if (i >= plan.total) return;
    const c = plan.cases[i % plan.cases.length];
    const input = JSON.parse(c.body);
    input.session_id = `load-${i}`;
    const r = await post(`/hooks/${c.hook}`, JSON.stringify(input));
    byHook[c.hook] = (byHook[c.hook] ?? 0) + 1;
    const problem = check(c, r);
    if (problem) {
      if (failures.length < 20) failures.push({ i, case: c.name, problem });
    } else ok++;
  }
}

const t0 = process.hrtime.bigint();
await Promise.all(Array.from({ length: plan.concurrency }, worker));
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
agent.destroy();
process.stdout.write(`${JSON.stringify({ sent: next > plan.total ? plan.total : next, answered, ok, failures, byHook, verdicts, ms })}\n`);
