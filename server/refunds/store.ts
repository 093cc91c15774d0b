import type { Db } from '../db/database.ts';
import { lockRow } from '../db/lock-row.ts';
import { newId } from '../lib/ids.ts';
import { chinaDate } from '../../domain/china-time.ts';
import { REFUND_STATUS, type RefundState } from '../../domain/refund-codes.ts';
import { orderSnapshot } from '../orders/order-audit.ts';
import type { LockedOrder } from '../orders/order-lock.ts';

/** The rows a refund change reads and writes, locked in its transaction, and its audit row. */

export interface RefundRow {
  id: string;
  /** the order whose payment it pays back, or null for a card payment's refund */
  orderId: string | null;
  cardPaymentId: string | null;
  refundNo: string;
  paymentId: string | null;
  parkingId: string;
  channel: number;
  amountCents: number;
  status: RefundState;
  applicantId: string;
  attempts: number;
}

/** The order as a refund reads it (locked by orders/order-lock.ts). */
export type OrderMoney = LockedOrder;

/** The refund `by` its id or number, locked until the transaction ends; null when none. */
export async function lockRefund(tx: Db, by: { id: string } | { refundNo: string }): Promise<RefundRow | null> {
  const r = 'id' in by ? await lockRow(tx, 'parkingOrderRefund', by.id) : await lockRow(tx, 'parkingOrderRefund', by.refundNo, 'refundNo');
  if (!r) return null;
  return {
    id: r.id,
    orderId: r.orderId ?? null,
    cardPaymentId: r.cardPaymentId ?? null,
    refundNo: r.refundNo,
    paymentId: r.paymentId ?? null,
    parkingId: r.parkingId,
    channel: Number(r.channel),
    amountCents: Number(r.amountCents),
    status: Number(r.status) as RefundState,
    applicantId: r.applicantId,
    attempts: Number(r.attempts),
  };
}

/** A refund number: readable (RF, the China date and time) and unique (random tail); the idempotency key of the channels. */
export function newRefundNo(now = new Date()): string {
  const time = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(11, 19).replaceAll(':', '');
  return `RF${chinaDate(now.getTime()).replaceAll('-', '')}${time}${newId().slice(0, 8).toUpperCase()}`;
}

/** What the audit keeps of a refund. */
export const refundFields = (r: { refundNo: string; amountCents: number; status: RefundState }) => ({
  refundNo: r.refundNo,
  refundCents: r.amountCents,
  refundStatus: r.status,
  refundStatusLabel: REFUND_STATUS[r.status],
});

/** … and of an order with one of its refunds (orders/order-audit.ts keeps the order's part). */
export const refundSnapshot = (o: OrderMoney, r: { refundNo: string; amountCents: number; status: RefundState }) => ({
  ...orderSnapshot(o),
  ...refundFields(r),
});
