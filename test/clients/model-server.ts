// A scripted model on 127.0.0.1 that speaks the Anthropic Messages API (streaming SSE), for running the real
// agent CLIs offline. Every request body is recorded; the conversation requests (those offering tools) get the
// script's next turn, everything else (titles, quota probes) a short text. Assertions read the recording: what
// the model saw, not what a hook printed.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Turn =
  | { tool: string; input: Record<string, unknown>; id?: string }
  | { tools: Array<{ tool: string; input: Record<string, unknown>; id?: string }> }
  | { text: string };

export interface RecordedRequest {
  path: string;
  body: MessagesBody;
  /** Whether the request offered tools (the agent's main loop), so it took a turn of the script. */
  conversation: boolean;
}

interface ContentBlock {
  type: string;
  text?: string;
  content?: unknown;
  is_error?: boolean;
  tool_use_id?: string;
  [k: string]: unknown;
}
export interface MessagesBody {
  model?: string;
  system?: unknown;
  messages?: Array<{ role: string; content: string | ContentBlock[] }>;
  tools?: unknown[];
  [k: string]: unknown;
}

export interface ModelServer {
  url: string;
  requests: RecordedRequest[];
  /** Conversation requests only, in order. */
  conversation(): RecordedRequest[];
  close(): Promise<void>;
}

const sse = (res: ServerResponse, event: string, data: unknown): void => {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
};

function streamTurn(res: ServerResponse, turn: Turn, n: number): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  sse(res, 'message_start', {
    type: 'message_start',
    message: { id: `msg_${n}`, type: 'message', role: 'assistant', model: 'scripted', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } },
  });
  const calls = 'tools' in turn ? turn.tools : 'tool' in turn ? [turn] : [];
  if ('text' in turn) {
    sse(res, 'content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    sse(res, 'content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: turn.text } });
    sse(res, 'content_block_stop', { type: 'content_block_stop', index: 0 });
  }
  calls.forEach((c, i) => {
    const id = c.id ?? `toolu_${n}_${i}`;
    sse(res, 'content_block_start', { type: 'content_block_start', index: i, content_block: { type: 'tool_use', id, name: c.tool, input: {} } });
    sse(res, 'content_block_delta', { type: 'content_block_delta', index: i, delta: { type: 'input_json_delta', partial_json: JSON.stringify(c.input) } });
    sse(res, 'content_block_stop', { type: 'content_block_stop', index: i });
  });
  sse(res, 'message_delta', { type: 'message_delta', delta: { stop_reason: calls.length ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 1 } });
  sse(res, 'message_stop', { type: 'message_stop' });
  res.end();
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Starts the server. `script` gives the turns of the conversation in order; once it runs out, "Done." */
export async function startModelServer(script: Turn[]): Promise<ModelServer> {
  const requests: RecordedRequest[] = [];
  let turns = 0;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = req.url ?? '';
      if (process.env.MODEL_DEBUG) process.stderr.write(`model-server: ${req.method} ${path}\n`);
      if (req.method !== 'POST' || !path.startsWith('/v1/messages')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      if (path.startsWith('/v1/messages/count_tokens')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"input_tokens":1}');
        return;
      }
      let body: MessagesBody = {};
      try {
        body = JSON.parse(raw) as MessagesBody;
      } catch {
        // recorded as empty
      }
      const conversation = Array.isArray(body.tools) && body.tools.length > 0;
      requests.push({ path, body, conversation });
      const turn: Turn = conversation ? (script[turns++] ?? { text: 'Done.' }) : { text: 'ok' };
      if (body.stream === false) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'msg_x', type: 'message', role: 'assistant', model: 'scripted', content: [{ type: 'text', text: 'text' in turn ? turn.text : 'ok' }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } }));
        return;
      }
      streamTurn(res, turn, requests.length);
    })().catch(() => res.destroy());
  });
  return listen(server, requests);
}

/** Starts a recording server on a free loopback port; shared by the scripted APIs of each client. */
export async function listen<R extends { conversation: boolean }>(server: Server, requests: R[]): Promise<{ url: string; requests: R[]; conversation(): R[]; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    conversation: () => requests.filter((r) => r.conversation),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Every string in a value, in order, one per line: what a model was shown, whatever the API's shape. */
export function stringsOf(v: unknown): string {
  const parts: string[] = [];
  const walk = (x: unknown): void => {
    if (typeof x === 'string') parts.push(x);
    else if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') for (const y of Object.values(x)) walk(y);
  };
  walk(v);
  return parts.join('\n');
}

/** Every text the model was shown in a request (message text, tool results, system reminders), flattened. */
export const seenText = (r: RecordedRequest): string => stringsOf(r.body.messages);
