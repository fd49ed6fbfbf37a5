// Claude Code hook entry: user-prompt. Bundled to dist/hooks/user-prompt.js with only its own route; all logic lives in lib/.
import { main } from '../lib/hook/main.js';
import { userPromptRouter } from '../lib/hook/routers.js';

void main('user-prompt', { UserPromptSubmit: userPromptRouter });
