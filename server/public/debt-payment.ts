import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { ApiError } from '../lib/envelope.ts';
import { payableDebts } from './bill.ts';
import { newTradeNo } from './trade-no.ts';

/**
 * A plate's open debts collected alone at the kerb (the collector's handheld, the car not in the
 * collector's lots): one payment of the debts as the handheld listed them, paid through the
 * provider like any (payments.ts takes its notify; each debt by payDebt, a debt paid meanwhile at
 * the desk left over for a refund). It hangs on the order of its oldest debt: there is no stay.
 */
export async function createDebtPayment(
  db: Db,
  req: FastifyRequest,
  plateNo: string,
  channel: number,
  collector: string,
): Promise<{ outTradeNo: string; amountCents: number; orderId: string }> {
  const debts = await payableDebts(db, req, plateNo, '');
  if (!debts.length) throw new ApiError(404, `车牌${plateNo}在您负责的停车场没有在场车辆，也没有待缴欠费`);
  const { rows } = await db.query<{ order_id: string }>('select order_id from arrears_record where id = $1', [debts[0].id]);
  const amountCents = debts.reduce((s, d) => s + d.owedCents, 0);
  const outTradeNo = newTradeNo();
  await db.query(
    `insert into public_payment (out_trade_no, order_id, arrears, stay_cents, arrears_cents, amount_cents, billed_at, channel, collector)
     values ($1, $2, $3, 0, $4, $4, now(), $5, $6)`,
    [outTradeNo, rows[0].order_id, JSON.stringify(debts.map((d) => ({ id: d.id, cents: d.owedCents }))), amountCents, channel, collector],
  );
  return { outTradeNo, amountCents, orderId: rows[0].order_id };
}
