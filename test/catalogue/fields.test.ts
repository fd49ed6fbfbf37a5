// From parsed front matter to a Candidate: names as Claude Code invokes them, required descriptions, declared tools
// in both spellings, user-only skills and commands, bounded hints, and the one-line reasons for malformed fields.

import { describe, expect, it } from 'vitest';
import { buildCandidate, splitTools, type FileOrigin } from '../../lib/catalogue/fields.js';
import { parseFrontMatter } from '../../lib/catalogue/frontmatter.js';
import { MAX_HINT_CHARS, MAX_HINTS } from '../../lib/catalogue/limits.js';
import type { Candidate } from '../../lib/catalogue/types.js';

const AGENT: FileOrigin = { kind: 'agent', scope: 'project', source: '/p/.claude/agents/a.md' };
const SKILL: FileOrigin = { kind: 'skill', scope: 'user', source: '/h/.claude/skills/pdf/SKILL.md', pathName: 'pdf' };
const COMMAND: FileOrigin = { kind: 'command', scope: 'project', source: '/p/.claude/commands/frontend/build.md', pathName: 'frontend:build' };

function build(origin: FileOrigin, text: string): ReturnType<typeof buildCandidate> {
  const fm = parseFrontMatter(text);
  if (!fm.ok) throw new Error(fm.reason);
  return buildCandidate(origin, fm);
}

function candidate(origin: FileOrigin, text: string): Candidate {
  const r = build(origin, text);
  if (!r.ok) throw new Error(r.reason);
  return r.candidate;
}

