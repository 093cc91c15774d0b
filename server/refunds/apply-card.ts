import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { badRequest, notFound } from '../lib/envelope.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { assertLots } from '../resource/lot-scope.ts';
import { REFUND_STATE, type RefundState } from '../../domain/refund-codes.ts';
import { yuan } from '../../domain/money.ts';
import { type PaymentRefunds, paymentRefusal, refundRefusal, refundableOf, refundedOf } from './refundable.ts';
import { newRefundNo, refundFields } from './store.ts';
import { refundReason } from './apply.ts';
import { auditCard } from '../cards/common.ts';
import { assertCardStopped } from '../cards/card-end.ts';
import { operatorOf } from '../lib/operator.ts';

/**
 * A refund of a monthly or group card's payment (月卡 › 缴费记录 › 申请退款): the same request as an
 * order payment's (apply.ts), checked by the same rules (what the payment still gives back, the
 * channel's limits), reviewed and paid in 退款审核 by the same steps (transitions.ts with the card
 * payment as its subject), audited on the card.
 */

interface CardPaymentRow extends PaymentRefunds {
  id: string;
  cardKind: 'month' | 'group';
  cardId: string;
  cardNo: string;
  parkingId: string;
  refundedCents: number;
}

/** A card's payments with their refund requests (`ids`), as the apply rules read them; locked when `lock`. */
export async function cardPayments(db: Db, ids: string[], lock = false): Promise<CardPaymentRow[]> {
  if (!ids.length) return [];
  const payments = db.kysely
    .selectFrom('cardPayment')
    .select(['id', 'cardKind', 'cardId', 'cardNo', 'parkingId', 'channel', 'payTime', 'amountCents', 'refundedCents'])
    .where('id', 'in', ids)
    .orderBy('payTime')
    .orderBy('id');
  const rows = await (lock ? payments.forUpdate() : payments).execute();
  const refunds = await refundRequestsOf(db, ids);
  return rows.map((p) => ({
    id: p.id,
    cardKind: p.cardKind,
    cardId: p.cardId,
    cardNo: p.cardNo,
    parkingId: p.parkingId,
    channel: Number(p.channel),
    payTime: p.payTime,
    valueCents: Number(p.amountCents),
    refundedCents: Number(p.refundedCents),
    refunds: refunds.get(p.id) ?? [],
  }));
}

/** The refund requests of card payments `ids`, by payment. */
export async function refundRequestsOf(db: Db, ids: string[]): Promise<Map<string, PaymentRefunds['refunds']>> {
  const byPayment = new Map<string, PaymentRefunds['refunds']>();
  if (!ids.length) return byPayment;
  const rows = await db.kysely
    .selectFrom('parkingOrderRefund')
    .select(['cardPaymentId', 'amountCents', 'status'])
    .where('cardPaymentId', 'in', ids)
    .execute();
  for (const r of rows)
    if (r.cardPaymentId)
      byPayment.set(r.cardPaymentId, [
        ...(byPayment.get(r.cardPaymentId) ?? []),
        { amountCents: Number(r.amountCents), status: Number(r.status) as RefundState },
      ]);
  return byPayment;
}

/** What the card's payment list shows of each payment's refunds. */
export const cardPaymentRefunds = (p: PaymentRefunds, now = new Date()) => ({
  refundedCents: refundedOf(p),
  refundableCents: refundableOf(p),
  refundRefusal: paymentRefusal(p, now),
});

/**
 * Everything a payment still gives back is refunded only when the card no longer covers stays to
 * come (frozen, or expired): a partial refund is a goodwill amount, a full one ends what was bought.
 */
async function assertCardStops(tx: Db, p: CardPaymentRow, amountCents: number): Promise<void> {
  if (amountCents >= refundableOf(p)) await assertCardStopped(tx, p.cardKind, p.cardId);
}

export async function applyCardRefund(
  db: Db,
  req: FastifyRequest,
  cardPaymentId: string,
  input: { amountCents: number; reasonCode?: number; reason?: string },
): Promise<{ id: string; refundNo: string }> {
  const { reasonCode, reason } = refundReason(input);
  const now = new Date();
  return db.transaction(async (tx) => {
    const [p] = await cardPayments(tx, [cardPaymentId], true);
    if (!p) throw notFound();
    assertLots(req, p.parkingId);
    const refusal = refundRefusal(p, input.amountCents, now);
    if (refusal) throw badRequest(refusal);
    await assertCardStops(tx, p, input.amountCents);
    const id = newId('rf');
    const refundNo = newRefundNo(now);
    const applicant = operatorOf(req, '');
    await tx.query(
      `insert into parking_order_refund (id, order_id, card_payment_id, card_no, refund_no, amount_cents, reason, reason_code, status,
                                         applicant, applicant_id, parking_id, channel)
       values ($1, null, $2, $3, $4, $5, $6, $7, ${REFUND_STATE.APPLIED}, $8, $9, $10, $11)`,
      [id, p.id, p.cardNo, refundNo, input.amountCents, reason, reasonCode, applicant, req.auth?.userId ?? '', p.parkingId, p.channel],
    );
    const card = { cardNo: p.cardNo, paidCents: p.valueCents, refundedCents: p.refundedCents };
    await auditCard(tx, {
      kind: p.cardKind,
      cardId: p.cardId,
      action: 'refund',
      operator: applicant,
      before: card,
      after: { ...card, ...refundFields({ refundNo, amountCents: input.amountCents, status: REFUND_STATE.APPLIED }) },
      reason,
    });
    await writeOperLog(tx, req, {
      action: 'create',
      module: 'refund',
      recordId: id,
      detail: `${p.cardNo} 卡费申请退款 ${refundNo} ${yuan(input.amountCents)}元：${reason}`,
    });
    return { id, refundNo };
  });
}
