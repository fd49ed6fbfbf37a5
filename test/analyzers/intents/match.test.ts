import { describe, expect, it } from 'vitest';
import { matchIntents } from '../../../lib/analyzers/intents/match.js';
import { viewOf } from '../../../lib/registry/select.js';
import { shippedRegistry } from '../../helpers/registry.js';

const ids = async (prompt: string) => matchIntents(prompt, viewOf(await shippedRegistry()).intents).map((m) => m.id);

describe('prompt intents on word boundaries (CYNIC substring defects)', () => {
  it.each([
    ['please perform a quick review', 'intents/danger'],
    ['show me the open PRs', 'intents/learning'],
    ['use the latest release', 'intents/testing'],
  ])('%s does not match %s', async (prompt, id) => {
    expect(await ids(prompt)).not.toContain(id);
  });

  it('routes "should we use zod or valibot?" to the decision intent', async () => {
    expect(await ids('should we use zod or valibot?')).toContain('intents/decision');
  });

  it('matches multi-word cues across whitespace and case', async () => {
    expect(await ids('Pros   and\nCons of both')).toContain('intents/decision');
  });
});