describe('candidates from front matter', () => {
  it('builds an agent with its declared tools (comma string), model and hints', () => {
    const c = candidate(
      AGENT,
      '---\nname: sql-optimizer\ndescription: >\n  Finds slow\n  queries.\ntools: Read, Grep, Bash(git log:*)\nmodel: sonnet\nhookwarden:\n  intents: ["slow query"]\n  anti_intents: ["write a migration"]\n  examples: ["why is this slow?"]\n---\nbody',
    );
    expect(c).toEqual({
      id: 'agent:sql-optimizer',
      kind: 'agent',
      name: 'sql-optimizer',
      description: 'Finds slow queries.',
      tools: ['Read', 'Grep', 'Bash(git log:*)'],
      model: 'sonnet',
      scope: 'project',
      source: '/p/.claude/agents/a.md',
      hints: { intents: ['slow query'], antiIntents: ['write a migration'], examples: ['why is this slow?'] },
      body: 'body',
    });
    expect(Object.keys(c)).toEqual(['id', 'kind', 'name', 'description', 'tools', 'model', 'scope', 'source', 'hints', 'body']);
  });

  it('keeps the start of the body, one-spaced and bounded, for the router', () => {
    const long = `---\nname: a\ndescription: d\n---\nRun   \`k6\`\n\nagainst staging.\n${'x '.repeat(2000)}`;
    const c = candidate(AGENT, long);
    expect(c.body!.startsWith('Run `k6` against staging. x x')).toBe(true);
    expect(c.body!.length).toBe(1500);
    expect(candidate(AGENT, '---\nname: a\ndescription: d\n---\n').body).toBeUndefined();
  });

  it('reads allowed-tools (a list) for skills and commands, and not tools', () => {
    expect(candidate(SKILL, '---\ndescription: PDFs\nallowed-tools:\n  - Read\n  - Bash(pdftotext:*)\ntools: Write\n---\n').tools).toEqual(['Read', 'Bash(pdftotext:*)']);
    expect(candidate(COMMAND, '---\ndescription: d\nallowed-tools: [Bash(npm run build:*), Read]\n---\n').tools).toEqual(['Bash(npm run build:*)', 'Read']);
    expect(candidate(AGENT, '---\nname: a\ndescription: d\nallowed-tools: Read\n---\n').tools).toBeUndefined();
  });

  it('splits tool strings on commas and blanks outside parentheses', () => {
    expect(splitTools('Read, Grep Glob')).toEqual(['Read', 'Grep', 'Glob']);
    expect(splitTools('Bash(git add:*), Bash(git commit -m:*)')).toEqual(['Bash(git add:*)', 'Bash(git commit -m:*)']);
    expect(splitTools(' , ')).toEqual([]);
  });

  it('names a skill by its front matter, else its folder; a command by its path; a plugin one with its namespace', () => {
    expect(candidate(SKILL, '---\nname: pdf-tools\ndescription: d\n---\n').name).toBe('pdf-tools');
    expect(candidate(SKILL, '---\ndescription: d\n---\n').name).toBe('pdf');
    expect(candidate(COMMAND, '---\nname: ignored\ndescription: d\n---\n')).toMatchObject({ id: 'command:frontend:build', name: 'frontend:build' });
    expect(candidate({ ...AGENT, scope: 'plugin', plugin: 'db-tools' }, '---\nname: tuner\ndescription: d\n---\n')).toMatchObject({
      id: 'agent:db-tools:tuner',
      name: 'db-tools:tuner',
      plugin: 'db-tools',
      scope: 'plugin',
    });
  });

  it('gives a command without description its first body line (headings stripped), as Claude Code does', () => {
    expect(candidate(COMMAND, '# Build the front end\n\nRun npm.\n').description).toBe('Build the front end');
    expect(candidate(COMMAND, `---\nallowed-tools: Read\n---\n\n\n## ${'x'.repeat(300)}\n`).description).toHaveLength(100);
    expect(candidate(COMMAND, '').description).toBe('');
  });

  it('marks disable-model-invocation: true as user-only for skills and commands, not agents', () => {
    expect(candidate(SKILL, '---\ndescription: d\ndisable-model-invocation: true\n---\n').userOnly).toBe(true);
    expect(candidate(COMMAND, '---\ndescription: d\ndisable-model-invocation: "true"\n---\n').userOnly).toBe(true);
    expect(candidate(SKILL, '---\ndescription: d\ndisable-model-invocation: false\n---\n')).not.toHaveProperty('userOnly');
    expect(candidate(AGENT, '---\nname: a\ndescription: d\ndisable-model-invocation: true\n---\n')).not.toHaveProperty('userOnly');
  });

  it('gives empty hints when there are none, and bounds them in count and length', () => {
    expect(candidate(SKILL, '---\ndescription: d\n---\n').hints).toEqual({ intents: [], antiIntents: [], examples: [] });
    const many = Array.from({ length: 40 }, (_, i) => `"phrase ${i}"`).join(', ');
    const long = 'y'.repeat(500);
    const c = candidate(SKILL, `---\ndescription: d\nhookwarden:\n  intents: [${many}]\n  anti-intents: single phrase\n  examples: ["${long}", "  spaced   out  ", "  spaced   out  ", ~]\n---\n`);
    expect(c.hints.intents).toHaveLength(MAX_HINTS);
    expect(c.hints.antiIntents).toEqual(['single phrase']);
    expect(c.hints.examples).toEqual(['y'.repeat(MAX_HINT_CHARS), 'spaced out']);
  });

  it('ignores unknown keys', () => {
    expect(candidate(SKILL, '---\ndescription: d\ncolor: blue\nmetadata: {a: [1, 2]}\n---\n').description).toBe('d');
  });
});

describe('malformed fields', () => {
  it.each<[string, FileOrigin, string, RegExp]>([
    ['an agent without a name', AGENT, '---\ndescription: d\n---\n', /^malformed: an agent needs a name/],
    ['an agent without front matter', AGENT, 'Just text.\n', /^malformed: no front matter \(an agent needs a name and a description\)/],
    ['a skill without description', SKILL, '---\nname: pdf\n---\n', /^malformed: a skill needs a description/],
    ['a name with blanks', AGENT, '---\nname: my agent\ndescription: d\n---\n', /^malformed: name "my agent" holds blanks/],
    ['a name with a line break', AGENT, '---\nname: "a\\nb"\ndescription: d\n---\n', /^malformed: name "a\\nb" holds blanks/],
    ['a name that is a list', AGENT, '---\nname: [a]\ndescription: d\n---\n', /^malformed: name is not text/],
    ['tools as a mapping', AGENT, '---\nname: a\ndescription: d\ntools: {Read: true}\n---\n', /^malformed: tools is not a list of tool names/],
    ['hints as text', SKILL, '---\ndescription: d\nhookwarden: slow query\n---\n', /^malformed: hookwarden is not a mapping/],
    ['a hint list holding a mapping', SKILL, '---\ndescription: d\nhookwarden:\n  intents:\n    - a: b\n---\n', /^malformed: hookwarden.intents is not a list of phrases/],
  ])('%s', (_what, origin, text, want) => {
    const r = build(origin, text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(want);
  });
});
