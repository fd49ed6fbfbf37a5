// KETER orchestration adapter: pick the orchestrator for a config, consult it once per decision.

import type { KeterConfig } from '../config/types.js';
import { createEmbeddedKeter } from './embedded.js';
import { createHttpKeter } from './http.js';
import type { Orchestrator } from './types.js';

/** mode off → null (consultKeter then records 'disabled'). Never throws: config problems surface as 'error: …' per call. */
export function createOrchestrator(cfg: KeterConfig): Orchestrator | null {
  switch (cfg.mode) {
    case 'off':
      return null;
    case 'embedded':
      return createEmbeddedKeter(cfg);
    case 'http':
      if (!cfg.url) return failing('keter:http', 'keter.mode is http but keter.url is not set');
      return createHttpKeter(cfg.headers ? { url: cfg.url, headers: cfg.headers } : { url: cfg.url });
    default:
      return failing('keter', `unknown keter.mode ${JSON.stringify((cfg as { mode?: unknown }).mode)}`);
  }
}

function failing(name: string, message: string): Orchestrator {
  return { name, consult: () => Promise.reject(new Error(message)) };
}
