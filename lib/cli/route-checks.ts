// Intent overrides (patterns `routes`) that name a candidate the project's session cannot use: reported by
// `patterns check` and `doctor`, and never injected (lib/engine/route-suggest.ts skips them).

import type { Catalogue } from '../catalogue/types.js';
import { routeCandidate, type Route } from '../registry/types.js';

export function missingRouteTargets(routes: readonly Route[], catalogue: Pick<Catalogue, 'candidates'>): string[] {
  const known = new Set(catalogue.candidates.map((c) => c.id));
  return routes
    .filter((r) => {
      const id = routeCandidate(r);
      return id !== null && !known.has(id);
    })
    .map((r) => `${r.file ?? 'routes'}: route ${r.intent} → ${routeCandidate(r)}: no such ${routeCandidate(r)!.split(':')[0]} in this project's session (never suggested)`);
}
