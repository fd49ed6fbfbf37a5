// A scripted model on 127.0.0.1 that speaks the OpenAI Responses API (`POST /v1/responses`, streaming SSE), for
// running the real Codex CLI offline. Every request body is recorded. The conversation requests (those offering
// tools: the agent's main loop) get the script's next turn: `response.created`, one `response.output_item.done`
// per output item (a function call, a custom tool call such as apply_patch, or an assistant message), then
// `response.completed`. Anything else gets a 404 naming it, so an unexpected call shows in the recording.
// Assertions read the recording: what the model saw, not what a hook printed.

import { createServer, type Server, type ServerResponse } from 'node:http';
import { listen, readBody, stringsOf } from './model-server.js';

/** The script speaks Codex's own tools: a function call (`exec_command {cmd}`), a freeform custom tool call
 * (`apply_patch` with the patch text as its input), or an assistant message. */
export type CodexTurn =
  | { tool: string; args: Record<string, unknown> }
  | { custom: string; input: string }
  | { text: string };

export interface ResponsesItem {
  type?: string;
  role?: string;
  content?: unknown;
  name?: string;
  arguments?: string;
  input?: string;
  call_id?: string;
  output?: unknown;
  [k: string]: unknown;
}
export interface ResponsesBody {
  model?: string;
  instructions?: string;
  input?: ResponsesItem[];
  tools?: Array<{ type?: string; name?: string; [k: string]: unknown }>;
  stream?: boolean;
  [k: string]: unknown;
}

export interface CodexRequest {
  path: string;
  body: ResponsesBody;
  /** Whether the request offered tools (the agent's main loop), so it took a turn of the script. */
  conversation: boolean;
}

export interface CodexServer {
  url: string;
  requests: CodexRequest[];
  /** Conversation requests only, in order. */
  conversation(): CodexRequest[];
  close(): Promise<void>;
}

const sse = (res: ServerResponse, data: { type: string; [k: string]: unknown }): void => {
  res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
};

function itemOf(turn: CodexTurn, id: string): ResponsesItem {
  if ('text' in turn) return { type: 'message', id: `msg_${id}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: turn.text, annotations: [] }] };
  if ('custom' in turn) return { type: 'custom_tool_call', id: `ctc_${id}`, status: 'completed', call_id: `call_${id}`, name: turn.custom, input: turn.input };
  return { type: 'function_call', id: `fc_${id}`, status: 'completed', call_id: `call_${id}`, name: turn.tool, arguments: JSON.stringify(turn.args) };
}

function streamTurn(res: ServerResponse, turn: CodexTurn, n: number): void {
  const id = `resp_${n}`;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  sse(res, { type: 'response.created', response: { id, object: 'response', status: 'in_progress', output: [] } });
  const item = itemOf(turn, String(n));
  sse(res, { type: 'response.output_item.done', output_index: 0, item });
  sse(res, {
    type: 'response.completed',
    response: { id, object: 'response', status: 'completed', output: [item], usage: { input_tokens: 1, input_tokens_details: { cached_tokens: 0 }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 2 } },
  });
  res.end();
}

/** A turn made from the request it answers (e.g. to name the session id a previous tool output gave). */
export type CodexStep = CodexTurn | ((request: CodexRequest) => CodexTurn);

/** Starts the server. `script` gives the turns of the conversation in order; once it runs out, "Done." */
export async function startCodexServer(script: CodexStep[]): Promise<CodexServer> {
  const requests: CodexRequest[] = [];
  let turns = 0;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = req.url ?? '';
      if (process.env.MODEL_DEBUG) process.stderr.write(`codex-server: ${req.method} ${path} ${raw.slice(0, Number(process.env.MODEL_DEBUG) || 0)}\n`);
      if (req.method !== 'POST' || !path.startsWith('/v1/responses')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `not scripted: ${req.method} ${path}` } }));
        return;
      }
      let body: ResponsesBody = {};
      try {
        body = JSON.parse(raw) as ResponsesBody;
      } catch {
        // recorded as empty
      }
      const conversation = Array.isArray(body.tools) && body.tools.length > 0;
      const request = { path, body, conversation };
      requests.push(request);
      const step = conversation ? (script[turns++] ?? { text: 'Done.' }) : { text: 'ok' };
      streamTurn(res, typeof step === 'function' ? step(request) : step, requests.length);
    })().catch(() => res.destroy());
  });
  return listen(server, requests);
}

/** Every text the model was shown in a request (instructions, input messages, tool outputs, hook context). */
export const codexSeenText = (r: CodexRequest): string => stringsOf([r.body.instructions, r.body.input]);

/** The outputs of the tool calls in a request's input, in order (function and custom tool call outputs). */
export const toolOutputs = (r: CodexRequest): string[] =>
  (r.body.input ?? []).filter((i) => i.type === 'function_call_output' || i.type === 'custom_tool_call_output').map((i) => stringsOf(i.output));

/** The text of one input message (its content parts' text, joined by newlines). */
export const messageText = (i: ResponsesItem): string =>
  Array.isArray(i.content) ? (i.content as Array<{ text?: unknown }>).map((c) => (typeof c.text === 'string' ? c.text : '')).join('\n') : typeof i.content === 'string' ? i.content : '';
