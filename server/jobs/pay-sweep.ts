import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { ApiError } from '../lib/envelope.ts';
import { PAY_EXPIRES_MS, closePayment, providerBooking, signedNotify, takeNotify } from '../public/payments.ts';
import type { Job } from './leader.ts';

/**
 * Public payments no page is watching, once per database: a payment awaiting its notify past 30 s is
 * asked about at the provider (a paid payment whose notify was lost is paid now, not when a page
 * happens to poll), one the wallet never paid is closed after 15 minutes (sweepPayments below).
 * PAY_SWEEP_MS sets the tick; 0 turns it off.
 */
/** the sweep asks the provider about payments awaiting their notify longer than this */
export const SWEEP_QUERY_AFTER_MS = 30_000;

/**
 * The sweep: payments awaiting their notify longer than SWEEP_QUERY_AFTER_MS are
 * asked about at the provider and its booking taken as the notify (a lost notify pays without a page
 * polling); those the provider never booked are closed after PAY_EXPIRES_MS. Answers the counts.
 */
export async function sweepPayments(
  db: Db,
  now: number = Date.now(),
  log?: FastifyBaseLogger,
): Promise<{ asked: number; paid: number; closed: number }> {
  // only what the sweep can settle now (booked, or old enough to close): a crowd of young unpaid
  // payments never hides one whose notify was lost
  const { rows } = await db.query<{ out_trade_no: string; create_time: Date }>(
    `select p.out_trade_no, p.create_time from public_payment p
      where p.status = 'awaiting' and p.create_time < to_timestamp($1::float8 / 1000)
        and (exists (select 1 from pay_provider_sim b where b.out_trade_no = p.out_trade_no)
             or p.create_time < to_timestamp($2::float8 / 1000))
      order by p.create_time limit 200`,
    [now - SWEEP_QUERY_AFTER_MS, now - PAY_EXPIRES_MS],
  );
  let paid = 0;
  let closed = 0;
  for (const r of rows) {
    try {
      const booked = await providerBooking(db, r.out_trade_no);
      if (booked) {
        const n = signedNotify({ outTradeNo: r.out_trade_no, transactionId: booked.txn_id, amountCents: Number(booked.amount_cents) });
        if ((await takeNotify(db, n, log)).result === 'SUCCESS') paid++;
      } else if ((await closePayment(db, r.out_trade_no, 'expired')).closed) closed++;
    } catch (e) {
      // booked or paid meanwhile (the next tick takes it), or this one failed: the others go on
      if (!(e instanceof ApiError)) log?.error({ err: e, outTradeNo: r.out_trade_no }, 'pay sweep: a payment could not be settled');
    }
  }
  return { asked: rows.length, paid, closed };
}

export function paySweepJob(everyMs: number): Job {
  return {
    name: 'pay-sweep',
    everyMs,
    async tick(db) {
      // a backlog goes in batches of 200 while a batch settles some: a full batch of payments nobody
      // paid and too young to close would be asked again at once, for ever (the next tick asks them)
      for (;;) {
        const r = await sweepPayments(db);
        if (r.asked < 200 || r.paid + r.closed === 0) break;
      }
    },
  };
}
