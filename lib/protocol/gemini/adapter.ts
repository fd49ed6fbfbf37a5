// Gemini CLI: its stdin mapped to hookwarden's events (parse.ts), decisions in its output shape (render.ts).

import type { Adapter } from '../adapter.js';
import { geminiToEvent } from './parse.js';
import { renderGemini, renderGeminiSessionStart } from './render.js';

export const gemini: Adapter = {
  name: 'gemini',
  toEvent: geminiToEvent,
  render: renderGemini,
  renderSessionStart: renderGeminiSessionStart,
};
