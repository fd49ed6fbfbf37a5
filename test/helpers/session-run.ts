// Runs the built hook bundles and CLI as Claude Code and a user would: one process per call, on one session
// in a private HOOKWARDEN_HOME and project folder. Used by the session transcripts and the concurrency tests.

import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { hookForEvent } from '../../lib/hook/hooks.js';
import type { AuditEventV1 } from '../../lib/audit/event.js';
import { hookEnv } from './fixtures.js';
import { ROOT } from './registry.js';

export interface Run {
  exit: number;
  stdout: string;
  stderr: string;
}

export interface SessionRig {
  home: string;
  project: string;
  sessionId: string;
  env: NodeJS.ProcessEnv;
  /** The full stdin for an event: session fields filled in, "$PROJECT" replaced. */
  stdin: (event: Record<string, unknown>) => string;
  call: (event: Record<string, unknown>) => Run;
  callAsync: (event: Record<string, unknown>) => Promise<Run>;
  cli: (args: string[]) => Run;
  /** Every audit line written so far, in order. */
  audit: () => AuditEventV1[];
}

const bundle = (hook: string): string => join(ROOT, 'dist', 'hooks', `${hook}.js`);

const fill = (v: unknown, project: string): unknown => JSON.parse(JSON.stringify(v).replaceAll('$PROJECT', project));

export function sessionRig(sessionId: string, opts: { home?: string; project?: string } = {}): SessionRig {
  const base = mkdtempSync(join(tmpdir(), 'hw-session-'));
  const home = opts.home ?? join(base, 'hw-home');
  const project = opts.project ?? join(base, 'project');
  mkdirSync(project, { recursive: true });
  const env = { ...hookEnv(home), CLAUDE_PROJECT_DIR: project };
  const stdin = (event: Record<string, unknown>): string =>
    JSON.stringify({
      session_id: sessionId,
      transcript_path: join(project, '.no-transcript.jsonl'),
      cwd: project,
      permission_mode: 'default',
      ...(fill(event, project) as Record<string, unknown>),
    });
  const hookOf = (event: Record<string, unknown>): string => {
    const hook = hookForEvent(String(event.hook_event_name));
    if (!hook) throw new Error(`no hook for ${String(event.hook_event_name)}`);
    return hook;
  };
  return {
    home,
    project,
    sessionId,
    env,
    stdin,
    call(event) {
      const r = spawnSync('node', [bundle(hookOf(event))], { input: stdin(event), env, encoding: 'utf8', timeout: 30_000 });
      return { exit: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
    },
    callAsync(event) {
      return new Promise((resolve, reject) => {
        const child = spawn('node', [bundle(hookOf(event))], { env, stdio: ['pipe', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        child.on('error', reject);
        child.on('close', (code) => resolve({ exit: code ?? -1, stdout, stderr }));
        child.stdin.end(stdin(event));
      });
    },
    cli(args) {
      const r = spawnSync('node', [join(ROOT, 'dist', 'cli.js'), ...args], { cwd: project, env, encoding: 'utf8', timeout: 30_000 });
      return { exit: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
    },
    audit() {
      const dir = join(home, 'audit');
      let files: string[];
      try {
        files = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort();
      } catch {
        return [];
      }
      return files.flatMap((f) =>
        readFileSync(join(dir, f), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as AuditEventV1),
      );
    },
  };
}

/** What a hook's answer amounts to: deny / ask / allow (PreToolUse), block, context, or none (no output). */
export function outcome(r: Run): string {
  if (!r.stdout) return 'none';
  const j = JSON.parse(r.stdout) as {
    decision?: string;
    hookSpecificOutput?: { hookEventName?: string; permissionDecision?: string; additionalContext?: string };
  };
  if (j.hookSpecificOutput?.permissionDecision) return j.hookSpecificOutput.permissionDecision;
  if (j.decision === 'block') return 'block';
  // At Stop, text for the model is a block: Claude Code continues the conversation with it (docs/claude-code.md).
  if (j.hookSpecificOutput?.hookEventName === 'Stop' && j.hookSpecificOutput.additionalContext) return 'block';
  if (j.hookSpecificOutput?.additionalContext) return 'context';
  return 'other';
}

export function writeProjectFile(project: string, path: string, text: string): void {
  const full = join(project, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
}
