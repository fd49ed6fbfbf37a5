// Temporary project / user / plugin layouts for the catalogue tests and the timing script, built in os.tmpdir().

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface Layout {
  base: string;
  project: string;
  home: string;
  hwHome: string;
}

export function tempLayout(prefix = 'hw-catalogue-'): Layout {
  const base = mkdtempSync(join(tmpdir(), prefix));
  const project = join(base, 'project');
  const home = join(base, 'home');
  mkdirSync(project, { recursive: true });
  mkdirSync(home, { recursive: true });
  return { base, project, home, hwHome: join(base, 'hw-home') };
}

export function put(path: string, text: string | Buffer): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/** A Markdown file with the given front matter lines (already YAML) and body. */
export const md = (front: string, body = 'Body text.\n'): string => `---\n${front.trim()}\n---\n${body}`;

/** A realistic file: ~600 bytes of front matter (block description, tools, model, the hints block), ~2 KB of body. */
export function realistic(name: string, i: number): string {
  return md(
    [
      `name: ${name}`,
      'description: >',
      `  Use this for task number ${i}: it reads the code base, finds slow database queries,`,
      '  explains their plans and proposes indexes or rewrites, with a short report at the end.',
      `tools: Read, Grep, Glob, Bash(git log:*)`,
      'model: sonnet',
      'hookwarden:',
      `  intents: ["slow query ${i}", "add an index", "explain plan"]`,
      '  anti_intents: ["write a migration"]',
      '  examples:',
      `    - "why is query ${i} slow?"`,
      '    - "which index would help here?"',
    ].join('\n'),
    // A body of ~2 KB, as real agent and skill files have (their instructions), which discovery does not need.
    `# Task ${i}\n\n${'Instructions for the agent: read the query plan, look for sequential scans, name the index.\n'.repeat(22)}`,
  );
}

/** `n` candidates in the project: a third each agents, skills and commands (some in subfolders). */
export function generateCandidates(project: string, n: number): void {
  for (let i = 0; i < n; i++) {
    const claude = join(project, '.claude');
    if (i % 3 === 0) put(join(claude, 'agents', `agent-${i}.md`), realistic(`agent-${i}`, i));
    else if (i % 3 === 1) put(join(claude, 'skills', `skill-${i}`, 'SKILL.md'), realistic(`skill-${i}`, i));
    else put(join(claude, 'commands', i % 2 ? 'group' : '', `command-${i}.md`), realistic(`command-${i}`, i));
  }
}
