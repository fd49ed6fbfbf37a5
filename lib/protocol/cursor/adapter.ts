// Cursor: its stdin mapped to hookwarden's events (parse.ts), decisions in its `permission` shape (render.ts).

import type { Adapter } from '../adapter.js';
import { cursorToEvent } from './parse.js';
import { renderCursor, renderCursorSessionStart } from './render.js';

export const cursor: Adapter = {
  name: 'cursor',
  // Cursor honours only `deny` everywhere (an `ask` on an allow-listed command runs it): asks are decided by
  // askFallback (deny with how to approve, by default).
  canAsk: false,
  toEvent: cursorToEvent,
  render: renderCursor,
  renderSessionStart: renderCursorSessionStart,
};
