// hookwarden ship: sends the audit's decisions to an OpenTelemetry receiver (lib/export/, docs/team.md).

import { ENGINE_VERSION } from '../../hook/main.js';
import { ship } from '../../export/shipper.js';
import { userConfigFile } from '../../serve/auth.js';
import { argProblem, parseArgs, usageError, noArgument, type Command } from '../io.js';
import { shipSetup } from '../ship-setup.js';

const USAGE =
  'hookwarden ship [--once]\n' +
  '  Sends every audit line ($HOOKWARDEN_HOME/audit/) as an OTLP/HTTP JSON log record to <endpoint>/v1/logs\n' +
  '  (endpoint: HOOKWARDEN_OTLP_ENDPOINT, else export.otlp.endpoint in $HOOKWARDEN_HOME/config.json), from the\n' +
  '  cursor in $HOOKWARDEN_HOME/export/cursor.json. Runs until SIGTERM/SIGINT, retrying while the receiver is\n' +
  '  down. `hookwarden serve` runs the same shipper when an endpoint is configured.\n' +
  '  --once: send what is pending and exit: 0 when all of it was accepted (or another shipper holds the lock),\n' +
  '  1 with one line when the receiver refused or stayed unreachable (the lines stay pending).';

export const shipCommand: Command = {
  name: 'ship',
  summary: 'send audit decisions to an OpenTelemetry (OTLP/HTTP) receiver',
  usage: USAGE,
  async run(args, io) {
    const spec = { flags: ['once'] };
    const a = parseArgs(args, spec);
    const problem = argProblem(a.unknown, spec) ?? noArgument(a.positionals);
    if (problem) return usageError(io, 'ship', problem);
    const setup = shipSetup(io.env);
    if (setup === undefined) {
      io.err(`hookwarden ship: no endpoint; set export.otlp.endpoint in ${userConfigFile(io.env)} or HOOKWARDEN_OTLP_ENDPOINT\n`);
      return 1;
    }
    if ('problem' in setup) {
      io.err(`hookwarden ship: ${setup.problem}\n`);
      return 1;
    }
    const log = (line: string): void => {
      try {
        io.err(line);
      } catch {
        /* stderr gone */
      }
    };
    const once = a.flags.has('once');
    const stop = new AbortController();
    const onSignal = (): void => stop.abort();
    if (!once) {
      process.on('SIGTERM', onSignal);
      process.on('SIGINT', onSignal);
      log(`hookwarden ship: shipping ${setup.home} to ${setup.settings.endpoint} (pid ${process.pid})\n`);
    }
    try {
      const r = await ship({ ...setup, version: ENGINE_VERSION, once, now: io.now, signal: stop.signal, log });
      if (r.outcome === 'busy') {
        log(`hookwarden ship: another shipper (pid ${r.heldBy}) is shipping ${setup.home}; nothing to do\n`);
        return 0;
      }
      if (r.outcome === 'failed') {
        io.err(`hookwarden ship: ${r.problem}${r.shipped ? ` (${r.shipped} record(s) sent first)` : ''}\n`);
        return 1;
      }
      if (once) io.out(`shipped ${r.shipped} record(s) in ${r.batches} request(s)${r.skipped ? `, skipped ${r.skipped} unreadable line(s)` : ''}\n`);
      return 0;
    } finally {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
    }
  },
};
