// hookwarden memory list | show | approve | reject | forget | export: the user's hand on hookwarden's memory.
// Every change goes through the same locked update and the same audit lines as the hooks (consent kind "cli").
// Approving reads the proposal again from the agent's transcript and stores it only if it still hashes to the
// pending item (docs/memory.md); the model is kept from running these commands by the registry (memory/agent-consent).

import { locate } from '../../hook/locations.js';
import { auditMemoryEvents } from '../../hook/audit.js';
import { prepare } from '../../hook/stages/prepare.js';
import { findToolUse } from '../../hook/transcript.js';
import { expiriesDue, FACT_ID, memoryScopes, type MemoryChange, type MemoryFile, type MemoryScope, type PendingFact, type StoredFact } from '../../memory/facts.js';
import { loadMemory, memoryFile, updateMemory } from '../../memory/memory-file.js';
import { pendingText } from '../../memory/resolve.js';
import { viewOf } from '../../registry/select.js';
import { formatDuration } from '../../vocab/duration.js';
import { argProblem, parseArgs, usageError, type CliIO, type Command } from '../io.js';
import { runtimeFor } from '../runtime.js';

const USAGE =
  'hookwarden memory <list|show|approve|reject|forget|export> [options]\n' +
  '  list [--json]                 stored facts and pending items of this project (and the user store, when on)\n' +
  '  show <id> [--json]            one fact or pending item\n' +
  '  approve <id>                  store a pending item (read again from the transcript; it must be unchanged)\n' +
  '  reject <id>                   drop a pending item\n' +
  '  forget <id…>                  remove stored facts (or drop pending items)\n' +
  '  export [--markdown]           the stored facts as JSON (or Markdown lines for a CLAUDE.md)\n' +
  '  --user                        the user-wide store only (memory.userStore)';

const SUBCOMMANDS = ['list', 'show', 'approve', 'reject', 'forget', 'export'];

async function context(io: CliIO) {
  const rt = runtimeFor(io, true);
  const loc = locate(io.cwd, io.env);
  const { cfg, reg } = await prepare(loc, rt);
  return { rt, loc, config: cfg.config, registry: reg.registry };
}

type Ctx = Awaited<ReturnType<typeof context>>;

function scopesOf(c: Ctx, userOnly: boolean): MemoryScope[] {
  if (userOnly) return ['user'];
  return memoryScopes(c.config.memory);
}

/** Applies changes (or only the expiries due) and writes their audit lines. */
function apply(c: Ctx, scope: MemoryScope, changes: MemoryChange[], what: string, io: CliIO): MemoryFile {
  const u = updateMemory(c.loc.hookwardenHome, scope, c.loc.projectDir, changes, { now: c.rt.now(), config: c.config.memory });
  if (u.note) io.err(`hookwarden: ${u.note}\n`);
  const failed = auditMemoryEvents(c.loc.hookwardenHome, u.events, { sessionId: 'cli', source: `cli:memory ${what}` }, c.rt);
  if (failed) io.err(`hookwarden: audit not written: ${failed}\n`);
  for (const e of u.events.filter((x) => x.rule === 'MEMORY_EXPIRED')) io.err(`hookwarden: ${e.id} expired (${e.reason ?? ''})\n`);
  return u.file;
}

/** The store as it is now, with expiries due applied (and audited) first. */
function current(c: Ctx, scope: MemoryScope, io: CliIO): MemoryFile {
  const { file, note } = loadMemory(c.loc.hookwardenHome, scope, c.loc.projectDir);
  return note || expiriesDue(file, c.rt.now(), c.config.memory) ? apply(c, scope, [], 'list', io) : file;
}

const day = (t: number): string => new Date(t).toISOString().slice(0, 16).replace('T', ' ');

function factLine(f: StoredFact, scope: MemoryScope): string {
  const cls = f.class === 'low' ? 'low' : `sensitive: ${f.categories.join(', ')}`;
  const from = f.origin.path ? ` from ${f.origin.path}` : f.origin.tool ? ` from ${f.origin.tool}` : '';
  return `${f.id}  ${day(f.createdAt)}  ${scope.padEnd(7)}  ${f.consent.padEnd(8)}  [${cls}]  ${f.text}${from}`;
}

function pendingLine(p: PendingFact, scope: MemoryScope, now: number): string {
  return `${p.id}  ${day(p.createdAt)}  ${scope.padEnd(7)}  pending   [sensitive: ${p.categories.join(', ')}]  ${p.preview}  (expires in ${formatDuration(p.expiresAt - now)}; proposed by ${p.origin.tool ?? '?'})`;
}

function find(c: Ctx, scopes: MemoryScope[], id: string, io: CliIO): { scope: MemoryScope; fact?: StoredFact; pending?: PendingFact } | undefined {
  for (const scope of scopes) {
    const f = current(c, scope, io);
    const fact = f.facts.find((x) => x.id === id);
    const pending = f.pending.find((x) => x.id === id);
    if (fact || pending) return { scope, ...(fact ? { fact } : {}), ...(pending ? { pending } : {}) };
  }
  return undefined;
}

