// The command table: each command is data (name, summary, usage, run) — help is generated from it.

import { evalCommand } from './commands/eval.js';
import { explainCommand } from './commands/explain.js';
import { installCommand, uninstallCommand } from './commands/install.js';
import { patternsCheckCommand } from './commands/patterns-check.js';
import { grantCommand, modeCommand, revokeCommand, sessionCommand } from './commands/session.js';
import { memoryCommand } from './commands/memory.js';
import { auditCommand } from './commands/audit.js';
import { replayCommand } from './commands/replay.js';
import { serveCommand } from './commands/serve.js';
import { shipCommand } from './commands/ship.js';
import { doctorCommand } from './commands/doctor.js';
import { routesCommand } from './commands/routes.js';
import { policyPullCommand, policyStatusCommand } from './commands/policy.js';
import { policyKeygenCommand, policySignCommand, policyVerifyCommand } from './commands/policy-admin.js';
import type { CliIO, Command } from './io.js';
import { ENGINE_VERSION } from '../hook/main.js';
import { oneLine } from '../errors.js';

export const COMMANDS: Command[] = [
  explainCommand,
  evalCommand,
  patternsCheckCommand,
  modeCommand,
  grantCommand,
  revokeCommand,
  sessionCommand,
  memoryCommand,
  auditCommand,
  replayCommand,
  installCommand,
  uninstallCommand,
  serveCommand,
  shipCommand,
  doctorCommand,
  policyPullCommand,
  policyStatusCommand,
  policySignCommand,
  policyVerifyCommand,
  policyKeygenCommand,
  routesCommand,
];

function help(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    `hookwarden ${ENGINE_VERSION}: guard and router for coding-agent hooks`,
    '',
    'usage: hookwarden <command> [options]',
    '',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'hookwarden <command> --help shows a command\'s options.',
    '',
  ].join('\n');
}

export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const [first, ...rest] = argv;
  if (!first || first === '--help' || first === '-h' || first === 'help') {
    io.out(help());
    return first ? 0 : 2;
  }
  if (first === '--version' || first === 'version') {
    io.out(`${ENGINE_VERSION}\n`);
    return 0;
  }
  const two = `${first} ${rest[0] ?? ''}`;
  const cmd = COMMANDS.find((c) => c.name === two) ?? COMMANDS.find((c) => c.name === first);
  if (!cmd) {
    // A command group named alone ("patterns"): its subcommands, not "unknown command".
    const group = COMMANDS.filter((c) => c.name.startsWith(`${first} `));
    if (group.length) {
      const subs = group.map((c) => `${c.name.slice(first.length + 1)} (${c.summary})`).join('; ');
      if (rest[0] === '--help' || rest[0] === '-h') {
        io.out(`${first} subcommands: ${subs}\n`);
        return 0;
      }
      io.err(`hookwarden ${first}: ${rest[0] ? `unknown subcommand "${rest[0]}"` : 'needs a subcommand'}; ${first} subcommands: ${subs}\n`);
      return 2;
    }
    const names = [...new Set(COMMANDS.map((c) => c.name.split(' ')[0]))];
    io.err(`hookwarden: unknown command "${first}"; commands are ${names.join(', ')} (see \`hookwarden --help\`)\n`);
    return 2;
  }
  const args = cmd.name.includes(' ') ? rest.slice(1) : rest;
  if (args.includes('--help')) {
    io.out(`${cmd.usage}\n`);
    return 0;
  }
  try {
    return await cmd.run(args, io);
  } catch (err) {
    io.err(`hookwarden ${cmd.name}: ${oneLine(err)}\n`);
    return 1;
  }
}
