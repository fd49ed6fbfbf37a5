// A scripted model on 127.0.0.1 that speaks the Gemini API (generativelanguage v1beta), for running the real
// Gemini CLI offline. Every request body is recorded. The conversation requests (streamGenerateContent offering
// tools: the agent's main loop) get the script's next turn as one SSE event holding a whole
// GenerateContentResponse; the model router's generateContent call gets the JSON it wants; anything else a short
// text. Assertions read the recording: what the model saw, not what a hook printed.

import { createServer, type Server, type ServerResponse } from 'node:http';
import { listen, readBody, stringsOf } from './model-server.js';

/** The script speaks Gemini's own tool names and arguments, e.g. run_shell_command {command, description}. */
export type GeminiTurn =
  | { tool: string; args: Record<string, unknown> }
  | { tools: Array<{ tool: string; args: Record<string, unknown> }> }
  | { text: string };

export interface GeminiPart {
  text?: string;
  functionCall?: { name: string; args?: Record<string, unknown>; id?: string };
  functionResponse?: { name: string; id?: string; response?: Record<string, unknown> };
  [k: string]: unknown;
}
export interface GeminiContent {
  role?: string;
  parts?: GeminiPart[];
}
export interface GenerateContentBody {
  contents?: GeminiContent[];
  systemInstruction?: unknown;
  tools?: Array<{ functionDeclarations?: unknown[] }>;
  generationConfig?: unknown;
  [k: string]: unknown;
}

export interface GeminiRequest {
  /** The URL path with its query, e.g. /v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse */
  path: string;
  /** The model named in the path. */
  model: string;
  /** The method after the colon: streamGenerateContent, generateContent, countTokens… */
  method: string;
  body: GenerateContentBody;
  /** Whether the request offered tools (the agent's main loop), so it took a turn of the script. */
  conversation: boolean;
}

export interface GeminiServer {
  url: string;
  requests: GeminiRequest[];
  /** Conversation requests only, in order. */
  conversation(): GeminiRequest[];
  close(): Promise<void>;
}

const ROUTE = /^\/v1beta\/models\/([^:/?]+):([A-Za-z]+)/;

function candidate(parts: GeminiPart[]) {
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
    modelVersion: 'scripted',
  };
}

function partsOf(turn: GeminiTurn): GeminiPart[] {
  if ('text' in turn) return [{ text: turn.text }];
  const calls = 'tools' in turn ? turn.tools : [turn];
  return calls.map((c) => ({ functionCall: { name: c.tool, args: c.args } }));
}

/** What the CLI's model router asks for (a complexity judgement as JSON text): any answer will do. */
const ROUTER_ANSWER = JSON.stringify({ complexity_reasoning: 'A scripted test turn.', complexity_score: 10 });

const json = (res: ServerResponse, status: number, data: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
};

/** Starts the server. `script` gives the turns of the conversation in order; once it runs out, "Done." */
export async function startGeminiServer(script: GeminiTurn[]): Promise<GeminiServer> {
  const requests: GeminiRequest[] = [];
  let turns = 0;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = req.url ?? '';
      if (process.env.MODEL_DEBUG) process.stderr.write(`gemini-server: ${req.method} ${path}\n`);
      const route = ROUTE.exec(path);
      if (req.method !== 'POST' || !route) {
        json(res, 404, { error: { code: 404, message: `not scripted: ${req.method} ${path}`, status: 'NOT_FOUND' } });
        return;
      }
      const [, model = '', method = ''] = route;
      let body: GenerateContentBody = {};
      try {
        body = JSON.parse(raw) as GenerateContentBody;
      } catch {
        // recorded as empty
      }
      if (method === 'countTokens') {
        json(res, 200, { totalTokens: 1 });
        return;
      }
      const conversation = method === 'streamGenerateContent' && Array.isArray(body.tools) && body.tools.some((t) => (t.functionDeclarations?.length ?? 0) > 0);
      requests.push({ path, model, method, body, conversation });
      const parts = conversation ? partsOf(script[turns++] ?? { text: 'Done.' }) : [{ text: method === 'generateContent' ? ROUTER_ANSWER : 'ok' }];
      if (method === 'streamGenerateContent') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.end(`data: ${JSON.stringify(candidate(parts))}\n\n`);
        return;
      }
      json(res, 200, candidate(parts));
    })().catch(() => res.destroy());
  });
  return listen(server, requests);
}

/** Every text the model was shown in a request (prompt text, function responses, hook context), flattened. */
export const geminiSeenText = (r: GeminiRequest): string => stringsOf(r.body.contents);

/** The function responses in a request, in order. */
export const functionResponses = (r: GeminiRequest): NonNullable<GeminiPart['functionResponse']>[] =>
  (r.body.contents ?? []).flatMap((c) => c.parts ?? []).flatMap((p) => (p.functionResponse ? [p.functionResponse] : []));
