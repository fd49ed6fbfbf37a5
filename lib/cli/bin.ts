// CLI entry (bundled to dist/cli.js, package bin `hookwarden`).
import { processIO } from './io.js';
import { runCli } from './main.js';

const io = processIO();
runCli(process.argv.slice(2), io).then(
  (code) => process.exit(code),
  () => process.exit(1),
);
