import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';

/** What a stay's payment row is for: the finance reports count a debt paid after the car left apart. */
export const PAYMENT_PURPOSE = { stay: 1, arrears: 2 } as const;

export interface PaymentRow {
  orderId: string;
  /** the lot whose till took the money (a debt may be paid at another lot) */
  parkingId: string;
  channel: number;
  serialNo: string;
  /** epoch ms; now when absent */
  at?: number;
  amountCents: number;
  operator: string;
  purpose: (typeof PAYMENT_PURPOSE)[keyof typeof PAYMENT_PURPOSE];
}

/** The one writer of parking_order_payment (its finance triggers date and file the money from this row alone). */
export async function insertPaymentRow(tx: Db, p: PaymentRow): Promise<void> {
  await tx.query(
    `insert into parking_order_payment (id, order_id, parking_id, channel, serial_no, pay_time, value_cents, operator, purpose)
     values ($1, $2, $3, $4, $5, coalesce(to_timestamp($6 / 1000.0), now()), $7, $8, $9)`,
    [newId('pay'), p.orderId, p.parkingId, p.channel, p.serialNo, p.at ?? null, p.amountCents, p.operator, p.purpose],
  );
}
