import type { Db } from '../db/database.ts';
import { ApiError, badRequest } from '../lib/envelope.ts';
import { quoteRenewalOf, runCardActionAs } from '../cards/actions.ts';
import { cardDay } from '../cards/common.ts';
import { cardMachine } from '../cards/state-machine.ts';
import type { RenewalQuote } from '../cards/renewal.ts';
import { stayByToken } from './bill.ts';
import type { PaymentRow } from './payments.ts';
import { newTradeNo } from './trade-no.ts';

/**
 * A monthly card renewed from the driver's phone: the bill of a stay its card covers offers 续费.
 * The quote is the desk's (cards/actions.ts, the product's periods and renewal limit); the payment
 * goes through the provider like a stay's (payments.ts), and when its notify comes the renewal is
 * the card's own action, as at the desk, at the price the driver was shown: the card locked, its
 * machine asked, a card_payment row under the provider's transaction, the card's audit. A renewal
 * no longer possible then (the card frozen or refunded meanwhile, the price changed) keeps the money
 * as unapplied, for the console to give back (退款审核 › 未入账支付).
 */

export const RENEW_OPERATOR = '车主自助续费';

/** The monthly card of order `token`'s plate in its lot that a renewal would extend. */
async function cardOfOrder(db: Db, token: string): Promise<{ orderId: string; cardId: string }> {
  const stay = await stayByToken(db, token);
  if (!stay) throw new ApiError(404, '订单不存在');
  const { rows } = await db.query<{ id: string }>(
    `select id from month_card where parking_id = $1 and $2 = any(plate_nos) and status = any($3::smallint[])
      order by end_date desc limit 1`,
    [stay.parkingId, stay.plateNo, cardMachine.statesBefore('renew')],
  );
  if (!rows[0]) throw badRequest('该车辆在本停车场没有可续费的月卡');
  return { orderId: stay.id, cardId: rows[0].id };
}

export type PhoneRenewalQuote = RenewalQuote & { cardNo: string; maxPeriods: number };

/** What renewing the card of order `token`'s plate for `periods` periods costs now, or why it may not. */
export async function renewalQuoteOfOrder(db: Db, token: string, periods: number): Promise<PhoneRenewalQuote> {
  const { cardId } = await cardOfOrder(db, token);
  return quoteRenewalOf(db, cardId, periods);
}

/** A payment of `periods` periods of the card of order `token`'s plate, at today's quote. */
export async function createRenewalPayment(
  db: Db,
  token: string,
  periods: number,
  channel: number,
): Promise<{ outTradeNo: string; amountCents: number; quote: PhoneRenewalQuote }> {
  const { orderId, cardId } = await cardOfOrder(db, token);
  const quote = await quoteRenewalOf(db, cardId, periods);
  const outTradeNo = newTradeNo();
  await db.query(
    `insert into public_payment (out_trade_no, order_id, arrears, stay_cents, arrears_cents, amount_cents, billed_at, channel,
                                 card_id, renew_periods, renew_cents)
     values ($1, $2, '[]', 0, 0, $3, now(), $4, $5, $6, $3)`,
    [outTradeNo, orderId, quote.amountCents, channel, cardId, quote.periods],
  );
  return { outTradeNo, amountCents: quote.amountCents, quote };
}

/** The notify paid renewal payment `p`: the card is renewed now, or the money is held for a refund. */
export async function applyRenewal(tx: Db, p: PaymentRow, txnId: string): Promise<{ outcome: string; unappliedCents: number }> {
  try {
    const r = await runCardActionAs(
      tx,
      { req: null, operator: RENEW_OPERATOR, assertLot: () => undefined, serialNo: txnId, expectCents: p.renew_cents },
      'month',
      p.card_id!,
      'renew',
      { channel: p.channel, periods: p.renew_periods },
    );
    return { outcome: `renewed: ${r.endDate}`, unappliedCents: 0 };
  } catch (e) {
    // every refusal comes before the card's first write (cards/actions.ts): nothing to undo
    if (!(e instanceof ApiError)) throw e;
    return { outcome: `unapplied: renewal refused: ${e.message}`, unappliedCents: p.renew_cents };
  }
}

/** For the result page: the renewed card and its end date now (null for a stay's payment). */
export async function renewalOfPayment(db: Db, p: PaymentRow): Promise<{ cardNo: string; endDate: string } | null> {
  if (!p.card_id) return null;
  const { rows } = await db.query<{ card_no: string; end_date: unknown }>('select card_no, end_date from month_card where id = $1', [
    p.card_id,
  ]);
  return rows[0] ? { cardNo: rows[0].card_no, endDate: cardDay(rows[0].end_date) } : null;
}
