// Built-in configuration. Every value here is what a fresh install runs with; docs/configuration.md explains each.

import type { HookwardenConfig } from './types.js';

export const DEFAULT_CONFIG: HookwardenConfig = {
  keter: {
    mode: 'embedded',
    timeoutMs: 300,
    eScore: 0.5,
    tiers: [
      { name: 'OBSERVER', min: 0 },
      { name: 'APPRENTICE', min: 0.2 },
      { name: 'BUILDER', min: 0.4 },
      { name: 'TRUSTED', min: 0.6 },
      { name: 'MASTER', min: 0.8 },
    ],
    // One matrix: trust tier × action risk → intervention level.
    matrix: {
      OBSERVER: { none: 'silent', low: 'notify', medium: 'ask', high: 'block', critical: 'block' },
      APPRENTICE: { none: 'silent', low: 'notify', medium: 'notify', high: 'ask', critical: 'block' },
      BUILDER: { none: 'silent', low: 'silent', medium: 'notify', high: 'notify', critical: 'block' },
      TRUSTED: { none: 'silent', low: 'silent', medium: 'silent', high: 'notify', critical: 'block' },
      MASTER: { none: 'silent', low: 'silent', medium: 'silent', high: 'notify', critical: 'ask' },
    },
    toolRisk: {
      '<prompt>': 'none',
      Read: 'none',
      Glob: 'none',
      Grep: 'none',
      LS: 'none',
      TodoWrite: 'none',
      WebSearch: 'none',
      Bash: 'low',
      Write: 'low',
      Edit: 'low',
      MultiEdit: 'low',
      NotebookEdit: 'low',
      WebFetch: 'low',
      '*': 'low',
    },
  },
  onInternalError: 'ask',
  suggestAgents: true,
  maxSuggestions: 2,
  autoAllowReadOnly: false,
  nonInteractive: 'rewrite',
  outsideProjectWrites: 'ask',
  trustedRoots: [],
  secretlint: true,
  session: {
    ttlHours: 24,
    maxSessions: 200,
    verifyAfterWrite: 'block',
    phantomClaims: 'block',
    rememberApprovals: 'session',
    readOnlyCues: true,
    readOnlyPrefix: 'ro:',
    readWritePrefix: 'rw:',
  },
  memory: {
    enabled: true,
    pendingTtl: '24h',
    maxFacts: 200,
    maxFactChars: 500,
    maxAgeDays: 365,
    injectMaxChars: 2000,
    userStore: false,
  },
};
