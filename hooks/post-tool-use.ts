// Claude Code hook entry: post-tool-use (PostToolUse and PostToolUseFailure). Bundled to dist/hooks/post-tool-use.js with only its own route; all logic lives in lib/.
import { main } from '../lib/hook/main.js';
import { postToolUseFailureRouter, postToolUseRouter } from '../lib/hook/routers.js';

void main('post-tool-use', { PostToolUse: postToolUseRouter, PostToolUseFailure: postToolUseFailureRouter });
