import type { Db } from '../db/database.ts';
import { seedArrears } from '../arrears/create.ts';
import { seedRefunds } from '../refunds/seed.ts';
import { seedCoupons } from '../coupons/seed.ts';
import { type DayOfHistory, seedTraffic } from './traffic.ts';

/**
 * The demo's order history: 90 days of priced stays and what follows from them (debts). A test or
 * a PostgreSQL start seeds it with the rest; a new PGlite folder under `npm start` leaves it to the
 * server, which answers at once and fills it in day by day (history-later.ts), because it is most of
 * a first start's time. `sys_config.demoHistory` says how many days are still owed.
 */

export const HISTORY_KEY = 'demoHistory';

/** Every order the history writes has an id starting so (seed/traffic.ts): what an interrupted fill removes. */
export const HISTORY_ORDER_IDS = 'o-s%';

/** The whole history (in the caller's transaction, or day by day through `onDay`); answers the number of orders. */
export async function seedOrderHistory(tx: Db, days: number, onDay?: (day: DayOfHistory) => Promise<void>): Promise<number> {
  const n = await seedTraffic(tx, { days, onDay });
  // what follows from the stays, at once (a transaction of its own when the days were written one by one)
  await tx.transaction(async (t) => {
    await seedArrears(t); // the history's unpaid exits are debts already
    await seedRefunds(t);
    await seedCoupons(t); // the coupons the history's stays used, with the merchants' ledgers
  });
  return n;
}

export async function markHistoryPending(tx: Db, days: number): Promise<void> {
  await tx.query('insert into sys_config (key, value) values ($1, $2)', [HISTORY_KEY, String(days)]);
}

/** The days of history still to seed, or null when none are owed. */
export async function pendingHistoryDays(db: Db): Promise<number | null> {
  const { rows } = await db.query<{ value: string }>('select value from sys_config where key = $1', [HISTORY_KEY]);
  return rows[0] ? Number(rows[0].value) : null;
}

export async function clearHistoryPending(db: Db): Promise<void> {
  await db.query('delete from sys_config where key = $1', [HISTORY_KEY]);
}
