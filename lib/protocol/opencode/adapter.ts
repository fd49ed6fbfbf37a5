// OpenCode: the JSON hookwarden's plugin sends (parse.ts), the answers it turns into a throw or a rewrite (render.ts).

import type { Adapter } from '../adapter.js';
import { openCodeToEvent } from './parse.js';
import { renderOpenCode, renderOpenCodeSessionStart } from './render.js';

export const opencode: Adapter = {
  name: 'opencode',
  // No hook-level ask in OpenCode 1.18: asks are decided by askFallback (deny with how to approve, by default).
  canAsk: false,
  toEvent: openCodeToEvent,
  render: renderOpenCode,
  renderSessionStart: renderOpenCodeSessionStart,
};
