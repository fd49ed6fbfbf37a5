// Each agent's managed (system-wide, admin-owned) hook location, relative to a root (`/` on a real machine, a scratch
// folder in tests and for staging an image), its format, and its "managed hooks only" switch (docs/team.md,
// "Deploying to a fleet"). What each agent reads there was checked in its shipped package:
//  - Claude Code reads /etc/claude-code/managed-settings.json and every managed-settings.d/*.json beside it (2.1.332,
//    seen: a drop-in alone carries hooks), so hookwarden writes its own drop-in and never rewrites the admin's file.
//  - Codex reads [hooks] tables and the top-level allow_managed_hooks_only from /etc/codex/requirements.toml.
//  - Gemini CLI reads the system settings /etc/gemini-cli/settings.json (hooks in the user settings' shape).
//  - Copilot CLI reads /etc/github-copilot/policy.d/*.json, only when root-owned and not group/world-writable, and
//    skips a document without `version` (1.0.102, seen: "failed schema validation — skipped: version: Required").
//  - Cursor reads /etc/cursor/hooks.json ({"version":1,"hooks":{…}}).

import { join } from 'node:path';
import type { AgentName } from '../../vocab/agents.js';

export type ManagedAgent = 'claude' | 'codex' | 'gemini' | 'copilot' | 'cursor';
export const MANAGED_AGENTS: readonly ManagedAgent[] = ['claude', 'codex', 'gemini', 'copilot', 'cursor'];

export interface ManagedTarget {
  agent: ManagedAgent;
  /** The host hookwarden's hooks are told they answer (`--agent`), and whose profile writes the entries. */
  host: AgentName;
  /** The file under the root, as path segments. */
  path: readonly string[];
  /** How the file is edited: Claude-style hook groups in JSON, Cursor's flat lists, Copilot's flat native specs, or
   * Codex's TOML tables. */
  format: 'groups' | 'cursor' | 'copilot' | 'toml';
  /** Whether the file is hookwarden's own (a drop-in or policy file): removed whole once nothing of ours is left. */
  own: boolean;
  /** The managed-hooks-only switch, or why the agent has none. */
  onlySwitch: { key: string } | { none: string };
  /** Keys the file must start with (Copilot refuses a policy document without `version`); a file left holding only
   * them holds nothing of anyone's. */
  header?: Readonly<Record<string, unknown>>;
}

export const TARGETS: Record<ManagedAgent, ManagedTarget> = {
  claude: { agent: 'claude', host: 'claude-code', path: ['etc', 'claude-code', 'managed-settings.d', 'hookwarden.json'], format: 'groups', own: true, onlySwitch: { key: 'allowManagedHooksOnly' } },
  codex: { agent: 'codex', host: 'codex', path: ['etc', 'codex', 'requirements.toml'], format: 'toml', own: false, onlySwitch: { key: 'allow_managed_hooks_only' } },
  gemini: { agent: 'gemini', host: 'gemini', path: ['etc', 'gemini-cli', 'settings.json'], format: 'groups', own: false, onlySwitch: { none: 'Gemini CLI has no managed-hooks-only switch: user and project hooks still run beside the system ones' } },
  copilot: { agent: 'copilot', host: 'copilot', path: ['etc', 'github-copilot', 'policy.d', 'hookwarden.json'], format: 'copilot', own: true, onlySwitch: { key: 'allowManagedHooksOnly' }, header: { version: 1 } },
  cursor: { agent: 'cursor', host: 'cursor', path: ['etc', 'cursor', 'hooks.json'], format: 'cursor', own: false, onlySwitch: { none: 'Cursor has no managed-hooks-only switch in hooks.json: user and project hooks still run beside the enterprise ones' }, header: { version: 1 } },
};

/** The agent an `--agent` value names (`claude-code` is accepted for `claude`), or null. */
export function managedAgent(name: string): ManagedAgent | null {
  if (name === 'claude-code') return 'claude';
  return (MANAGED_AGENTS as readonly string[]).includes(name) ? (name as ManagedAgent) : null;
}

export const managedFile = (t: ManagedTarget, root: string): string => join(root, ...t.path);

/** The root the managed files are read under: `/`, or HOOKWARDEN_MANAGED_ROOT (a scratch root standing in for it). */
export const managedRoot = (env: NodeJS.ProcessEnv): string => env.HOOKWARDEN_MANAGED_ROOT || '/';
