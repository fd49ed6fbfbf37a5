// GitHub Copilot CLI: camelCase or snake_case stdin (parse.ts), top-level permissionDecision (render.ts).

import type { Adapter } from '../adapter.js';
import { copilotToEvent } from './parse.js';
import { renderCopilot, renderCopilotSessionStart } from './render.js';

export const copilot: Adapter = {
  name: 'copilot',
  toEvent: copilotToEvent,
  render: renderCopilot,
  renderSessionStart: renderCopilotSessionStart,
};
