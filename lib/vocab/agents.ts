// The agent hosts hookwarden speaks to, by the name the installed hook command carries (`--agent <name>`). The
// vocabulary sits at the bottom so the config can key settings by host and the audit can name it; each host's
// protocol lives in lib/protocol/<name>/.

export const AGENTS = ['claude-code', 'gemini', 'codex', 'copilot', 'qwen', 'droid', 'cursor', 'opencode'] as const;
export type AgentName = (typeof AGENTS)[number];

export const isAgent = (s: string): s is AgentName => (AGENTS as readonly string[]).includes(s);

/** The host an audit line or a call names; no name is Claude Code (lines written before hosts were named). */
export const agentOf = (name: string | undefined): string => name || 'claude-code';
