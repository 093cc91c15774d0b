import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { assertLots, type LotScope } from '../resource/lot-scope.ts';
import { actionRefusal } from '../orders/order-actions.ts';
import { REFUND_REASON, REFUND_STATE, type RefundState } from '../../domain/refund-codes.ts';
import { PAY_CHANNEL } from '../../domain/parking-codes.ts';
import { yuan } from '../../domain/money.ts';
import { type PaymentRefunds, heldOf, paymentRefusal, refundRefusal, refundableOf, refundedOf } from './refundable.ts';
import { newRefundNo, refundSnapshot } from './store.ts';
import { netPaid } from '../orders/amounts.ts';
import { lockOrder } from '../orders/order-lock.ts';
import { operatorOf } from '../lib/operator.ts';
import { auditOrder, orderSnapshot } from '../orders/order-audit.ts';

/**
 * Applying for a refund (from the order's details or from 退款申请): one APPLIED request against
 * one payment, never more than that payment still gives back, within its channel's limits. Nothing
 * is paid here: another user approves it (transitions.ts), then the channel pays.
 */

export interface ApplyInput {
  amountCents: number;
  /** the payment; may be left out when the order has one payment that can still give back */
  paymentId?: string;
  /** REFUND_REASON code; 9 (other) when the applicant only wrote words */
  reasonCode?: number;
  reason?: string;
}

export interface PaymentView extends PaymentRefunds {
  id: string;
  serialNo: string;
}

/**
 * The orders an applicant may pick (退款申请): with money paid, by order number or plate prefix `q`,
 * in `lots` (null: every lot), the latest 20 stays first.
 */
export function ordersToRefund(db: Db, q: string, lots: LotScope) {
  return db.kysely
    .selectFrom('parkingOrder as o')
    .innerJoin('parking as p', 'p.id', 'o.parkingId')
    .select(['o.id', 'o.orderNo', 'o.plateNo', 'o.state', 'o.paidCents', 'o.refundedCents', 'o.exitTime', 'p.parkingName'])
    .where((eb) => eb.or([eb('o.orderNo', '=', q), eb('o.plateNo', 'like', `${q.replace(/[\\%_]/g, '\\$&')}%`)]))
    .where('o.paidCents', '>', 0)
    .$if(lots !== null, (qb) => qb.where('o.parkingId', 'in', lots!.length ? lots! : ['']))
    .orderBy('o.entryTime', 'desc')
    .limit(20)
    .execute();
}

/** The order a refund is applied against, with what it was paid and refunded (unlocked: the apply locks it). */
export const orderToRefund = (db: Db, orderId: string) =>
  db.kysely
    .selectFrom('parkingOrder')
    .select(['id', 'orderNo', 'plateNo', 'parkingId', 'paidCents', 'refundedCents'])
    .where('id', '=', orderId)
    .executeTakeFirst();

/** The payments of an order with their refund requests; locked when `lock` (an application in progress). */
export async function paymentsOf(db: Db, orderId: string, lock = false): Promise<PaymentView[]> {
  const payments = db.kysely
    .selectFrom('parkingOrderPayment')
    .select(['id', 'channel', 'serialNo', 'payTime', 'valueCents'])
    .where('orderId', '=', orderId)
    .orderBy('payTime')
    .orderBy('id');
  const rows = await (lock ? payments.forUpdate() : payments).execute();
  const refunds = await db.kysely
    .selectFrom('parkingOrderRefund')
    .select(['paymentId', 'amountCents', 'status'])
    .where('orderId', '=', orderId)
    .execute();
  return rows.map((p) => ({
    id: p.id,
    serialNo: p.serialNo,
    channel: Number(p.channel),
    payTime: p.payTime,
    valueCents: Number(p.valueCents),
    refunds: refunds
      .filter((r) => r.paymentId === p.id)
      .map((r) => ({ amountCents: Number(r.amountCents), status: Number(r.status) as RefundState })),
  }));
}

