// Claude Code hook entry: user-prompt. Bundled to dist/hooks/user-prompt.js; all logic lives in lib/hook/run-hook.ts.
import { main } from '../lib/hook/main.js';

void main('user-prompt');
