// Everything the engine needs from outside, injected: no clock, id source, file or network access inside.

import type { PathFacts } from '../analyzers/paths/normalise.js';
import type { RouterIndex } from '../analyzers/routing/index.js';
import type { Lexicon } from '../analyzers/routing/tokens.js';
import type { ExternalSecretFinding } from '../analyzers/secrets/secretlint.js';
import type { HookwardenConfig } from '../config/types.js';
import type { CompiledRegistry } from '../registry/types.js';
import type { MemoryFile, MemoryScope } from '../memory/facts.js';
import type { SessionState } from '../session/state.js';
import type { KeterRequest, OrchestrationResult } from '../vocab/orchestrator.js';
import type { AgentName } from '../vocab/agents.js';
import type { FeedReader, RepoProbe } from '../vocab/repo.js';

export interface EngineDeps {
  now: () => number;
  newId: () => string;
  registry: CompiledRegistry;
  config: HookwardenConfig;
  /** One orchestrator call; must not throw (see lib/keter/consult.ts). */
  consult: (req: KeterRequest) => Promise<OrchestrationResult>;
  home: string;
  projectDir: string;
  /** `$HOOKWARDEN_HOME`: hookwarden's own files, which the agent must never write (docs/security.md). */
  hookwardenHome?: string;
  /** The package or checkout the running hook belongs to: its bundles and shipped patterns are the guard itself
   * (`$HOOKWARDEN_INSTALL`, lib/analyzers/paths/install-root.ts). Absent: only the glob fallbacks apply. */
  installRoot?: string;
  /** Symlink targets and case folding of the real file system; absent means paths are matched as written. */
  pathFacts?: PathFacts;
  /** The default branch a repository names for a remote (`<repo>/.git/refs/remotes/<remote>/HEAD`); absent means
   * force pushes are judged by the names main and master only. */
  defaultBranch?: (repoDir: string, remote: string) => string | undefined;
  /** The second secret detector (secretlint, lazily loaded); absent or failing means our regexes alone. */
  scanSecrets?: (text: string, filePath?: string) => Promise<ExternalSecretFinding[]>;
  /** Read-only git in the directory a command runs in, bounded in time and size (lib/hook/repo-probe.ts): what a
   * git work-loser would destroy (lib/engine/consequence/). Absent (what-if runs, the labelled corpus): judged by
   * what is typed. */
  repo?: RepoProbe;
  /** Reads the list a command feeds to a delete (`cat dirs.txt | xargs rm -rf`), bounded (lib/hook/repo-probe.ts).
   * Absent: such a delete is asked about (its targets cannot be known). */
  readFeed?: FeedReader;
  /** The session's state as read at the start of the call; absent means no session features (what-if runs). */
  session?: SessionState;
  /** The project's own check commands (package.json scripts, Makefile…), read only when a Stop needs them. */
  projectChecks?: () => ProjectCheck[];
  /** Reads for memory (stores, a proposal in the transcript, a memory file's current text); absent in what-if runs. */
  memory?: MemoryAccess;
  /** The router's inputs for this session: the catalogue's index, the lexicon, the MCP servers the session has.
   * Absent: nothing is suggested. */
  routing?: { index: RouterIndex; lexicon: Lexicon; mcpServers?: string[] };
  /** Set by the hook runner when a prompt should be routed: where the user-prompt router (lib/hook/routers.ts) reads
   * `routing` from (its cache folder, empty for none, and whether to write it). Only that bundle carries the reading. */
  routingFrom?: { cacheDir: string; hookwardenHome: string; writeCache: boolean };
  /** One line per host or project file that was there but not read (a FIFO, a folder, too big): stderr and audit. */
  note?: (line: string) => void;
}

/** What the memory paths may read, injected by the hook runner (every read is bounded and never throws). */
export interface MemoryAccess {
  /** A store as it is now (the user store only when `memory.userStore` is on). */
  load(scope: MemoryScope): MemoryFile;
  /** A tool call in the agent's transcript, by its tool_use id. */
  readToolUse(transcriptPath: string, toolUseId: string): { name: string; input: Record<string, unknown> } | undefined;
  /** A memory file's current text (a Write replacing it adds only the lines that are new). */
  readText(path: string): string | undefined;
}

/** Per-call context shared by every route. */
/** The project's own check command, found by the hook runner (lib/hook/project-checks.ts) and named in hints. */
export interface ProjectCheck {
  command: string;
  /** Where the command came from, e.g. "package.json scripts.test". */
  source: string;
}

export interface CallContext {
  sessionId: string;
  cwd: string;
  permissionMode?: string;
  toolUseId?: string;
  /** MCP server of the tool (stdin `mcp_server.name`), when Claude Code names it. */
  mcpServer?: string;
  /** The agent's transcript (stdin `transcript_path`): where a memory proposal can be read again. */
  transcriptPath?: string;
  /** Nobody can answer an ask: `claude -p`, or a host that cannot ask (lib/engine/headless.ts). */
  headless?: boolean;
  /** The host that called, when it is not Claude Code (the hook command's `--agent`): its own settings apply. */
  agent?: AgentName;
}
