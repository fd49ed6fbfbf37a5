// Claude Code hook entry: session-start. Bundled to dist/hooks/session-start.js; all logic lives in lib/hook/run-hook.ts.
import { main } from '../lib/hook/main.js';

void main('session-start', {});
