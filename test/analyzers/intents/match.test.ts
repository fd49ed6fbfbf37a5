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

describe('paraphrases: intents understood beyond their listed words (stems, any order)', () => {
  it.each([
    ['wipe the orders table', 'intents/danger'],
    ['get rid of every row in the orders table', 'intents/danger'],
    ['can you empty the uploads bucket, all of it', 'intents/danger'],
    ['drop the users table in production', 'intents/danger'],
    ['rewrite the history of main to get the big file out', 'intents/danger'],
    ['our API key ended up in a public gist', 'intents/security'],
    ['I think the AWS secret got committed to the repo last week', 'intents/security'],
    ['someone pushed the stripe token to github', 'intents/security'],
    ['users can skip the login page by editing the URL', 'intents/security'],
    ['is the search box open to SQL injection?', 'intents/security'],
  ])('%s → %s', async (prompt, id) => {
    expect(await ids(prompt)).toContain(id);
  });

  it.each([
    ['clear the table filter when the page loads', 'intents/danger'],
    ['delete the unused import in cart.ts', 'intents/danger'],
    ['remove the production-only console.log', 'intents/danger'],
    ['truncate long strings in the table view', 'intents/danger'],
    ['make the API key field required in the settings form', 'intents/security'],
    ['rotate the log files weekly', 'intents/security'],
  ])('%s is not %s', async (prompt, id) => {
    expect(await ids(prompt)).not.toContain(id);
  });

  it('says which words of the prompt made the paraphrase', async () => {
    const reg = await shippedRegistry();
    const m = matchIntents('our API key ended up in a public gist', viewOf(reg).intents).find((x) => x.id === 'intents/security');
    expect(m?.matched).toBe('key … public');
  });
});
