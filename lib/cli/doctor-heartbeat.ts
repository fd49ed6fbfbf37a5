// doctor: when each installed hook last ran, from its heartbeat (lib/hook/heartbeat.ts: the mtime of
// `$HOOKWARDEN_HOME/heartbeat/<host>.<event>.<mode>`), said in the user's local time. A hook installed but never
// called is flagged: the host has not run it (not trusted, not restarted, hooks disabled, another settings file).

import { statSync } from 'node:fs';
import { join } from 'node:path';

/** hookwarden's event for a host's event name: the same name, else by the hook it runs. */
const BY_HOOK: Record<string, string> = { 'user-prompt': 'UserPromptSubmit', 'pre-tool-use': 'PreToolUse', 'post-tool-use': 'PostToolUse', stop: 'Stop', 'session-start': 'SessionStart' };
const OWN = new Set(['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'Stop', 'SessionStart']);
export const hookwardenEvent = (hostEvent: string, hook: string): string =>
  OWN.has(hostEvent) ? hostEvent : /^postToolUseFailure$/i.test(hostEvent) ? 'PostToolUseFailure' : (BY_HOOK[hook] ?? hostEvent);

/** The last call's time (ms) of one host, event and mode, or undefined when it never ran. */
export function lastCall(home: string, host: string, event: string, mode: 'command' | 'http'): number | undefined {
  try {
    return statSync(join(home, 'heartbeat', `${host}.${event}.${mode}`)).mtimeMs;
  } catch {
    return undefined;
  }
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** "3 min ago (14:05)", in local time; the date too when it was not today. */
export function ago(then: number, now: number): string {
  const s = Math.max(0, Math.round((now - then) / 1000));
  const d = new Date(then);
  const clock = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const today = new Date(now).toDateString() === d.toDateString();
  const when = today ? clock : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${clock}`;
  const rel = s < 60 ? `${s} s ago` : s < 3600 ? `${Math.floor(s / 60)} min ago` : s < 172_800 ? `${Math.floor(s / 3600)} h ago` : `${Math.floor(s / 86_400)} days ago`;
  return `${rel} (${when})`;
}

/** One phrase for an installed hook: when it last ran, or that it never did. */
export function ranPhrase(home: string, host: string, event: string, mode: 'command' | 'http', now: number): { ran: boolean; text: string } {
  const t = lastCall(home, host, event, mode);
  return t === undefined ? { ran: false, text: 'installed but never called' } : { ran: true, text: `last ran ${ago(t, now)}` };
}