async function run(args: string[], io: CliIO): Promise<number> {
  const spec = { flags: ['json', 'markdown', 'user'] };
  const a = parseArgs(args, spec);
  const [sub, ...ids] = a.positionals;
  const bad = (why: string): number => usageError(io, 'memory', why);
  const problem = argProblem(a.unknown, spec);
  if (problem) return bad(problem);
  if (!sub) return bad(`needs a subcommand; memory subcommands are ${SUBCOMMANDS.join(', ')}`);
  if (!SUBCOMMANDS.includes(sub)) return bad(`unknown subcommand "${sub}"; memory subcommands are ${SUBCOMMANDS.join(', ')}`);
  const needsOneId = sub === 'show' || sub === 'approve' || sub === 'reject';
  if (needsOneId && ids.length !== 1) return bad(`memory ${sub} takes one memory id (m-0123456789, from \`hookwarden memory list\`), got ${ids.length}`);
  if (sub === 'forget' && !ids.length) return bad('memory forget needs one or more memory ids (m-0123456789, from `hookwarden memory list`)');
  if ((sub === 'list' || sub === 'export') && ids.length) return bad(`memory ${sub} takes no id, got "${ids[0]}"`);
  if (ids.some((id) => !FACT_ID.test(id))) {
    io.err(`hookwarden memory ${sub}: ids look like m-0123456789 (see \`hookwarden memory list\`)\n`);
    return 2;
  }
  const c = await context(io);
  const scopes = scopesOf(c, a.flags.has('user'));
  const now = c.rt.now();
  switch (sub) {
    case 'list': {
      const stores = scopes.map((scope) => ({ scope, file: current(c, scope, io) }));
      if (a.flags.has('json')) {
        io.out(`${JSON.stringify(stores.map((s) => ({ scope: s.scope, file: memoryFile(c.loc.hookwardenHome, s.scope, c.loc.projectDir), facts: s.file.facts, pending: s.file.pending })))}\n`);
        return 0;
      }
      const lines = stores.flatMap((s) => [...s.file.facts.map((f) => factLine(f, s.scope)), ...s.file.pending.map((p) => pendingLine(p, s.scope, now))]);
      io.out(lines.length ? `${lines.join('\n')}\n` : `no memories for ${c.loc.projectDir}\n`);
      return 0;
    }
    case 'show': {
      const hit = find(c, scopes, ids[0] as string, io);
      if (!hit) {
        io.err(`hookwarden memory show: no memory ${ids[0]}\n`);
        return 1;
      }
      if (a.flags.has('json')) io.out(`${JSON.stringify(hit)}\n`);
      else io.out(`${hit.fact ? factLine(hit.fact, hit.scope) : pendingLine(hit.pending as PendingFact, hit.scope, now)}\n`);
      return 0;
    }
    case 'approve':
    case 'reject': {
      const id = ids[0] as string;
      const hit = find(c, scopes, id, io);
      if (!hit?.pending) {
        io.err(`hookwarden memory ${sub}: no pending memory ${id}${hit?.fact ? ' (it is already stored)' : ' (answered, expired or never made)'}\n`);
        return 1;
      }
      if (sub === 'reject') {
        apply(c, hit.scope, [{ op: 'reject', id, consent: 'cli' }], sub, io);
        io.out(`${id} rejected: it was not stored\n`);
        return 0;
      }
      const read = pendingText(hit.pending, findToolUse, viewOf(c.registry).memoryTargets);
      if ('error' in read) {
        io.err(`hookwarden memory approve: ${read.error}; nothing stored\n`);
        return 1;
      }
      const file = apply(c, hit.scope, [{ op: 'approve', id, text: read.text, consent: 'cli' }], sub, io);
      const stored = file.facts.find((f) => f.id === id);
      if (!stored) {
        io.err(`hookwarden memory approve: ${id} was not stored (see the audit)\n`);
        return 1;
      }
      io.out(`${id} stored with your consent: ${stored.text}\n`);
      return 0;
    }
    case 'forget': {
      let missing = 0;
      for (const id of ids) {
        const hit = find(c, scopes, id, io);
        if (!hit) {
          io.err(`hookwarden memory forget: no memory ${id}\n`);
          missing += 1;
          continue;
        }
        apply(c, hit.scope, [{ op: 'forget', id, consent: 'cli' }], sub, io);
        io.out(`${id} ${hit.fact ? 'forgotten' : 'rejected (it was pending)'}${hit.fact?.origin.path ? `; it was also written to ${hit.fact.origin.path}: remove it there too` : ''}\n`);
      }
      return missing ? 1 : 0;
    }
    case 'export': {
      const facts = scopes.flatMap((scope) => current(c, scope, io).facts.map((f) => ({ scope, ...f })));
      if (a.flags.has('markdown')) io.out(facts.map((f) => `- ${f.text}\n`).join(''));
      else io.out(`${JSON.stringify({ project: c.loc.projectDir, exported: new Date(now).toISOString(), facts: facts.map(({ scope, id, text, class: cls, categories, consent, createdAt }) => ({ id, scope, text, class: cls, categories, consent, createdAt: new Date(createdAt).toISOString() })) }, null, 2)}\n`);
      return 0;
    }
    default:
      return bad(`unknown subcommand "${sub}"`);
  }
}

export const memoryCommand: Command = {
  name: 'memory',
  summary: 'list, approve, reject, forget or export what hookwarden remembers',
  usage: USAGE,
  run,
};


