// Phase c, continued: tools whose listed subcommands are read-only (npm ls, docker ps, kubectl get, …),
// with per-subcommand flags that make them write or never end, or that they need to stay read-only.

import { normaliseArgs } from '../operands.js';
import { type Lazy, ownEntry } from '../tables.js';
import { type Positional, positionals } from './args.js';
import { type IntentResult, PLAIN_READ, unsafe } from './result.js';

export interface SubcommandSpec {
  /** Options before the subcommand that take the next word as their value. */
  valued?: ReadonlySet<string>;
  /** Read-only subcommands: one word ("ps") or two ("image ls"). */
  readOnly: ReadonlySet<string>;
  /** Per subcommand, flags that make it write or never end. */
  forbid?: Readonly<Record<string, ReadonlySet<string>>>;
  /** Per subcommand, flags one of which it needs to stay read-only. */
  require?: Readonly<Record<string, ReadonlySet<string>>>;
}

const FOLLOW: ReadonlySet<string> = new Set(['-f', '--follow']);
const DOCKER_VALUED: ReadonlySet<string> = new Set([
  '-c', '--context', '-H', '--host', '-l', '--log-level', '--config',
  // docker compose options before its subcommand
  '-f', '--file', '-p', '--project-name', '--project-directory', '--env-file', '--profile', '--ansi', '--progress',
]);
const COMPOSE_READ_ONLY = ['ps', 'ls', 'logs', 'config', 'images', 'top', 'version'];
const COMPOSE_FORBID = { logs: FOLLOW, config: new Set(['-o', '--output']) };

/** Each entry is built the first time a command runs its program (lazyEntry). */
export const SUBCOMMANDS: Readonly<Record<string, Lazy<SubcommandSpec>>> = {
  npm: () => ({
    valued: new Set(['--prefix', '-C', '-w', '--workspace']),
    readOnly: new Set([
      'ls', 'list', 'll', 'la', 'view', 'v', 'info', 'show', 'outdated', 'root', 'prefix', 'explain', 'why', 'search',
      'config get', 'config list', 'config ls',
    ]),
  }),
  pnpm: () => ({ valued: new Set(['-C', '--dir', '--filter', '-F']), readOnly: new Set(['ls', 'list', 'll', 'why', 'outdated', 'view', 'info', 'root']) }),
  yarn: () => ({ valued: new Set(['--cwd']), readOnly: new Set(['list', 'why', 'info', 'config get', 'config list']) }),
  pip: () => ({ readOnly: new Set(['list', 'show', 'freeze', 'check']) }),
  go: () => ({ readOnly: new Set(['version', 'list', 'env', 'doc']), forbid: { env: new Set(['-w', '-u']) } }),
  cargo: () => ({
    readOnly: new Set(['tree', 'metadata', 'search', 'version']),
    require: { tree: new Set(['--locked', '--frozen']), metadata: new Set(['--locked', '--frozen']) },
  }),
  brew: () => ({ readOnly: new Set(['list', 'ls', 'info', 'search', 'outdated', 'deps', 'leaves', 'config']) }),
  gh: () => ({
    valued: new Set(['-R', '--repo']),
    readOnly: new Set([
      'pr view', 'pr list', 'pr status', 'pr diff', 'pr checks', 'issue view', 'issue list', 'issue status',
      'run view', 'run list', 'repo view', 'release view', 'release list', 'workflow view', 'workflow list',
      'auth status',
    ]),
    forbid: { 'pr checks': new Set(['--watch']) },
  }),
  docker: () => ({
    valued: DOCKER_VALUED,
    readOnly: new Set([
      'ps', 'images', 'inspect', 'logs', 'version', 'info', 'top', 'port', 'history', 'diff',
      'image ls', 'image inspect', 'image history', 'container ls', 'container inspect', 'container logs', 'container top',
      'container port', 'network ls', 'network inspect', 'volume ls', 'volume inspect', 'context ls', 'context show', 'system df',
      ...COMPOSE_READ_ONLY.map((s) => `compose ${s}`),
    ]),
    forbid: { logs: FOLLOW, 'container logs': FOLLOW, 'compose logs': FOLLOW, 'compose config': COMPOSE_FORBID.config },
  }),
  'docker-compose': () => ({ valued: DOCKER_VALUED, readOnly: new Set(COMPOSE_READ_ONLY), forbid: COMPOSE_FORBID }),
  kubectl: () => ({
    valued: new Set([
      '-n', '--namespace', '--context', '--cluster', '--kubeconfig', '-s', '--server', '--user', '--token', '--as',
      '--as-group', '--request-timeout',
    ]),
    readOnly: new Set([
      'get', 'describe', 'logs', 'top', 'version', 'explain', 'api-resources', 'api-versions', 'cluster-info',
      'config view', 'config get-contexts', 'config current-context', 'auth can-i',
    ]),
    forbid: { get: new Set(['-w', '--watch', '--watch-only']), logs: FOLLOW },
  }),
};

export function judgeSubcommand(program: string, spec: SubcommandSpec, argv: readonly string[]): IntentResult {
  const [first, second] = positionals(argv, spec.valued ?? new Set());
  if (!first) return unsafe(`${program} without a subcommand is not known read-only`);
  const pair = second ? `${first.word} ${second.word}` : undefined;
  const usePair = pair !== undefined && spec.readOnly.has(pair);
  const sub = usePair ? (pair as string) : first.word;
  const at = usePair ? (second as Positional).index : first.index;
  if (!spec.readOnly.has(sub)) return unsafe(`${program} ${first.word} is not a known read-only ${program} command`);
  const flags = normaliseArgs(['_', ...argv.slice(at + 1)]).flags;
  const forbidden = [...flags].find((f) => (spec.forbid && ownEntry(spec.forbid, sub))?.has(f));
  if (forbidden) return unsafe(`${program} ${sub} ${forbidden} is not a bounded read (it writes, follows or watches)`);
  const needed = spec.require && ownEntry(spec.require, sub);
  if (needed && ![...needed].some((f) => flags.has(f))) {
    return unsafe(`${program} ${sub} may rewrite lock files without ${[...needed].join(' or ')}`);
  }
  return PLAIN_READ;
}
