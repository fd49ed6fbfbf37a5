// Claude Code hook entry: pre-tool-use. Bundled to dist/hooks/pre-tool-use.js; all logic lives in lib/hook/run-hook.ts.
import { main } from '../lib/hook/main.js';

void main('pre-tool-use');
