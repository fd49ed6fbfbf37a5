// Bundle-time stand-in for thread-stream (pino's worker transports). hookwarden writes its audit through a
// synchronous sonic-boom destination, so transports are never used; loading them cost worker_threads + assert
// on every hook start.
'use strict';
module.exports = function ThreadStream() {
  throw new Error('pino transports are not available in hookwarden bundles (the audit uses a synchronous destination)');
};
