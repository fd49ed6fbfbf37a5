// The adapters of the hosts other than Claude Code (lib/protocol/adapter.ts), by name. A hook bundle loads this
// module as a cold chunk (scripts/build-chunks.ts `hosts`) only when its command names another host with
// `--agent`: the seven adapters were ~17 KB of every hook bundle, read and deserialised on every Claude Code call.

import type { Adapter, AgentName } from './adapter.js';
import { codex } from './codex/adapter.js';
import { copilot } from './copilot/adapter.js';
import { cursor } from './cursor/adapter.js';
import { droid } from './droid/adapter.js';
import { qwen } from './qwen/adapter.js';
import { gemini } from './gemini/adapter.js';
import { opencode } from './opencode/adapter.js';

export type OtherHost = Exclude<AgentName, 'claude-code'>;

const HOSTS: Record<OtherHost, Adapter> = { gemini, codex, copilot, qwen, droid, cursor, opencode };

/** A function, not the table: a chunk's stub forwards calls, not values. */
export function hostAdapter(name: OtherHost): Adapter {
  return HOSTS[name];
}
