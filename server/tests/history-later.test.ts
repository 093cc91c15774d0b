import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { HISTORY_KEY } from '../seed/history.ts';
import { DEMO_HISTORY_HEADER as HISTORY_HEADER } from '../../domain/demo-history-header.ts';
import { onPostgres } from './test-database.ts';

// A first `npm start` answers before the order history is written, then writes it day by day.
const dir = mkdtempSync(join(tmpdir(), 'parking-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const start = () =>
  buildApp({ database: { dataDir: join(dir, 'db') }, historyAfterStart: true, seedOrderDays: 20, chargingHistoryDays: 1 });
const progressOf = async (app: Awaited<ReturnType<typeof start>>['app']) =>
  (await app.inject({ url: '/api/health' })).headers[HISTORY_HEADER] as string | undefined;

describe.skipIf(onPostgres())('order history after the server answers', () => {
  it(
    'answers at once, says how far the history is, resumes after a stop, and ends complete with no order twice',
    { timeout: 120_000 },
    async () => {
      let { app, db } = await start();
      expect(await progressOf(app)).toMatch(/^\d+\/21$/);
      // stopped part-way (a restart while it writes): the next start begins the history again
      await app.close();
      ({ app, db } = await start());
      expect(await progressOf(app)).toMatch(/^\d+\/21$/);
      while (await progressOf(app)) await new Promise((r) => setTimeout(r, 200));
      const count = async (sql: string) => Number((await db.query<{ n: number }>(sql)).rows[0].n);
      expect(await count(`select count(*)::int as n from sys_config where key = '${HISTORY_KEY}'`)).toBe(0);
      const orders = await count(`select count(*)::int as n from parking_order where id like 'o-s%'`);
      expect(orders).toBeGreaterThan(20 * 500);
      // every day of the 20 has its orders, the oldest included
      expect(
        await count(
          `select count(distinct (entry_time at time zone 'Asia/Shanghai')::date)::int as n from parking_order where id like 'o-s%'`,
        ),
      ).toBeGreaterThanOrEqual(20);
      expect(await count(`select count(*)::int as n from parking_order_payment where id like 'pay-o-s%'`)).toBeGreaterThan(orders / 2);
      // the history's debts were recorded once it was complete
      expect(await count(`select count(*)::int as n from arrears_record`)).toBeGreaterThan(0);
      await app.close();
    },
  );
});
