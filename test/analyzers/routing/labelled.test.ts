// The router on the labelled set (test/fixtures/routing): three projects' real .claude catalogues through the real
// discovery, and 198 prompts labelled with the candidate a careful human would pick, or none. The shipped settings
// were tuned on the `tune` half; the `holdout` half is the measure (`npm run routing:eval` prints it in full).
// These are quality floors a change must not break, not the figures themselves.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateRouting, type LabelledPrompt } from '../../../lib/analyzers/routing/evaluate.js';
import { buildIndex } from '../../../lib/analyzers/routing/index.js';
import { compileLexicon } from '../../../lib/analyzers/routing/tokens.js';
import { discoverCatalogue } from '../../../lib/catalogue/discover.js';
import { DEFAULT_CONFIG } from '../../../lib/config/defaults.js';
import { routerSettings } from '../../../lib/config/router-settings.js';
import { toolAccessFor } from '../../../lib/engine/route-suggest.js';
import { collectSources, compileFromSources } from '../../../lib/registry/resolve.js';
import { PATTERNS_DIR, ROOT } from '../../helpers/registry.js';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'routing');
const rows = readFileSync(join(FIXTURES, 'prompts.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as LabelledPrompt & { split: 'tune' | 'holdout' });

async function report(split: 'tune' | 'holdout') {
  const { registry } = await compileFromSources(collectSources({ shippedDir: PATTERNS_DIR, overrides: [], cacheDir: null }));
  const lexicon = compileLexicon(registry.lexicon);
  const home = mkdtempSync(join(tmpdir(), 'hw-labelled-'));
  const projects = [...new Set(rows.map((r) => r.project))];
  const indexes = new Map(projects.map((p) => [p, buildIndex(discoverCatalogue({ projectDir: join(FIXTURES, p), home }), lexicon)]));
  return evaluateRouting(rows.filter((r) => r.split === split), indexes, lexicon, routerSettings(DEFAULT_CONFIG), toolAccessFor(registry));
}

describe('the router on the labelled set', () => {
  it('is large enough to mean something: 2+ own projects with 8+ agents and 4+ skills, 120+ prompts, a third fitting nothing', () => {
    for (const p of ['web-shop', 'data-platform']) {
      const c = discoverCatalogue({ projectDir: join(FIXTURES, p), home: mkdtempSync(join(tmpdir(), 'hw-labelled-')) });
      expect(c.candidates.filter((x) => x.kind === 'agent').length).toBeGreaterThanOrEqual(8);
      expect(c.candidates.filter((x) => x.kind === 'skill').length).toBeGreaterThanOrEqual(4);
      // Each project's one malformed file is skipped, not a crash.
      expect(c.skipped.filter((s) => s.reason.startsWith('malformed')).length).toBe(1);
    }
    const own = rows.filter((r) => r.project !== 'dev-set');
    expect(own.length).toBeGreaterThanOrEqual(120);
    expect(own.filter((r) => r.expect === null).length / own.length).toBeGreaterThanOrEqual(0.3);
  });

  it('on the held-out half: right when it speaks (precision ≥ 0.85) and silent when nothing fits (≥ 0.90)', async () => {
    const r = await report('holdout');
    expect(r.overall.precision, r.errors.join('\n')).toBeGreaterThanOrEqual(0.85);
    expect(r.overall.silence, r.errors.join('\n')).toBeGreaterThanOrEqual(0.9);
    // And it does speak: at least half of the prompts that fit get their candidate.
    expect(r.overall.coverage).toBeGreaterThanOrEqual(0.5);
  });

  it('never suggests a user-only candidate, whatever the prompt', async () => {
    const r = await report('tune');
    const r2 = await report('holdout');
    for (const e of [...r.errors, ...r2.errors]) expect(e).not.toMatch(/got (skill|command):(hotfix-release|backfill)\b/);
  });
});
