// Claude Code hook entry: stop. Bundled to dist/hooks/stop.js with only its own route; all logic lives in lib/.
import { main } from '../lib/hook/main.js';
import { stopRouter } from '../lib/hook/routers.js';

void main('stop', { Stop: stopRouter });
