// Bundle-time stand-in for node:assert as sonic-boom uses it (one `assert(value, message)` call). The real
// module initialises process.stderr and colour detection (~4 ms per hook start).
'use strict';
module.exports = function assert(value, message) {
  if (!value) throw new Error(message);
};
