// Bundle-time stand-in for worker_threads as pino reads it (only `isMainThread`): hook processes never run
// pino in a worker, and loading worker_threads costs start-up time.
'use strict';
module.exports = { isMainThread: true };
