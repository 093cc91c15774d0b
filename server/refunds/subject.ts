import type { Db } from '../db/database.ts';
import { lockRow } from '../db/lock-row.ts';
import { badRequest, notFound } from '../lib/envelope.ts';
import { auditCard } from '../cards/common.ts';
import { yuan } from '../../domain/money.ts';
import type { RefundState } from '../../domain/refund-codes.ts';
import { netPaid, withRefund } from '../orders/amounts.ts';
import { lockOrder } from '../orders/order-lock.ts';
import { type OrderMoney, type RefundRow, refundFields, refundSnapshot } from './store.ts';
import { auditOrder } from '../orders/order-audit.ts';
import { assertCardStopped, endIfRefunded } from '../cards/card-end.ts';
import { cardPayments } from './apply-card.ts';
import { refundableOf } from './refundable.ts';

/**
 * What a refund pays back: a parking order's payment, or a monthly or group card's payment. Each
 * locks its row, says what its audit keeps, where the audit rows go, and what paying back changes
 * (the order's split; the card payment's refunded amount), so the refund's steps (transitions.ts)
 * are the same for both.
 */
export interface RefundSubject {
  /** the order number or the card number, for the operation log */
  name: string;
  /** what the audit keeps of the subject with this refund in it */
  snapshot(r: { refundNo: string; amountCents: number; status: RefundState }): object;
  audit(tx: Db, action: string, operator: string, before: object, after: object, reason: string): Promise<void>;
  /** the money left: the subject as it is afterwards */
  complete(tx: Db, r: RefundRow, operator: string): Promise<RefundSubject>;
  /** refuses paying `r` out now (approval re-checks what the application checked, under lock) */
  assertPayable?(tx: Db, r: RefundRow): Promise<void>;
}

function orderSubject(o: OrderMoney): RefundSubject {
  return {
    name: o.orderNo,
    snapshot: (r) => refundSnapshot(o, r),
    audit: (tx, action, operator, before, after, reason) => auditOrder(tx, o.id, { action, operator, before, after, reason }),
    async complete(tx, r) {
      // the refunded amount goes up; what the stay cost and the payments taken stay as they were
      const after = withRefund(o, r.amountCents);
      if (!after) throw badRequest(`订单实收${yuan(netPaid(o))}元，不足以退款${yuan(r.amountCents)}元`);
      const moved = await tx.query(
        'update parking_order set refunded_cents = $2, last_modify_time = now() where id = $1 and refunded_cents = $3',
        [o.id, after.refundedCents, o.refundedCents],
      );
      if (moved.rowCount !== 1) throw new Error(`order ${o.id} changed under its lock`);
      return orderSubject(after);
    },
  };
}

interface CardPaymentMoney {
  id: string;
  cardKind: 'month' | 'group';
  cardId: string;
  cardNo: string;
  amountCents: number;
  refundedCents: number;
}

/** A card payment, locked until the transaction ends. */
export async function lockCardPayment(tx: Db, id: string): Promise<CardPaymentMoney> {
  const p = await lockRow(tx, 'cardPayment', id);
  if (!p) throw notFound();
  return {
    id: p.id,
    cardKind: p.cardKind,
    cardId: p.cardId,
    cardNo: p.cardNo,
    amountCents: Number(p.amountCents),
    refundedCents: Number(p.refundedCents),
  };
}

function cardSubject(p: CardPaymentMoney): RefundSubject {
  return {
    name: p.cardNo,
    snapshot: (r) => ({ cardNo: p.cardNo, paidCents: p.amountCents, refundedCents: p.refundedCents, ...refundFields(r) }),
    audit: (tx, action, operator, before, after, reason) =>
      auditCard(tx, { kind: p.cardKind, cardId: p.cardId, action, operator, before, after, reason }),
    async assertPayable(tx, r) {
      // all that is left of the payment goes back with this refund: the card must have stopped covering
      const [payment] = await cardPayments(tx, [p.id]);
      if (payment && refundableOf(payment) === 0 && r.amountCents > 0) await assertCardStopped(tx, p.cardKind, p.cardId);
    },
    async complete(tx, r, operator) {
      if (p.refundedCents + r.amountCents > p.amountCents)
        throw badRequest(`该笔卡费支付${yuan(p.amountCents)}元，已退${yuan(p.refundedCents)}元，不足以退款${yuan(r.amountCents)}元`);
      await tx.query('update card_payment set refunded_cents = refunded_cents + $2 where id = $1', [p.id, r.amountCents]);
      await endIfRefunded(tx, p.cardKind, p.cardId, operator);
      return cardSubject({ ...p, refundedCents: p.refundedCents + r.amountCents });
    },
  };
}

/** The refund's subject, locked. */
export async function lockSubject(tx: Db, r: RefundRow): Promise<RefundSubject> {
  if (r.cardPaymentId) return cardSubject(await lockCardPayment(tx, r.cardPaymentId));
  return orderSubject(await lockOrder(tx, r.orderId!));
}
