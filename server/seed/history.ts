import type { Db } from '../db/database.ts';
import { seedArrears } from '../arrears/create.ts';
import { seedRefunds } from '../refunds/seed.ts';
import { seedCoupons } from '../coupons/seed.ts';
import { type CardBook, seedShowcaseStays } from '../cards/seed.ts';
import { type DayOfHistory, seedTraffic } from './traffic.ts';

/**
 * The demo's order history: 90 days of priced stays and what follows from them (debts). A test or
 * a PostgreSQL start seeds it with the rest; a new PGlite folder under `npm start` leaves it to the
 * server, which answers at once and fills it in day by day (history-later.ts), because it is most of
 * a first start's time. `sys_config.demoHistory` says how many days are still owed.
 */

export const HISTORY_KEY = 'demoHistory';

/** Every order the history writes has an id starting so (seed/traffic.ts, cards/seed.ts): what an interrupted fill removes. */
export const HISTORY_ORDER_IDS = ['o-s%', 'o-gc%'];
/** … and every group-card slot row. */
export const HISTORY_SLOT_IDS = ['gs-s%', 'gs-gc%'];

/** The whole history (in the caller's transaction, or day by day through `onDay`); answers the number of orders. */
export async function seedOrderHistory(
  tx: Db,
  days: number,
  cards: CardBook,
  onDay?: (day: DayOfHistory) => Promise<void>,
): Promise<number> {
  const n = await seedTraffic(tx, { days, cards, onDay });
  // what follows from the stays, at once (a transaction of its own when the days were written one by one)
  await tx.transaction(async (t) => {
    await seedShowcaseStays(t, cards); // the 2-slot group card's cars in the lot now
    await seedArrears(t); // the history's unpaid exits are debts already
    await seedRefunds(t);
    await seedCoupons(t); // the coupons the history's stays used, with the merchants' ledgers
  });
  return n;
}

/** What a first start leaves for the server: the days of history to write and the cards its stays use. */
export interface PendingHistory {
  days: number;
  cards: CardBook;
}

export async function markHistoryPending(tx: Db, days: number, cards: CardBook): Promise<void> {
  const value = JSON.stringify({ days, cards: { month: [...cards.month], group: [...cards.group] } });
  await tx.query('insert into sys_config (key, value) values ($1, $2)', [HISTORY_KEY, value]);
}

/** The history still to seed, or null when none is owed. */
export async function pendingHistory(db: Db): Promise<PendingHistory | null> {
  const { rows } = await db.query<{ value: string }>('select value from sys_config where key = $1', [HISTORY_KEY]);
  if (!rows[0]) return null;
  const { days, cards } = JSON.parse(rows[0].value) as { days: number; cards: { month: [string, never][]; group: [string, never][] } };
  return { days, cards: { month: new Map(cards.month), group: new Map(cards.group) } };
}

export async function clearHistoryPending(db: Db): Promise<void> {
  await db.query('delete from sys_config where key = $1', [HISTORY_KEY]);
}
