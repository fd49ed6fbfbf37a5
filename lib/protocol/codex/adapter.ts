// Codex CLI: Claude-shaped stdin with its patch tool mapped (parse.ts); a closed output schema (render.ts); no ask.

import type { Adapter } from '../adapter.js';
import { codexToEvent } from './parse.js';
import { renderCodex, renderCodexSessionStart } from './render.js';

export const codex: Adapter = {
  name: 'codex',
  canAsk: false,
  toEvent: codexToEvent,
  render: renderCodex,
  renderSessionStart: renderCodexSessionStart,
};