/** What the apply screens show per payment: refunded, held, refundable, and why not when it cannot. */
export const paymentAnswer = (p: PaymentView, now = new Date()) => ({
  id: p.id,
  serialNo: p.serialNo,
  channel: p.channel,
  channelLabel: PAY_CHANNEL[p.channel] ?? '',
  payTime: p.payTime.getTime(),
  valueCents: p.valueCents,
  refundedCents: refundedOf(p),
  heldCents: heldOf(p),
  refundableCents: refundableOf(p),
  refusal: paymentRefusal(p, now),
  label: `${PAY_CHANNEL[p.channel] ?? ''} ${p.serialNo} 支付${yuan(p.valueCents)}元，可退${yuan(refundableOf(p))}元`,
});

function pickPayment(payments: PaymentView[], paymentId: string | undefined, now: Date): PaymentView {
  if (paymentId) {
    const p = payments.find((x) => x.id === paymentId);
    if (!p) throw badRequest('支付记录不属于该订单');
    return p;
  }
  const open = payments.filter((p) => paymentRefusal(p, now) === null);
  if (open.length === 1) return open[0];
  if (open.length === 0)
    throw badRequest(payments.length ? (paymentRefusal(payments[0], now) ?? '订单没有可退的支付') : '订单没有支付记录，无需退款');
  throw badRequest('订单有多笔支付，请选择要退款的支付记录');
}

/** The reason code and the words the request keeps (a code from the list, words of the applicant's own for 其他). */
export function refundReason(input: { reasonCode?: number; reason?: string }): { reasonCode: number; reason: string } {
  const reasonCode = input.reasonCode ?? 9;
  const words = (input.reason ?? '').trim();
  if (!REFUND_REASON[reasonCode]) throw badRequest('退款原因不正确，请从列表中选择');
  if (reasonCode === 9 && !words) throw badRequest('原因为“其他”时请填写退款说明');
  return { reasonCode, reason: words ? (reasonCode === 9 ? words : `${REFUND_REASON[reasonCode]}：${words}`) : REFUND_REASON[reasonCode] };
}

/** Records an APPLIED request for the caller of `req`; answers its id and number. */
export async function applyRefund(
  db: Db,
  req: FastifyRequest,
  orderId: string,
  input: ApplyInput,
): Promise<{ id: string; refundNo: string }> {
  const { reasonCode, reason } = refundReason(input);
  const now = new Date();
  return db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId);
    assertLots(req, o.parkingId);
    const payments = await paymentsOf(tx, orderId, true);
    const held = payments.reduce((s, p) => s + heldOf(p), 0);
    const refused = actionRefusal({ ...o, pendingRefundCents: held }, 'refund');
    if (refused) throw badRequest(refused);
    const payment = pickPayment(payments, input.paymentId, now);
    const refusal = refundRefusal(payment, input.amountCents, now);
    if (refusal) throw badRequest(refusal);
    // the order's own net payments bound it too (a payment can never give back more than the order kept)
    const kept = netPaid(o) - held;
    if (input.amountCents > kept) throw badRequest(`退款金额不能超过订单的可退金额${yuan(kept)}元`);
    const id = newId('rf');
    const refundNo = newRefundNo(now);
    const applicant = operatorOf(req, '');
    await tx.query(
      `insert into parking_order_refund (id, order_id, refund_no, amount_cents, reason, reason_code, status, applicant, applicant_id, payment_id,
                                         parking_id, channel, order_no, plate_no)
       select $1, $2, $3, $4, $5, $6, ${REFUND_STATE.APPLIED}, $7, $8, $9, $10, $11, o.order_no, o.plate_no from parking_order o where o.id = $2`,
      [
        id,
        orderId,
        refundNo,
        input.amountCents,
        reason,
        reasonCode,
        applicant,
        req.auth?.userId ?? '',
        payment.id,
        o.parkingId,
        payment.channel,
      ],
    );
    await auditOrder(tx, orderId, {
      action: 'refund',
      operator: applicant,
      before: orderSnapshot(o),
      after: refundSnapshot(o, { refundNo, amountCents: input.amountCents, status: REFUND_STATE.APPLIED }),
      reason,
    });
    await writeOperLog(tx, req, {
      action: 'create',
      module: 'refund',
      recordId: id,
      detail: `${o.orderNo} 申请退款 ${refundNo} ${yuan(input.amountCents)}元：${reason}`,
    });
    return { id, refundNo };
  });
}
