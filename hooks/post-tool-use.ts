// Claude Code hook entry: post-tool-use. Bundled to dist/hooks/post-tool-use.js; all logic lives in lib/hook/run-hook.ts.
import { main } from '../lib/hook/main.js';

void main('post-tool-use');
