// Claude Code is hookwarden's own event shape: stdin passes through, output is render.ts.

import type { Adapter } from '../adapter.js';
import { renderDecision, renderSessionStart } from './render.js';

export const claudeCode: Adapter = {
  name: 'claude-code',
  toEvent: (json) => json,
  render: renderDecision,
  renderSessionStart,
};
