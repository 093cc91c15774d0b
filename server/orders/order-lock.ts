import type { Db } from '../db/database.ts';
import { lockRow } from '../db/lock-row.ts';
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
  const r = await lockRow(tx, 'parkingOrder', id);
  if (!r) throw notFound();
  return {
    id: r.id,
    orderNo: r.orderNo,
    parkingId: r.parkingId,
    state: Number(r.state) as OrderState,
    exitTime: r.exitTime ?? null,
    receivableCents: Number(r.receivableCents),
    discountCents: Number(r.discountCents),
    paidCents: Number(r.paidCents),
    owedCents: Number(r.owedCents),
    refundedCents: Number(r.refundedCents),
  };
}
