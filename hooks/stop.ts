// Claude Code hook entry: stop. Bundled to dist/hooks/stop.js; all logic lives in lib/hook/run-hook.ts.
import { main } from '../lib/hook/main.js';

void main('stop');
