// One adapter per agent host: its hook stdin → hookwarden's event (the Claude Code shape the engine routes), and
// a decision → the host's output and exit code. The engine never imports an adapter; the hook runner picks one by
// the `--agent <name>` the installed command carries (no environment variable tells hosts apart: several set
// CLAUDE_PROJECT_DIR). docs/agents.md lists what each host cannot express and what hookwarden does instead.

import type { FinalDecision } from '../engine/types.js';
import type { HookOutput } from './text.js';
import type { SupportedEvent } from './claude-code/schema.js';
import type { AgentName } from '../vocab/agents.js';

export { AGENTS, isAgent, type AgentName } from '../vocab/agents.js';

export interface Adapter {
  name: AgentName;
  /** false: the host has no way to ask the user (Codex rejects `ask`); an ask is then decided by askFallback. */
  canAsk?: boolean;
  /** The host's stdin (parsed JSON object) as hookwarden's event, in the Claude Code shape its schemas check; null
   * for an event hookwarden does not judge (no opinion). `hookEvent`: the event of the bundle that was run, for a
   * host whose stdin does not name its event (Copilot's camelCase payload). */
  toEvent(json: Record<string, unknown>, hookEvent: SupportedEvent): Record<string, unknown> | null;
  render(event: SupportedEvent, d: FinalDecision): HookOutput;
  renderSessionStart(notice: string | undefined, context: string | undefined): HookOutput;
}
