// npm run routing:eval [-- --split tune|holdout|all] [--verbose] [--json]
// The router against the labelled set in test/fixtures/routing (three projects, their .claude catalogues read by
// the real discovery, prompts labelled with the candidate a careful human would pick, or null). Reports per
// project and overall: precision (of the prompts that fit a candidate and got a suggestion, how many got the
// right one), coverage (of the prompts that fit, how many got the right one), and silence (of the prompts that
// fit nothing, how many got no suggestion). The settings were tuned on the `tune` half; `holdout` is the report.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluateRouting, type LabelledPrompt } from '../lib/analyzers/routing/evaluate.js';
import { buildIndex } from '../lib/analyzers/routing/index.js';
import { compileLexicon } from '../lib/analyzers/routing/tokens.js';
import { discoverCatalogue } from '../lib/catalogue/discover.js';
import { DEFAULT_CONFIG } from '../lib/config/defaults.js';
import { routerSettings } from '../lib/config/router-settings.js';
import { toolAccessFor } from '../lib/engine/route-suggest.js';
import { collectSources, compileFromSources } from '../lib/registry/resolve.js';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const fixtures = join(root, 'test', 'fixtures', 'routing');
const args = process.argv.slice(2);
const split = args.includes('--split') ? args[args.indexOf('--split') + 1]! : 'holdout';
const verbose = args.includes('--verbose');

const { registry } = await compileFromSources(collectSources({ shippedDir: join(root, 'patterns'), overrides: [], cacheDir: null }));
const lexicon = compileLexicon(registry.lexicon);
const rows = readFileSync(join(fixtures, 'prompts.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as LabelledPrompt & { split: string })
  .filter((r) => split === 'all' || r.split === split);
const emptyHome = mkdtempSync(join(tmpdir(), 'hw-routing-eval-'));
const indexes = new Map([...new Set(rows.map((r) => r.project))].map((p) => [p, buildIndex(discoverCatalogue({ projectDir: join(fixtures, p), home: emptyHome }), lexicon)]));
const report = evaluateRouting(rows, indexes, lexicon, routerSettings(DEFAULT_CONFIG), toolAccessFor(registry));

if (args.includes('--json')) {
  process.stdout.write(`${JSON.stringify({ split, ...report }, null, 2)}\n`);
} else {
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  const line = (name: string, m: (typeof report)['overall']): string =>
    `${name.padEnd(14)} fit ${String(m.fit).padStart(3)}  right ${String(m.right).padStart(3)}  wrong ${String(m.wrong).padStart(2)}  ` +
    `precision ${pct(m.precision).padStart(6)}  coverage ${pct(m.coverage).padStart(6)}  | none ${String(m.none).padStart(3)}  silent ${String(m.silent).padStart(3)}  silence ${pct(m.silence).padStart(6)}`;
  process.stdout.write(`routing on the ${split} split (settings: the shipped defaults)\n`);
  for (const [p, m] of Object.entries(report.projects)) process.stdout.write(`${line(p, m)}\n`);
  process.stdout.write(`${line('overall', report.overall)}\n`);
  if (verbose) for (const e of report.errors) process.stdout.write(`  ${e}\n`);
}
