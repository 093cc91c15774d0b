import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { MIGRATIONS_DIR } from '../db/migrate.ts';
import { call, login } from './helpers.ts';

const dirs: string[] = [];
const tempDir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'parking-server-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('migrations and seed on a data folder', () => {
  it('applies every migration once, seeds once, and keeps data across restarts', { timeout: 90_000 }, async () => {
    const dataDir = join(tempDir(), 'db');
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort();

    // a small seed: this test is about migrations and restarts, not the demo history
    let { app, db } = await buildApp({ database: { dataDir }, chargingHistoryDays: 2, seedOrderDays: 2 });
    const first = await db.query<{ name: string; applied_at: Date }>('select name, applied_at from schema_migrations order by name');
    expect(first.rows.map((r) => r.name)).toEqual(files);
    const token = await login(app, 'admin', 'admin123');
    const created = await call(app, 'POST', '/api/system/Parking', {
      token,
      json: { parkingCode: 'PERSIST-1', parkingName: '持久化测试', type: 0, roadType: 1 },
    });
    expect(created.body.code).toBe(200);
    await app.close();

    ({ app, db } = await buildApp({ database: { dataDir } }));
    const second = await db.query<{ name: string; applied_at: Date }>('select name, applied_at from schema_migrations order by name');
    expect(second.rows).toEqual(first.rows);
    // admin, operator, and the demo finance and collector accounts (seed/demo-accounts.ts)
    expect((await db.query<{ n: number }>('select count(*)::int as n from users')).rows[0].n).toBe(4);
    expect((await db.query<{ n: number }>(`select count(*)::int as n from parking where parking_code = 'PERSIST-1'`)).rows[0].n).toBe(1);
    // the token survived the restart
    expect((await call(app, 'GET', '/api/oauth/CurrentUser', { token })).body.code).toBe(200);
    await app.close();
  });
});
