// A hook bundle embeds only the pattern kinds its route reads. The subset keeps the full registry's hash (the
// audit names the registry, not the bundle), and reading a kind it does not carry throws instead of matching
// nothing, so a kind missing from HOOK_KINDS fails the hook-process tests loudly.

import { describe, expect, it } from 'vitest';
import { HOOK_KINDS, HOOKS, type HookName } from '../../lib/hook/hooks.js';
import { registrySubset, VIEW_LIST, viewOf } from '../../lib/registry/select.js';
import { shippedRegistry } from '../helpers/registry.js';

describe('per-hook registry subsets', () => {
  it.each(Object.keys(HOOKS) as HookName[])('%s carries its kinds, the same hash, and refuses the others', async (hook) => {
    const full = await shippedRegistry();
    const sub = registrySubset(full, HOOK_KINDS[hook]);
    expect(sub.hash).toBe(full.hash);
    expect(sub.patterns.every((p) => HOOK_KINDS[hook].includes(p.kind))).toBe(true);
    expect(sub.patterns.length).toBe(full.patterns.filter((p) => HOOK_KINDS[hook].includes(p.kind)).length);
    expect(viewOf(sub).secrets).toEqual(viewOf(full).secrets);
    const missing = [...new Set(full.patterns.map((p) => p.kind))].filter((k) => !HOOK_KINDS[hook].includes(k));
    expect(missing.length).toBeGreaterThan(0);
    for (const kind of missing) expect(() => viewOf(sub)[VIEW_LIST[kind]], kind).toThrow(/carries no/);
    for (const kind of HOOK_KINDS[hook]) expect(viewOf(sub)[VIEW_LIST[kind]]).toEqual(viewOf(full)[VIEW_LIST[kind]]);
    // The router's data only where the prompt route is: the lexicon (and routes) are the user-prompt bundle's.
    const routed = HOOK_KINDS[hook].includes('intent');
    expect(sub.lexicon.synonyms.length > 0).toBe(routed);
    if (routed) expect({ routes: sub.routes, lexicon: sub.lexicon }).toEqual({ routes: full.routes, lexicon: full.lexicon });
    // The full registry never throws.
    expect(() => viewOf(full).claims).not.toThrow();
  });
});
