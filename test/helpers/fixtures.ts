// The Claude Code stdin fixtures (real shapes) and their expected outcomes under hookwarden's policy.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { hookForEvent, type HookName } from '../../lib/hook/hooks.js';
import { ROOT } from './registry.js';

export const FIXTURE_DIR = join(ROOT, 'test', 'fixtures', 'claude-code');

export interface Expectation {
  exit: number;
  verdict?: string;
  stdout?: string;
  context?: string;
  rule?: string;
  hook?: HookName;
}

export interface Fixture {
  name: string;
  hook: HookName;
  stdin: string;
  expect: Expectation;
}

export function loadFixtures(): Fixture[] {
  const expected = JSON.parse(readFileSync(join(FIXTURE_DIR, 'expected.json'), 'utf8')) as Record<string, Expectation>;
  return readdirSync(FIXTURE_DIR)
    .filter((f) => f !== 'expected.json')
    .sort()
    .map((f) => {
      const name = f.replace(/\.(json|txt)$/, '');
      const stdin = readFileSync(join(FIXTURE_DIR, f), 'utf8');
      const exp = expected[name];
      if (!exp) throw new Error(`fixture ${f} has no expectation in expected.json`);
      const event = f.endsWith('.json') ? (JSON.parse(stdin) as { hook_event_name: string }).hook_event_name : '';
      const hook = exp.hook ?? hookForEvent(event);
      if (!hook) throw new Error(`fixture ${f}: cannot tell which hook it is for`);
      return { name, hook, stdin, expect: exp };
    });
}

/** Environment for hook processes under test: a private state dir, a fixed HOME, no CA bundle start-up cost. */
export function hookEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOOKWARDEN_HOME: home, HOME: '/home/dev' };
  delete env.NODE_EXTRA_CA_CERTS;
  delete env.CLAUDE_PROJECT_DIR;
  delete env.HOOKWARDEN_PATTERNS_DIR;
  delete env.HOOKWARDEN_MANAGED_DIR;
  return env;
}
