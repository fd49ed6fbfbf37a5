// The adapter of each agent host (lib/protocol/adapter.ts).

import type { Adapter, AgentName } from './adapter.js';
import { claudeCode } from './claude-code/adapter.js';
import { codex } from './codex/adapter.js';
import { copilot } from './copilot/adapter.js';
import { cursor } from './cursor/adapter.js';
import { droid } from './droid/adapter.js';
import { qwen } from './qwen/adapter.js';
import { gemini } from './gemini/adapter.js';
import { opencode } from './opencode/adapter.js';

const ADAPTERS: Record<AgentName, Adapter> = { 'claude-code': claudeCode, gemini, codex, copilot, qwen, droid, cursor, opencode };

export const adapterFor = (agent: AgentName | undefined): Adapter => ADAPTERS[agent ?? 'claude-code'];
