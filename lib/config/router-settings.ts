// The settings the router runs with, from the config: `router` plus the two top-level switches. Pure and tiny, so
// the hook runner can ask whether to route without loading the router.

import type { HookwardenConfig, RouterSettings } from './types.js';

export function routerSettings(config: Pick<HookwardenConfig, 'router' | 'suggestAgents' | 'maxSuggestions'>): RouterSettings {
  return { ...config.router, enabled: config.suggestAgents && config.router.enabled && config.maxSuggestions > 0, maxSuggestions: config.maxSuggestions };
}
