// What install --managed and uninstall --managed make of one managed file's text: hookwarden's entries added (each
// event brought to exactly one entry of ours, by the same profiles the user-level install uses) or removed, and the
// managed-hooks-only switch set where the agent has one and it was asked for. Pure: text in, text (or "remove the
// file") out; lib/cli/managed/write.ts puts it on disk.

import { installCursorHooks, removeCursorHooks, type CursorHooksFile } from '../hosts/cursor.js';
import { PROFILES } from '../hosts/table.js';
import { installHooks, removeHooks, type HostProfile } from '../settings.js';
import { type HookPlace } from '../hook-command.js';
import type { ManagedTarget } from './targets.js';
import { installCopilotPolicy, removeCopilotPolicy } from './copilot.js';
import { codexBlock, installToml, removeToml } from './toml.js';

type Json = Record<string, unknown>;

export interface Edit {
  /** The new text, or null: remove the file (hookwarden's own file, nothing of ours left in it). */
  text: string | null;
  /** Entries (and switches) added, replaced or removed; 0: nothing to do. */
  changed: number;
  /** uninstall: what is left, as text, even when the file goes (a backup holding the same is restored instead). */
  left?: string;
}

const profileOf = (t: ManagedTarget): HostProfile => {
  const p = PROFILES[t.host];
  if (!p) throw new Error(`no hook profile for ${t.host}`);
  return p;
};

function parse(file: string, text: string | null): Json {
  if (text === null || !text.trim()) return {};
  const json = JSON.parse(text) as unknown;
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error(`${file} is not a JSON object`);
  return json as Json;
}

const serialise = (json: Json): string => `${JSON.stringify(json, null, 2)}\n`;

/** The switch key set (only) or taken away (not asked for, and the file is hookwarden's own: the key is ours). */
function withSwitch(t: ManagedTarget, json: Json, only: boolean): { json: Json; changed: number } {
  if (!('key' in t.onlySwitch)) return { json, changed: 0 };
  const key = t.onlySwitch.key;
  if (only && json[key] !== true) return { json: { ...json, [key]: true }, changed: 1 };
  if (!only && t.own && key in json) {
    const { [key]: _gone, ...rest } = json;
    return { json: rest, changed: 1 };
  }
  return { json, changed: 0 };
}

export type InstallEdit = Edit | { refused: string };

/** install --managed on one file's current text (null: no file yet). `node`: the absolute node Cursor's entries name. */
export function installEdit(t: ManagedTarget, file: string, text: string | null, place: HookPlace, node: string, only: boolean): InstallEdit {
  if (t.format === 'toml') {
    const profile = profileOf(t);
    const r = installToml(text ?? '', codexBlock(profile, (hook) => profile.command(place, hook)), only);
    if ('refused' in r) return { refused: `${file}: ${r.refused}` };
    return { text: r.text, changed: r.changed ? 1 : 0 };
  }
  const parsed = parse(file, text);
  const current = t.header && !Object.keys(t.header).every((k) => k in parsed) ? { ...t.header, ...parsed } : parsed;
  const hooks = t.format === 'cursor' ? installCursorHooks(current as CursorHooksFile, place, node) : t.format === 'copilot' ? installCopilotPolicy(current, place) : installHooks(current, place, { mode: 'command' }, profileOf(t));
  const next = 'file' in hooks ? (hooks.file as Json) : 'json' in hooks ? hooks.json : (hooks.settings as Json);
  const sw = withSwitch(t, next, only);
  const changed = hooks.changed + sw.changed;
  return { text: changed ? serialise(sw.json) : text, changed };
}

/** Whether a JSON file is left with nothing in it (its header keys alone count as nothing). */
const empty = (t: ManagedTarget, json: Json): boolean => Object.keys(json).every((k) => t.header !== undefined && k in t.header);

/** uninstall --managed on one file's current text: exactly hookwarden's entries (and its switch) go. */
export function uninstallEdit(t: ManagedTarget, file: string, text: string | null): Edit {
  if (text === null) return { text: null, changed: 0 };
  if (t.format === 'toml') {
    const r = removeToml(text);
    return { text: r.text === '' ? null : r.text, changed: r.removed, left: r.text };
  }
  const current = parse(file, text);
  const r = t.format === 'cursor' ? removeCursorHooks(current as CursorHooksFile) : t.format === 'copilot' ? removeCopilotPolicy(current) : removeHooks(current);
  let next = ('file' in r ? r.file : 'json' in r ? r.json : r.settings) as Json;
  let changed = r.changed;
  if (t.own && 'key' in t.onlySwitch && t.onlySwitch.key in next) {
    const { [t.onlySwitch.key]: _gone, ...rest } = next;
    next = rest;
    changed++;
  }
  if (!changed) return { text, changed: 0 };
  return { text: empty(t, next) ? null : serialise(next), changed, left: serialise(next) };
}

/** Whether two texts of this format hold the same (an admin's file is then restored byte for byte): TOML by its
 * bytes, JSON by its value. */
export function sameContent(t: ManagedTarget, a: string, b: string): boolean {
  if (t.format === 'toml') return a === b;
  try {
    return JSON.stringify(sortKeys(JSON.parse(a))) === JSON.stringify(sortKeys(JSON.parse(b)));
  } catch {
    return false;
  }
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => [k, sortKeys(x)]));
  return v;
}
