// Gemini CLI: its stdin mapped to hookwarden's events (parse.ts), decisions in its output shape (render.ts).

import type { Adapter } from '../adapter.js';
import { geminiToEvent } from './parse.js';
import { renderGemini, renderGeminiSessionStart } from './render.js';

export const gemini: Adapter = {
  name: 'gemini',
  // Gemini shows an ask as its confirmation dialog even with --yolo, and a headless `gemini -p` then waits for an
  // answer forever (seen in 0.61: the run never ends). Nothing in a Gemini hook's stdin or environment says the
  // session is headless, so every ask is decided by askFallback (deny with how to approve, by default).
  canAsk: false,
  toEvent: geminiToEvent,
  render: renderGemini,
  renderSessionStart: renderGeminiSessionStart,
};
