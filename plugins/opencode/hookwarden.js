// hookwarden for OpenCode. OpenCode has no command hooks, only in-process plugins, so this plugin runs
// hookwarden's own hook bundles (the same engine, session state and audit as every other host) as a child process
// with `--agent opencode`, sends it the plugin hook's input as JSON, and turns the answer into what OpenCode takes:
//  - tool.execute.before: a deny is a thrown Error (its message, hookwarden's reason, becomes the tool's error
//    result; returning would be an allow), a rewrite is assigned over output.args;
//  - tool.execute.after: context (a credential in the output, a warning kept from before the call) is appended
//    to the tool's output, which the model reads;
//  - chat.message: a blocked prompt's text parts are replaced by the reason, the reason is written to stderr, then
//    it throws (OpenCode 1.18.33 drops the message on the throw, but `opencode run` prints only "Unexpected server
//    error": the stderr line is what tells the user why; the replaced text makes sure the prompt never reaches the
//    model even if a later OpenCode keeps the message); context is appended to the prompt's last text part.
// A guard that cannot run or answer (node missing, a timeout, exit 2 on input it cannot judge) throws: the call is
// blocked, visibly. Plain JavaScript so OpenCode loads it as it is: `hookwarden install --agent opencode` copies it
// into .opencode/plugin/ or ~/.config/opencode/plugin/ with HOOKS_DIR set to that install's bundles.
// docs: docs/agents.md (OpenCode), lib/protocol/opencode/.

import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HOOKS_DIR = null;
const TIMEOUT_MS = 10_000;
// The node flags of every hook command install writes (lib/cli/hook-command.ts HOOK_NODE_FLAGS; a test holds them equal).
const NODE_FLAGS = ["--jitless","--no-expose-wasm"];
// A hook's entry file is `<hook>.cjs` (lib/cli/hook-command.ts hookEntry; a test holds them equal).
const ENTRY_EXT = '.cjs';
const hooksDir = HOOKS_DIR ?? fileURLToPath(new URL('../../dist/hooks/', import.meta.url));

/** One hook bundle run: its exit code and output, or why it could not run. */
function runHook(hook, event, cwd) {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let child;
    try {
      child = spawn('node', [...NODE_FLAGS, join(hooksDir, `${hook}${ENTRY_EXT}`), '--agent', 'opencode'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (err) {
      resolve({ error: String(err?.message ?? err) });
      return;
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ error: `no answer within ${TIMEOUT_MS / 1000} s` });
    }, TIMEOUT_MS);
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ error: String(err?.message ?? err) });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify(event));
  });
}

/** A guard's answer, or the Error that blocks the call when there is none to trust. */
function guardAnswer(r, what) {
  if (r.error) throw new Error(`hookwarden: ${what} could not be judged (${r.error}), so it was blocked`);
  if (r.code !== 0) {
    const lines = r.stderr.split('\n').map((l) => l.trim());
    const own = lines.find((l) => l.startsWith('hookwarden:'));
    const error = lines.find((l) => /^[A-Za-z]*Error\b/.test(l));
    throw new Error(own ?? `hookwarden: ${what} could not be judged (exit ${r.code}${error ? `: ${error}` : ''}), so it was blocked`);
  }
  if (!r.stdout.trim()) return {};
  try {
    return JSON.parse(r.stdout);
  } catch {
    throw new Error(`hookwarden: ${what} got an unreadable answer, so it was blocked`);
  }
}

/** An observer's answer; its failures never stop the agent. */
function observerAnswer(r) {
  if (r.error || r.code !== 0 || !r.stdout.trim()) return {};
  try {
    return JSON.parse(r.stdout);
  } catch {
    return {};
  }
}

const textParts = (parts) => (Array.isArray(parts) ? parts.filter((p) => p && p.type === 'text' && typeof p.text === 'string' && !p.synthetic) : []);

export const HookwardenPlugin = async ({ directory, worktree }) => {
  const cwd = directory ?? worktree ?? process.cwd();
  /** Warnings hookwarden gave before a call, appended to that call's output (OpenCode has no context before a tool). */
  const warnings = new Map();
  return {
    'tool.execute.before': async (input, output) => {
      const event = { hook_event_name: 'tool.execute.before', session_id: input.sessionID, cwd, tool: input.tool, call_id: input.callID, args: output.args ?? {} };
      const answer = guardAnswer(await runHook('pre-tool-use', event, cwd), `the ${input.tool} call`);
      if (answer.decision === 'deny') throw new Error(answer.reason || 'blocked by hookwarden');
      if (answer.args && typeof answer.args === 'object') {
        for (const key of Object.keys(output.args ?? {})) if (!(key in answer.args)) delete output.args[key];
        Object.assign(output.args, answer.args);
      }
      const note = answer.warning ?? (answer.args ? answer.context : undefined);
      if (note && input.callID) warnings.set(input.callID, note);
    },
    'tool.execute.after': async (input, output) => {
      const before = input.callID ? warnings.get(input.callID) : undefined;
      if (input.callID) warnings.delete(input.callID);
      const event = { hook_event_name: 'tool.execute.after', session_id: input.sessionID, cwd, tool: input.tool, call_id: input.callID, args: input.args ?? {}, output: output.output };
      const answer = observerAnswer(await runHook('post-tool-use', event, cwd));
      const notes = [before, answer.context].filter(Boolean);
      if (notes.length && typeof output.output === 'string') output.output += `\n\n<hookwarden>\n${notes.join('\n')}\n</hookwarden>`;
    },
    'chat.message': async (input, output) => {
      const parts = textParts(output.parts);
      const prompt = parts.map((p) => p.text).join('\n');
      if (!prompt.trim()) return;
      const event = { hook_event_name: 'chat.message', session_id: input.sessionID, cwd, prompt };
      let answer;
      try {
        answer = guardAnswer(await runHook('user-prompt', event, cwd), 'the prompt');
      } catch (err) {
        answer = { decision: 'block', reason: err.message };
      }
      if (answer.decision === 'block') {
        const reason = answer.reason || 'blocked by hookwarden';
        for (const p of parts) p.text = `[hookwarden blocked this prompt: ${reason}]`;
        process.stderr.write(`${reason}\n`);
        throw new Error(reason);
      }
      if (answer.context && parts.length) parts[parts.length - 1].text += `\n\n<hookwarden>\n${answer.context}\n</hookwarden>`;
    },
  };
};
