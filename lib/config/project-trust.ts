// A cloned repository must not switch the guard off. A project's `.hookwarden/config.json` may tighten what the
// user's config (or the defaults) say, never loosen it, unless the user's own config trusts that project by path
// (`trustedProjects`). Each guarded setting has an order from loosest to strictest; a project value looser than
// the one it would replace is ignored, and named. Settings that are not part of the guard (the router, prune
// housekeeping) are the project's to set. docs/configuration.md has the table and its reasons.

import { resolve } from 'node:path';
import { parseDuration } from '../vocab/duration.js';
import { lazy } from '../vocab/lazy.js';
import type { HookwardenConfig } from './types.js';

/** Whether `projectDir` is one of the user's trusted projects (or inside one). `~/…` entries are under `home`. */
export function isTrustedProject(projectDir: string, trustedProjects: readonly string[], home: string): boolean {
  const dir = resolve(projectDir);
  return trustedProjects.some((entry) => {
    const root = resolve(entry === '~' ? home : entry.startsWith('~/') ? `${home}/${entry.slice(2)}` : entry);
    return dir === root || dir.startsWith(root === '/' ? '/' : `${root}/`);
  });
}

/** Loosest first: a later value is stricter. */
const ORDERS = {
  onInternalError: ['ask', 'deny'],
  nonInteractive: ['off', 'rewrite', 'ask'],
  outsideProjectWrites: ['off', 'warn', 'ask'],
  askFallback: ['allow', 'ask', 'deny'],
  nudge: ['off', 'remind', 'block'],
  on: [true, false],
  off: [false, true],
} as const;

type Order = readonly unknown[];
const rank = (order: Order, v: unknown): number => order.indexOf(v);
const looser = (order: Order, base: unknown, next: unknown): boolean => rank(order, next) < rank(order, base);

/** How long an approval is remembered: off is the strictest, the session the loosest. */
const approvalSpan = (v: string): number => (v === 'off' ? 0 : v === 'session' ? Infinity : (parseDuration(v) ?? Infinity));
/** How long audit files are kept: 0 keeps them forever (the strictest). */
const retention = (days: number): number => (days === 0 ? Infinity : days);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const subset = (a: readonly string[], b: readonly string[]): boolean => a.every((x) => b.includes(x));

export interface Rule {
  /** The setting's name as the user writes it. */
  name: string;
  /** Did the project's value loosen the one it replaced? */
  loosens: (base: HookwardenConfig, next: HookwardenConfig) => boolean;
  /** The config with the base's value put back. */
  restore: (base: HookwardenConfig, next: HookwardenConfig) => HookwardenConfig;
}

const top = <K extends keyof HookwardenConfig>(name: K, loosens: (b: HookwardenConfig[K], n: HookwardenConfig[K]) => boolean): Rule => ({
  name,
  loosens: (b, n) => loosens(b[name], n[name]),
  restore: (b, n) => ({ ...n, [name]: b[name] }),
});

type Sub<K extends 'session' | 'memory' | 'audit' | 'serve'> = keyof HookwardenConfig[K];
const nested = <K extends 'session' | 'memory' | 'audit' | 'serve', S extends Sub<K>>(
  group: K,
  key: S,
  loosens: (b: HookwardenConfig[K][S], n: HookwardenConfig[K][S]) => boolean,
): Rule => ({
  name: `${group}.${String(key)}`,
  loosens: (b, n) => loosens(b[group][key], n[group][key]),
  restore: (b, n) => ({ ...n, [group]: { ...n[group], [key]: b[group][key] } }),
});

// Built on first use: only a call with a project config file reads them.
const rules = lazy((): readonly Rule[] => [
  // The orchestrator decides verdicts, and in http mode receives every judged command: the project sets none of it.
  top('keter', (b, n) => !same(b, n)),
  top('onInternalError', (b, n) => looser(ORDERS.onInternalError, b, n)),
  top('autoAllowReadOnly', (b, n) => looser(ORDERS.on, b, n)),
  top('nonInteractive', (b, n) => looser(ORDERS.nonInteractive, b, n)),
  top('outsideProjectWrites', (b, n) => looser(ORDERS.outsideProjectWrites, b, n)),
  top('askFallback', (b, n) => looser(ORDERS.askFallback, b, n)),
  {
    name: 'agents',
    loosens: (b, n) =>
      (Object.keys(n.agents) as Array<keyof HookwardenConfig['agents']>).some((a) =>
        looser(ORDERS.askFallback, b.agents[a]?.askFallback ?? b.askFallback, n.agents[a]?.askFallback ?? n.askFallback),
      ),
    restore: (b, n) => ({ ...n, agents: b.agents }),
  },
  top('trustedRoots', (b, n) => !subset(n, b)),
  top('trustedProjects', (b, n) => !same(b, n)),
  top('secretlint', (b, n) => looser(ORDERS.off, b, n)),
  nested('session', 'verifyAfterWrite', (b, n) => looser(ORDERS.nudge, b, n)),
  nested('session', 'phantomClaims', (b, n) => looser(ORDERS.nudge, b, n)),
  nested('session', 'rememberApprovals', (b, n) => approvalSpan(n) > approvalSpan(b)),
  nested('session', 'readOnlyCues', (b, n) => looser(ORDERS.off, b, n)),
  nested('session', 'readOnlyPrefix', (b, n) => b !== n),
  nested('session', 'readWritePrefix', (b, n) => b !== n),
  nested('session', 'verifyIgnore', (b, n) => !subset(n, b)),
  // Memory is stored with consent; a project may turn it off, not on, and may not send facts to the user-wide store.
  nested('memory', 'enabled', (b, n) => looser(ORDERS.on, b, n)),
  nested('memory', 'userStore', (b, n) => looser(ORDERS.on, b, n)),
  nested('audit', 'retentionDays', (b, n) => retention(n) < retention(b)),
  nested('serve', 'port', (b, n) => b !== n),
  nested('serve', 'token', (b, n) => b !== n),
]);

/** The guarded setting of this name (as the user writes it: `onInternalError`, `session.verifyAfterWrite`), whose
 * order says what loosens it; undefined for a setting with no order here. The managed layer holds lower files to
 * the same orders (managed.ts). */
export const guardedSetting = (name: string): Rule | undefined => rules().find((r) => r.name === name);

/** `next` (a project file merged over `base`) with every loosened setting put back to `base`'s value, and their names. */
export function keepTighter(base: HookwardenConfig, next: HookwardenConfig): { config: HookwardenConfig; loosened: string[] } {
  let config = next;
  const loosened: string[] = [];
  for (const rule of rules()) {
    if (!rule.loosens(base, config)) continue;
    config = rule.restore(base, config);
    loosened.push(rule.name);
  }
  return { config, loosened };
}

/** The settings a project file may never set, trusted or not: which projects are trusted is the user's word. */
export function keepUserOnly(base: HookwardenConfig, next: HookwardenConfig): { config: HookwardenConfig; loosened: string[] } {
  return same(base.trustedProjects, next.trustedProjects)
    ? { config: next, loosened: [] }
    : { config: { ...next, trustedProjects: base.trustedProjects }, loosened: ['trustedProjects'] };
}
