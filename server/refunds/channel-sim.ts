import type { Db } from '../db/database.ts';
import { lockRow } from '../db/lock-row.ts';
import { newId } from '../lib/ids.ts';
import type { Job } from '../jobs/leader.ts';
import { CHANNEL_REFUND_RULES, REFUND_STATE } from '../../domain/refund-codes.ts';
import { takeChannelAnswer } from './transitions.ts';

/**
 * The pay channels' refund side, simulated by the reference server so REFUNDING really ends in
 * REFUNDED or FAILED. Like WeChat Pay, a channel knows a refund by its number: asked again under a
 * number it already paid, it answers success and pays nothing more; asked again after a failure,
 * it tries again. Acceptance is not success: the answer comes after `delayMs`, fails with
 * `failPercent`, and with `duplicatePercent` arrives twice at once. A job (once per database, like
 * the other simulators) hands REFUNDING refunds to the channel and delivers the answers that are due.
 */

export interface RefundChannelOptions {
  /** job period, ms; 0 = off */
  everyMs: number;
  /** from the channel's acceptance to its answer, ms */
  delayMs: number;
  /** chance that an attempt fails, percent */
  failPercent: number;
  /** chance that an answer is sent twice, percent */
  duplicatePercent: number;
  /** tests make the dice fixed */
  random?: () => number;
}

export const REFUND_CHANNEL_OFF: RefundChannelOptions = { everyMs: 0, delayMs: 0, failPercent: 0, duplicatePercent: 0 };

const FAIL_REASONS = ['用户银行卡已注销，原路退回失败', '渠道系统繁忙，请稍后重试', '商户账户余额不足'];

interface Asked {
  refundNo: string;
  attempt: number;
  channel: number;
  amountCents: number;
}

/** The channel accepts one attempt of a refund number (a second call for the same attempt changes nothing). */
async function accept(db: Db, a: Asked, opts: RefundChannelOptions, now: Date): Promise<void> {
  const dice = opts.random ?? Math.random;
  await db.transaction(async (tx) => {
    // the channel's own idempotency: one payout per refund number, whatever is asked
    const paid = await lockRow(tx, 'refundChannelPayout', a.refundNo, 'refundNo');
    const fails = !paid && dice() * 100 < opts.failPercent;
    const serial = paid?.channelSerial ?? `CH${a.channel}${newId().toUpperCase()}`;
    const inserted = await tx.query(
      `insert into refund_channel_request (refund_no, attempt, channel, amount_cents, accepted_at, answer_at, outcome, fail_reason, answers_left, channel_serial)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (refund_no, attempt) do nothing returning refund_no`,
      [
        a.refundNo,
        a.attempt,
        a.channel,
        a.amountCents,
        now,
        new Date(now.getTime() + opts.delayMs),
        fails ? 'FAIL' : 'SUCCESS',
        fails ? FAIL_REASONS[Math.floor(dice() * FAIL_REASONS.length)] : '',
        dice() * 100 < opts.duplicatePercent ? 2 : 1,
        serial,
      ],
    );
    if (inserted.rows.length && !fails && !paid)
      await tx.query(
        'insert into refund_channel_payout (id, refund_no, channel, amount_cents, channel_serial) values ($1, $2, $3, $4, $5)',
        [newId('po'), a.refundNo, a.channel, a.amountCents, serial],
      );
  });
}

/** One round: every REFUNDING attempt not yet with its channel is handed over; every due answer is delivered. */
export async function settleRefunds(db: Db, opts: RefundChannelOptions, now = new Date()): Promise<void> {
  const waiting = await db.query<{
    refund_no: string;
    attempts: number;
    channel: number;
    amount_cents: string;
    subject: string;
    last_sent: Date | null;
  }>(
    `select r.refund_no, r.attempts, r.channel, r.amount_cents, coalesce(r.order_id, r.card_payment_id) as subject,
            (select max(c.accepted_at) from refund_channel_request c join parking_order_refund o on o.refund_no = c.refund_no
              where coalesce(o.order_id, o.card_payment_id) = coalesce(r.order_id, r.card_payment_id) and o.refund_no <> r.refund_no) as last_sent
       from parking_order_refund r
      where r.status = $1 and not exists (select 1 from refund_channel_request c where c.refund_no = r.refund_no and c.attempt = r.attempts)
      order by r.last_modify_time limit 100`,
    [REFUND_STATE.REFUNDING],
  );
  const sentNow = new Set<string>();
  for (const w of waiting.rows) {
    // a channel that wants refunds of one order apart (WeChat: a minute) gets the next one later
    const gap = (CHANNEL_REFUND_RULES[w.channel]?.minGapSeconds ?? 0) * 1000;
    if (gap && (sentNow.has(w.subject) || (w.last_sent && now.getTime() - w.last_sent.getTime() < gap))) continue;
    sentNow.add(w.subject);
    await accept(db, { refundNo: w.refund_no, attempt: w.attempts, channel: w.channel, amountCents: Number(w.amount_cents) }, opts, now);
  }
  // each due answer is taken once from the channel's queue, with how many times it is sent
  const due = await db.query<{
    refund_no: string;
    attempt: number;
    outcome: 'SUCCESS' | 'FAIL';
    fail_reason: string;
    sends: number;
    channel_serial: string;
  }>(
    `with due as (
       select refund_no, attempt, answers_left from refund_channel_request
        where answers_left > 0 and answer_at <= $1 order by answer_at limit 100 for update)
     update refund_channel_request c set answers_left = 0 from due
      where c.refund_no = due.refund_no and c.attempt = due.attempt
     returning c.refund_no, c.attempt, c.outcome, c.fail_reason, due.answers_left as sends, c.channel_serial`,
    [now],
  );
  for (const d of due.rows) {
    const answer = {
      refundNo: d.refund_no,
      attempt: d.attempt,
      outcome: d.outcome,
      channelSerial: d.channel_serial,
      failReason: d.fail_reason,
    };
    // a duplicate arrives at the same moment as the first: both are taken concurrently
    await Promise.all(Array.from({ length: Number(d.sends) }, () => takeChannelAnswer(db, answer)));
  }
}

/** The simulator as a background job. */
export const refundChannelJob = (opts: RefundChannelOptions): Job => ({
  name: 'refund-channel',
  everyMs: opts.everyMs,
  tick: (db) => settleRefunds(db, opts),
});
