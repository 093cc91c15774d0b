import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import { chinaDate } from '../../domain/china-time.ts';
import { REFUND_STATUS, type RefundState } from '../../domain/refund-codes.ts';
import { STATE_LABEL } from '../../domain/parking-codes.ts';
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

const REFUND_COLUMNS = `id, order_id, card_payment_id, refund_no, payment_id, parking_id, channel, amount_cents, status, applicant_id, attempts`;

const refundOf = (r: Record<string, unknown>): RefundRow => ({
  id: r.id as string,
  orderId: (r.order_id as string | null) ?? null,
  cardPaymentId: (r.card_payment_id as string | null) ?? null,
  refundNo: r.refund_no as string,
  paymentId: (r.payment_id as string | null) ?? null,
  parkingId: r.parking_id as string,
  channel: Number(r.channel),
  amountCents: Number(r.amount_cents),
  status: Number(r.status) as RefundState,
  applicantId: r.applicant_id as string,
  attempts: Number(r.attempts),
});

/** The refund `by` its id or number, locked until the transaction ends; null when none. */
export async function lockRefund(tx: Db, by: { id: string } | { refundNo: string }): Promise<RefundRow | null> {
  const [column, value] = 'id' in by ? ['id', by.id] : ['refund_no', by.refundNo];
  const { rows } = await tx.query<Record<string, unknown>>(
    `select ${REFUND_COLUMNS} from parking_order_refund where ${column} = $1 for update`,
    [value],
  );
  return rows[0] ? refundOf(rows[0]) : null;
}

/** A refund number: readable (RF, the China date and time) and unique (random tail); the idempotency key of the channels. */
export function newRefundNo(now = new Date()): string {
  const time = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(11, 19).replaceAll(':', '');
  return `RF${chinaDate(now.getTime()).replaceAll('-', '')}${time}${newId().slice(0, 8).toUpperCase()}`;
}

/** What the audit keeps of an order's amounts at one moment. */
export const orderSnapshot = (o: OrderMoney) => ({
  state: o.state,
  stateLabel: STATE_LABEL[o.state],
  receivableCents: o.receivableCents,
  discountCents: o.discountCents,
  // 实收, as the audit has always shown it: payments less refunds
  paidCents: o.paidCents - o.refundedCents,
  owedCents: o.owedCents,
  refundedCents: o.refundedCents,
});

/** … and of one of its refunds. */
/** What the audit keeps of a refund. */
export const refundFields = (r: { refundNo: string; amountCents: number; status: RefundState }) => ({
  refundNo: r.refundNo,
  refundCents: r.amountCents,
  refundStatus: r.status,
  refundStatusLabel: REFUND_STATUS[r.status],
});

export const refundSnapshot = (o: OrderMoney, r: { refundNo: string; amountCents: number; status: RefundState }) => ({
  ...orderSnapshot(o),
  ...refundFields(r),
});
