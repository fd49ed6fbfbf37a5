// Claude Code hook entry: post-tool-use. Bundled to dist/hooks/post-tool-use.js with only its own route; all logic lives in lib/.
import { main } from '../lib/hook/main.js';
import { postToolUseRouter } from '../lib/hook/routers.js';

void main('post-tool-use', { PostToolUse: postToolUseRouter });
