// hookwarden patterns check: validate every registry file (shipped, managed and bundle, user, project) and run every
// example.

import { collectSources } from '../../registry/resolve.js';
import { locate } from '../../hook/locations.js';
import { managedSources } from '../../hook/managed.js';
import { loadCallConfig, trustedOverrides } from '../../hook/project-trust.js';
import { argProblem, parseArgs, usageError, noArgument, type Command } from '../io.js';
import { missingRouteTargets } from '../route-checks.js';

export const patternsCheckCommand: Command = {
  name: 'patterns check',
  summary: 'validate the pattern registry and run every pattern example',
  usage:
    'hookwarden patterns check [--dir <patterns dir>] [--json]\n' +
    '  Checks the shipped packs plus the managed policy\'s (the managed folder, the active bundle), the user\'s and the\n' +
    '  project\'s pattern files; exits 1 on any problem.',
  async run(args, io) {
    const spec = { flags: ['json'], options: ['dir'] };
    const a = parseArgs(args, spec);
    const problem = argProblem(a.unknown, spec) ?? noArgument(a.positionals, ' (a folder of packs is --dir <folder>)');
    if (problem) return usageError(io, 'patterns check', problem);
    const loc = locate(io.cwd, io.env);
    const managed = managedSources(loc);
    const sources = collectSources({
      shippedDir: a.options.get('dir') ?? loc.patternsDir,
      overrides: [...managed.patterns, ...trustedOverrides(loc, loadCallConfig(loc, managed.config).config)],
      cacheDir: null,
    });
    const { loadSources, formatIssue } = await import('../../registry/load.js');
    const { compileRegistry } = await import('../../registry/compile.js');
    const { checkExamples } = await import('../../analyzers/examples.js');
    const loaded = loadSources(sources);
    const registry = compileRegistry(loaded, sources.map((s) => s.path));
    const examples = new Map(loaded.patterns.map((lp) => [lp.pattern.id, lp.pattern.examples]));
    const { failures, checked } = checkExamples(registry.patterns, examples);
    // Overrides naming an agent, skill or command this project's session does not have.
    const { discoverCatalogue } = await import('../../catalogue/discover.js');
    const catalogue = discoverCatalogue({ projectDir: loc.projectDir, home: loc.home });
    const issues = [...managed.refused, ...loaded.issues.map(formatIssue), ...missingRouteTargets(registry.routes, catalogue)];
    if (a.flags.has('json')) {
      io.out(`${JSON.stringify({ ok: !issues.length && !failures.length, files: sources.length, patterns: registry.patterns.length, examples: checked, issues, failures, hash: registry.hash })}\n`);
    } else {
      for (const i of issues) io.out(`✗ ${i}\n`);
      for (const f of failures) {
        io.out(`✗ ${f.id}: example ${JSON.stringify(f.example)} ${f.expected === 'match' ? 'should match but does not' : 'should not match but does'}\n`);
      }
      io.out(
        `${issues.length || failures.length ? '✗' : '✓'} ${sources.length} files, ${registry.patterns.length} patterns, ${checked} examples checked, ${issues.length} problems, ${failures.length} failing examples (registry ${registry.hash.slice(0, 12)})\n`,
      );
    }
    return issues.length || failures.length ? 1 : 0;
  },
};
