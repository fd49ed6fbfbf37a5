// hookwarden serve: the local daemon answering Claude Code "http" hooks (lib/serve/server.ts, docs/daemon.md).

import { loadConfig } from '../../config/load.js';
import { oneLine } from '../../errors.js';
import { ENGINE_VERSION } from '../../hook/main.js';
import { hookwardenHome } from '../../audit/paths.js';
import { TOKEN_PATTERN, userConfigFile } from '../../serve/auth.js';
import { startDaemon } from '../../serve/server.js';
import { startBundlePoll } from '../../serve/bundle-poll.js';
import { ship } from '../../export/shipper.js';
import { argProblem, parseArgs, usageError, noArgument, type Command } from '../io.js';
import { shipSetup } from '../ship-setup.js';

const USAGE =
  'hookwarden serve [--port N] [--log-requests]\n' +
  '  Answers Claude Code http hooks on http://127.0.0.1:<port>/hooks/<hook> (port: --port, else serve.port in\n' +
  '  $HOOKWARDEN_HOME/config.json, else 7437; --port 0 picks a free one). Requests need the bearer token in\n' +
  '  serve.token there (`hookwarden install --mode http` makes one). GET /healthz needs none.\n' +
  '  Stops on SIGTERM/SIGINT after answering the requests in flight. --log-requests: one line per request.\n' +
  '  With export.otlp.endpoint (or HOOKWARDEN_OTLP_ENDPOINT) it also ships the audit, as `hookwarden ship` does.\n' +
  'hookwarden serve --print-token\n' +
  '  Prints the token, e.g. for: export HOOKWARDEN_TOKEN="$(hookwarden serve --print-token)"';

export const serveCommand: Command = {
  name: 'serve',
  summary: 'run the local daemon answering Claude Code http hooks (127.0.0.1 only)',
  usage: USAGE,
  async run(args, io) {
    const spec = { flags: ['print-token', 'log-requests'], options: ['port'] };
    const a = parseArgs(args, spec);
    const portArg = a.options.get('port');
    const port = portArg === undefined ? undefined : Number(portArg);
    const problem =
      argProblem(a.unknown, spec) ??
      (port !== undefined && !(/^\d+$/.test(portArg as string) && port <= 65_535) ? `--port "${portArg}" is not a port; use a number from 0 to 65535 (0 picks a free one)` : undefined) ??
      noArgument(a.positionals);
    if (problem) return usageError(io, 'serve', problem);
    // Only the user's own config: the daemon serves every project, and a project's files must not choose its
    // token or port.
    const configFile = userConfigFile(io.env);
    const cfg = loadConfig([configFile]);
    const token = cfg.config.serve.token;
    if (!token || !TOKEN_PATTERN.test(token)) {
      const why = cfg.issues[0] ? ` (${cfg.issues[0]})` : '';
      io.err(`hookwarden serve: no token in ${configFile} (serve.token)${why}; run \`hookwarden install --mode http\` first\n`);
      return 1;
    }
    if (a.flags.has('print-token')) {
      io.out(`${token}\n`);
      return 0;
    }
    // Logging never throws: a daemon whose terminal went away (stderr closed) keeps answering.
    const log = (line: string): void => {
      try {
        io.err(line);
      } catch {
        /* stderr gone */
      }
    };
    let daemon;
    try {
      daemon = await startDaemon({
        port: port ?? cfg.config.serve.port,
        token,
        env: io.env,
        configFile,
        log,
        logRequests: a.flags.has('log-requests'),
      });
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      const where = `127.0.0.1:${port ?? cfg.config.serve.port}`;
      io.err(
        e.code === 'EADDRINUSE'
          ? `hookwarden serve: ${where} is already in use (another daemon running? choose one with --port)\n`
          : `hookwarden serve: cannot listen on ${where}: ${oneLine(err)}\n`,
      );
      return 1;
    }
    log(`hookwarden serve: listening on ${daemon.url} (version ${ENGINE_VERSION}, pid ${process.pid}, home ${hookwardenHome(io.env, () => io.env.HOME || '/')})\n`);
    const d = daemon;
    // Central policy bundles, when the managed config names a server (lib/serve/bundle-poll.ts).
    const poll = startBundlePoll({ home: hookwardenHome(io.env, () => io.env.HOME || '/'), env: io.env, now: io.now, log, version: ENGINE_VERSION });
    // The shipper (lib/export/) shares the process, not the requests: it only reads the audit files and waits on
    // the network, so a receiver that is down or hangs never delays an answer.
    const stopShipping = new AbortController();
    let shipping: Promise<unknown> = Promise.resolve();
    const setup = shipSetup(io.env, cfg);
    if (setup && 'problem' in setup) log(`hookwarden serve: not shipping decisions: ${setup.problem}\n`);
    else if (setup) {
      log(`hookwarden serve: shipping decisions to ${setup.settings.endpoint}\n`);
      shipping = ship({ ...setup, version: ENGINE_VERSION, once: false, now: Date.now, signal: stopShipping.signal, log }).then((r) => {
        if (r.outcome === 'failed') log(`hookwarden serve: the shipper stopped: ${r.problem}\n`);
      });
    }
    return new Promise<number>((resolve) => {
      let stopping = false;
      const stop = (signal: NodeJS.Signals): void => {
        if (stopping) {
          log(`hookwarden serve: ${signal} again; exiting without waiting\n`);
          process.exit(1);
        }
        stopping = true;
        poll.stop();
        stopShipping.abort();
        Promise.all([d.close(signal), shipping]).then(() => resolve(0));
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    });
  },
};
