// One router per Claude Code event: the hook stdin → the engine's route. Each hook entry imports only its own
// router, so a hook bundle carries only its route's code (the Stop hook's claim detector and transcript reader
// stay out of pre-tool-use, and so do the project-check lookup and the prompt router's catalogue); the CLI's eval and
// explain use them all.

import { routePostTool } from '../engine/route-post-tool.js';
import { routeUserPrompt } from '../engine/route-prompt.js';
import { routeStop } from '../engine/route-stop.js';
import { routeToolExecution } from '../engine/route-tool.js';
import type { CallContext, EngineDeps } from '../engine/deps.js';
import type { UnifiedRoutingDecision } from '../engine/types.js';
import type { PostToolUseFailureInput, PostToolUseInput, PreToolUseInput, StopInput, UserPromptSubmitInput } from '../protocol/claude-code/schema.js';
import { projectChecks } from './project-checks.js';
import { routingFor } from './router-io.js';
import { lastAssistantText } from './transcript.js';

export type Router<I> = (input: I, ctx: CallContext, deps: EngineDeps) => Promise<UnifiedRoutingDecision>;

export interface Routers {
  PreToolUse?: Router<PreToolUseInput>;
  PostToolUse?: Router<PostToolUseInput>;
  PostToolUseFailure?: Router<PostToolUseFailureInput>;
  UserPromptSubmit?: Router<UserPromptSubmitInput>;
  Stop?: Router<StopInput>;
}

export const preToolUseRouter: Router<PreToolUseInput> = (i, ctx, deps) => routeToolExecution(i.tool_name, i.tool_input, ctx, deps);

export const postToolUseRouter: Router<PostToolUseInput> = (i, ctx, deps) => routePostTool(i.tool_name, i.tool_input, { response: i.tool_response }, ctx, deps);

/** A tool that started and failed: the same route, told it failed (its error text instead of a response). */
export const postToolUseFailureRouter: Router<PostToolUseFailureInput> = (i, ctx, deps) =>
  routePostTool(i.tool_name, i.tool_input, { failed: { error: i.error, interrupted: i.is_interrupt === true } }, ctx, deps);

export const userPromptRouter: Router<UserPromptSubmitInput> = (i, ctx, deps) => routeUserPrompt(i.prompt, ctx, withRouting(deps));

/** The router's inputs read from disk when the runner asks for routing: here, so that only the user-prompt bundle
 * carries the catalogue, its YAML reader and the router. */
function withRouting(deps: EngineDeps): EngineDeps {
  const from = deps.routingFrom;
  if (deps.routing || !from) return deps;
  const source = { projectDir: deps.projectDir, home: deps.home, ...from };
  const routing = routingFor(source, deps.registry, deps.note);
  return routing ? { ...deps, routing } : deps;
}

export const stopRouter: Router<StopInput> = (i, ctx, deps) => {
  const active = i.stop_hook_active === true;
  // The transcript is written asynchronously and may lag: read it only when stdin lacks the message.
  const last = active
    ? undefined
    : typeof i.last_assistant_message === 'string'
      ? i.last_assistant_message
      : i.transcript_path
        ? lastAssistantText(i.transcript_path, undefined, deps.note)
        : undefined;
  // The project's check command is looked up only here, and only if a Stop reason needs it.
  const withChecks: EngineDeps = deps.session && !deps.projectChecks ? { ...deps, projectChecks: () => projectChecks(deps.projectDir, deps.note) } : deps;
  return routeStop({ stopHookActive: active, ...(last ? { lastMessage: last } : {}) }, ctx, withChecks);
};

export const ALL_ROUTERS: Routers = {
  PreToolUse: preToolUseRouter,
  PostToolUse: postToolUseRouter,
  PostToolUseFailure: postToolUseFailureRouter,
  UserPromptSubmit: userPromptRouter,
  Stop: stopRouter,
};
