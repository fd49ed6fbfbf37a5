// What `hookwarden ship` and `hookwarden serve` need to start a shipper: the user's own config (a project's files
// never choose where decisions go), the endpoint (HOOKWARDEN_OTLP_ENDPOINT first), this machine's host.id.

import { hookwardenHome } from '../audit/paths.js';
import { loadConfig } from '../config/load.js';
import type { HookwardenConfig } from '../config/types.js';
import { hostId } from '../export/host-id.js';
import { shipSettings, type ShipSettings } from '../export/settings.js';
import { userConfigFile } from '../serve/auth.js';

export interface ShipSetup {
  home: string;
  settings: ShipSettings;
  hostId: string;
}

/** The setup; undefined when no endpoint is configured; a one-line problem when the config cannot be used. */
export function shipSetup(env: NodeJS.ProcessEnv, loaded?: { config: HookwardenConfig; issues: string[] }): ShipSetup | { problem: string } | undefined {
  const home = hookwardenHome(env, () => env.HOME || '/');
  const configFile = userConfigFile(env);
  const cfg = loaded ?? loadConfig([configFile]);
  const s = shipSettings(cfg.config, env, configFile);
  if (s === undefined) {
    // A config file the shipper could not read would otherwise read as "no endpoint".
    return cfg.issues[0] ? { problem: cfg.issues[0] } : undefined;
  }
  if ('problem' in s) return s;
  return { home, settings: s, hostId: hostId(home) };
}
