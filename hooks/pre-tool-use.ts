// Claude Code hook entry: pre-tool-use. Bundled to dist/hooks/pre-tool-use.js with only its own route; all logic lives in lib/.
import { main } from '../lib/hook/main.js';
import { preToolUseRouter } from '../lib/hook/routers.js';

void main('pre-tool-use', { PreToolUse: preToolUseRouter });
