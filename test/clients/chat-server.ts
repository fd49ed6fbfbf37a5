// A scripted model on 127.0.0.1 that speaks OpenAI's Chat Completions API (streaming SSE ending `data: [DONE]`),
// for running the real Qwen Code and Copilot CLIs offline. Every request body is recorded. The conversation
// requests (those offering tools: the agent's main loop) get the script's next turn; anything else (a title, a
// summary, a non-streaming side call) a short text; `GET /v1/models` lists the one model. Assertions read the
// recording: what the model saw, not what a hook printed. MODEL_DEBUG=1 logs each request's method and path.

import { createServer, type Server, type ServerResponse } from 'node:http';
import { listen, readBody, stringsOf } from './model-server.js';

/** The script speaks the host's own tool names and arguments, e.g. Qwen's run_shell_command {command, description}. */
export type ChatTurn = { tool: string; args: Record<string, unknown> } | { tools: Array<{ tool: string; args: Record<string, unknown> }> } | { text: string };

export interface ChatMessage {
  role: string;
  content?: string | Array<{ type: string; text?: string; [k: string]: unknown }> | null;
  tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
  [k: string]: unknown;
}
export interface ChatBody {
  model?: string;
  messages?: ChatMessage[];
  tools?: unknown[];
  stream?: boolean;
  [k: string]: unknown;
}

export interface ChatRequest {
  path: string;
  body: ChatBody;
  /** Whether the request offered tools (the agent's main loop), so it took a turn of the script. */
  conversation: boolean;
}

export interface ChatServer {
  url: string;
  requests: ChatRequest[];
  /** Conversation requests only, in order. */
  conversation(): ChatRequest[];
  close(): Promise<void>;
}

const MODEL = 'scripted-model';

const chunk = (n: number, delta: Record<string, unknown>, finish: string | null): string =>
  `data: ${JSON.stringify({ id: `chatcmpl-${n}`, object: 'chat.completion.chunk', created: 1764028800, model: MODEL, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

const callsOf = (turn: ChatTurn) => ('tools' in turn ? turn.tools : 'tool' in turn ? [turn] : []);

function stream(res: ServerResponse, turn: ChatTurn, n: number): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunk(n, { role: 'assistant', content: '' }, null));
  if ('text' in turn) res.write(chunk(n, { content: turn.text }, null));
  callsOf(turn).forEach((c, i) => {
    res.write(chunk(n, { tool_calls: [{ index: i, id: `call_${n}_${i}`, type: 'function', function: { name: c.tool, arguments: JSON.stringify(c.args) } }] }, null));
  });
  res.write(chunk(n, {}, callsOf(turn).length ? 'tool_calls' : 'stop'));
  // The usage chunk (stream_options.include_usage): no choices.
  res.write(`data: ${JSON.stringify({ id: `chatcmpl-${n}`, object: 'chat.completion.chunk', created: 1764028800, model: MODEL, choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })}\n\n`);
  res.end('data: [DONE]\n\n');
}

function whole(res: ServerResponse, turn: ChatTurn, n: number): void {
  const calls = callsOf(turn).map((c, i) => ({ id: `call_${n}_${i}`, type: 'function', function: { name: c.tool, arguments: JSON.stringify(c.args) } }));
  const message = { role: 'assistant', content: 'text' in turn ? turn.text : null, ...(calls.length ? { tool_calls: calls } : {}) };
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: `chatcmpl-${n}`, object: 'chat.completion', created: 1764028800, model: MODEL, choices: [{ index: 0, message, finish_reason: calls.length ? 'tool_calls' : 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }));
}

/** Starts the server. `script` gives the turns of the conversation in order; once it runs out, "Done." */
export async function startChatServer(script: ChatTurn[]): Promise<ChatServer> {
  const requests: ChatRequest[] = [];
  let turns = 0;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = req.url ?? '';
      if (process.env.MODEL_DEBUG) process.stderr.write(`chat-server: ${new Date().toISOString()} ${req.method} ${path}\n`);
      if (req.method === 'GET' && /\/models\/?$/.test(path)) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: MODEL, object: 'model', created: 0, owned_by: 'test' }] }));
        return;
      }
      if (req.method !== 'POST' || !path.includes('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `not scripted: ${req.method} ${path}`, type: 'not_found' } }));
        return;
      }
      let body: ChatBody = {};
      try {
        body = JSON.parse(raw) as ChatBody;
      } catch {
        // recorded as empty
      }
      const conversation = Array.isArray(body.tools) && body.tools.length > 0;
      requests.push({ path, body, conversation });
      const turn: ChatTurn = conversation ? (script[turns++] ?? { text: 'Done.' }) : { text: 'ok' };
      if (body.stream) stream(res, turn, requests.length);
      else whole(res, turn, requests.length);
    })().catch(() => res.destroy());
  });
  return listen(server, requests);
}

/** Every text the model was shown in a request (system, user turns, tool results), flattened. */
export const chatSeenText = (r: ChatRequest): string => (r.body.messages ?? []).map((m) => [textOf(m.content), stringsOf(m.tool_calls ?? [])].filter(Boolean).join('\n')).join('\n');

/** The tool results in a request, in order: what each call answered. */
export const toolResults = (r: ChatRequest): string[] => (r.body.messages ?? []).filter((m) => m.role === 'tool').map((m) => textOf(m.content));

/** A message's text: the string, or its text parts joined (Qwen sends parts, Copilot a string). */
export const textOf = (content: ChatMessage['content']): string =>
  typeof content === 'string' ? content : (content ?? []).map((p) => p.text ?? '').join('\n');
