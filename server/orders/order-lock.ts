import type { Db } from '../db/database.ts';
import { notFound } from '../lib/envelope.ts';
import type { OrderState } from '../../domain/parking-codes.ts';
import type { Split } from './amounts.ts';

/** A parking order as the services that change its money see it, read under a row lock. */
export interface LockedOrder extends Split {
  id: string;
  orderNo: string;
  parkingId: string;
  state: OrderState;
  exitTime: Date | null;
  refundedCents: number;
}

/**
 * Order `id`, locked until the transaction ends (404 when there is none): the order actions,
 * refunds and arrears payments all change an order's split through this one read, so two of them
 * at once queue on the row instead of both writing from the same old amounts.
 */
export async function lockOrder(tx: Db, id: string): Promise<LockedOrder> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `select id, order_no, parking_id, state, exit_time, receivable_cents, discount_cents, paid_cents, owed_cents, refunded_cents
       from parking_order where id = $1 for update`,
    [id],
  );
  const r = rows[0];
  if (!r) throw notFound();
  return {
    id: r.id as string,
    orderNo: r.order_no as string,
    parkingId: r.parking_id as string,
    state: Number(r.state) as OrderState,
    exitTime: (r.exit_time as Date | null) ?? null,
    receivableCents: Number(r.receivable_cents),
    discountCents: Number(r.discount_cents),
    paidCents: Number(r.paid_cents),
    owedCents: Number(r.owed_cents),
    refundedCents: Number(r.refunded_cents),
  };
}
