// The production-name rule on its own, where the analyzer reads a database command's target from, and the
// escalation it drives: the same destructive-statement rule asks on a dev database and blocks on production.

import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../lib/analyzers/shell/analyze.js';
import { matchShell } from '../../../lib/analyzers/shell/match.js';
import { namesProduction, productionTarget } from '../../../lib/analyzers/shell/production.js';
import type { CompiledShell } from '../../../lib/registry/types.js';
import { shippedRegistry } from '../../helpers/registry.js';

const CTX = { cwd: '/home/dev/project', home: '/home/dev', projectDir: '/home/dev/project' };
const target = (cmd: string) => {
  const segs = analyzeShell(cmd, CTX).segments;
  return productionTarget(segs[segs.length - 1]!);
};

describe('namesProduction: whole name parts only', () => {
  it.each(['prod', 'PROD', 'production', 'prd', 'live', 'prod-db.internal', 'db-prod', 'app_production', 'live-db', 'shop_live', 'cluster0.prod.example.net', 'db.prd.eu'])(
    '%s says production',
    (name) => expect(namesProduction(name)).toBe(true),
  );
  it.each(['products', 'product_catalog', 'liveness', 'delivery', 'prodigy', 'olive', 'reproduce', 'staging', 'dev', 'prodDb', ''])(
    '%s does not',
    (name) => expect(namesProduction(name)).toBe(false),
  );
});

describe('productionTarget: where a database command names its target', () => {
  it.each([
    ['psql -h prod-db -c "DROP TABLE t"', '-h prod-db'],
    ['mysql --host=db.prod.internal -e "x"', '--host db.prod.internal'],
    ['psql postgres://u@prod.example.com:5432/app', 'prod.example.com'],
    ['psql postgres://u@db.example.com/app_production', 'app_production'],
    ['DATABASE_URL=postgres://u@prod.example.com/app psql -c "x"', 'DATABASE_URL=prod.example.com'],
    ['PGDATABASE=shop_live psql -c "x"', 'PGDATABASE=shop_live'],
    ['dropdb production', 'production'],
    ['psql -c "DROP DATABASE prod"', '-c prod'],
    ['mongosh --eval "db.getSiblingDB(\'live\').dropDatabase()"', '--eval live'],
  ])('%s → %s', (cmd, want) => expect(target(cmd)).toBe(want));

  it.each([
    'psql -h localhost -d products -c "DROP TABLE x"',
    'psql -U live_user -h localhost -c "DROP TABLE x"',
    'psql -h localhost -c "DROP TABLE live_events"',
    'psql -f prod.sql',
    'psql -p 5432 -h localhost -c "DROP TABLE x"',
    'LIVE=1 psql -h localhost',
  ])('%s → none', (cmd) => expect(target(cmd)).toBeUndefined());
});

describe('escalate: one rule, a stronger verdict on production', () => {
  it('the same id asks on a dev host and blocks on a production host, naming the target', async () => {
    const registry = await shippedRegistry();
    const drop = registry.patterns.filter((p): p is CompiledShell => p.id === 'bash-data/sql-drop-table');
    const judge = (cmd: string) => matchShell(analyzeShell(cmd, CTX), drop, CTX)[0];
    expect(judge("psql -h dev-db -c 'DROP TABLE users'")).toMatchObject({ id: 'bash-data/sql-drop-table', action: 'ask', severity: 'high' });
    const prod = judge("psql -h prod-db -c 'DROP TABLE users'");
    expect(prod).toMatchObject({ id: 'bash-data/sql-drop-table', action: 'block', severity: 'critical' });
    expect(prod?.matched).toMatch(/^production target: -h prod-db/);
    expect(prod?.message).toMatch(/production/);
    expect(prod?.hint).toMatch(/show the user the exact statement/);
  });
});
