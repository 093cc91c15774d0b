import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { cardHolderAt } from '../cards/sim.ts';
import { CARD_STATUS } from '../../domain/card-codes.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { trafficSimJob } from '../jobs/traffic-sim.ts';
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
    'answers at once, says how far the history is, resumes after a stop, lets no card holder of the traffic in until it is complete, and ends complete with no order twice',
    { timeout: 120_000 },
    async () => {
      let { app, db } = await start();
      expect(await progressOf(app)).toMatch(/^\d+\/21$/);
      // stopped part-way (a restart while it writes): the next start begins the history again
      await app.close();
      ({ app, db } = await start());
      expect(await progressOf(app)).toMatch(/^\d+\/21$/);
      const count = async (sql: string) => Number((await db.query<{ n: number }>(sql)).rows[0].n);
      const lotOf = async (table: string) =>
        (
          await db.query<{ id: string }>(
            `select parking_id as id from ${table} where status = $1 and start_date <= current_date and end_date >= current_date limit 1`,
            [CARD_STATUS.ACTIVE],
          )
        ).rows[0].id;
      const [monthLot, groupLot] = [await lotOf('month_card'), await lotOf('group_card')];
      // the traffic simulator runs meanwhile, but lets no card holder in: the history writes their
      // stays last, and a group card's plate let in meanwhile would take its slot twice (the fill failed so)
      expect(await cardHolderAt(db, monthLot, 2)).toBeNull();
      expect(await cardHolderAt(db, groupLot, 3)).toBeNull();
      const simCardHolders = `select count(*)::int as n from parking_order where id ~ '^o-[0-9a-f]{12}$' and car_class in (2, 3)`;
      for (let tick = 0; tick < 2; tick++) await trafficSimJob(3_600_000).tick(db);
      if (await progressOf(app)) expect(await count(simCardHolders)).toBe(0);
      // a fill that failed would say it is still writing until the next start
      await expect.poll(() => progressOf(app), { timeout: 90_000, interval: 200 }).toBeUndefined();
      // no card plate in the lot twice (an abnormal stay, entered again without an exit, is not in
      // it); once the history is complete, card holders come again
      expect(
        await count(`select count(*)::int as n from (select plate_no from parking_order
                      where exit_time is null and state in (${ORDER_STATE.IN_PARK}, ${ORDER_STATE.PAID_IN_PARK}) and car_class in (2, 3)
                      group by plate_no having count(*) > 1) twice`),
      ).toBe(0);
      expect(await cardHolderAt(db, groupLot, 3)).not.toBeNull();
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
