import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { HISTORY_ORDER_IDS, HISTORY_SLOT_IDS, clearHistoryPending, pendingHistory, seedOrderHistory } from './history.ts';
import { insertOrders } from './traffic-insert.ts';
import { DEMO_HISTORY_HEADER } from '../../domain/demo-history-header.ts';

/**
 * Fills the order history a first start left to the server (seed/history.ts), while the server
 * already answers: one day at a time, each in a short transaction of its own, so a request waits at
 * most for one day's insert (PGlite has one connection). Stopping (a graceful shutdown) ends it
 * between two days; the next start removes the part-written history and begins again.
 */

export interface HistoryFill {
  /** days written and days in all, while the fill runs; null once the history is complete */
  progress(): { done: number; of: number } | null;
  /** ends the fill between two days (resolves when it has stopped) */
  stop(): Promise<void>;
  /** resolves when the history is complete, or the fill stopped or failed */
  readonly finished: Promise<void>;
}

const NOTHING_OWED: HistoryFill = { progress: () => null, stop: async () => {}, finished: Promise.resolve() };

class Stopped extends Error {}

export async function fillHistoryLater(db: Db, log: (msg: string, e?: unknown) => void): Promise<HistoryFill> {
  const pending = await pendingHistory(db);
  if (pending === null) return NOTHING_OWED;
  const { days, cards } = pending;
  let state: { done: number; of: number } | null = { done: 0, of: days + 1 };
  let stopping = false;
  const run = async () => {
    const started = Date.now();
    // what an interrupted fill wrote: refunds first (they hold their payment), then the orders,
    // which take their payments, coupons, audit and debts with them
    await db.transaction(async (tx) => {
      await tx.query(`delete from group_card_slot where id like any($1::text[])`, [HISTORY_SLOT_IDS]);
      await tx.query(`delete from parking_order_refund where order_id like any($1::text[])`, [HISTORY_ORDER_IDS]);
      await tx.query(`delete from parking_order where id like any($1::text[])`, [HISTORY_ORDER_IDS]);
    });
    const orders = await seedOrderHistory(db, days, cards, async (day) => {
      if (stopping) throw new Stopped();
      await db.transaction((tx) => insertOrders(tx, day.orders, day.payments, day.coupons));
      state = { done: day.index, of: day.of };
      // let the requests that queued behind this day's insert go first
      await new Promise((resolve) => setImmediate(resolve));
    });
    await db.query('analyze parking_order');
    await clearHistoryPending(db);
    state = null;
    log(
      `demo history: ${orders.toLocaleString('en-US')} orders of ${days} days written in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  };
  const finished = run().catch((e: unknown) => {
    if (!(e instanceof Stopped)) log('demo history: the fill failed; it starts again at the next start', e);
  });
  return {
    progress: () => state,
    stop: async () => {
      stopping = true;
      await finished;
    },
    finished,
  };
}

export function installHistoryProgress(app: FastifyInstance, history: HistoryFill): void {
  app.addHook('onRequest', async (_req, reply) => {
    const p = history.progress();
    if (p) reply.header(DEMO_HISTORY_HEADER, `${p.done}/${p.of}`);
  });
}
