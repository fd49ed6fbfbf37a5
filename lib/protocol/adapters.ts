// The adapter of each agent host (lib/protocol/adapter.ts). Claude Code's is in every hook bundle; the others are
// loaded when a command names its host (hosts.ts).

import type { Adapter, AgentName } from './adapter.js';
import { claudeCode } from './claude-code/adapter.js';
import { hostAdapter } from './hosts.js';

export const adapterFor = (agent: AgentName | undefined): Adapter => (agent === undefined || agent === 'claude-code' ? claudeCode : hostAdapter(agent));
