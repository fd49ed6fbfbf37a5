// The problems one hook call meets, kept as data by the stage that met them. The verdict never depends on them;
// the last stage turns them into stderr lines and the audit line's `error`, in one fixed order.

export interface CallProblems {
  /** Config files, overrides and an unsafe home that were not used. */
  config: string[];
  /** Host and project files that were there but were not read (lib/fs/read.ts), once each. */
  skipped: Set<string>;
  /** The session state file: not updated, or not used. */
  session?: string;
  /** The memory store: not written. */
  memory?: string;
  /** The second secret detector failed to load (the call was judged with hookwarden's own patterns). */
  scan?: string;
  /** Old session files not pruned. */
  prune?: string;
  /** The audit line (or a memory event line) not written. */
  audit?: string;
}

export const noProblems = (config: string[] = []): CallProblems => ({ config, skipped: new Set() });

/** What the audit line's `error` says: what changed the call's inputs or lost its state, not the audit itself. */
export function auditError(p: CallProblems): string | undefined {
  const all = [...p.config, ...p.skipped, p.session ?? '', p.memory ?? ''].filter(Boolean);
  return all.length ? all.join('; ') : undefined;
}

/** One stderr line per problem, each starting `hookwarden:`. */
export function stderrLines(p: CallProblems): string {
  const lines = [
    ...p.config,
    ...p.skipped,
    ...(p.audit ? [`audit not written: ${p.audit}`] : []),
    ...(p.scan ? [`${p.scan} (judged with hookwarden's own secret patterns only)`] : []),
    ...(p.session ? [p.session] : []),
    ...(p.memory ? [p.memory] : []),
    ...(p.prune ? [p.prune] : []),
  ];
  return lines.map((l) => `hookwarden: ${l}\n`).join('');
}
