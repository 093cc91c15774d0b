import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';

/** Orders made for one test: a known lot, plate, state and split (the seeded history is random). */

export const TEST_LOT = 'p-ns-kjy-01';

export async function insertTestOrder(
  db: Db,
  o: { state: number; receivable?: number; paid?: number; discount?: number; exited?: boolean; plate?: string; lot?: string; entry?: Date },
): Promise<string> {
  const id = newId('o');
  const receivable = o.receivable ?? 0;
  const paid = o.paid ?? 0;
  const discount = o.discount ?? 0;
  const entry = o.entry ?? new Date(Date.now() - 3 * 3600_000);
  await db.query(
    `insert into parking_order (id, order_no, parking_id, plate_no, plate_color, entry_time, exit_time, state,
                                receivable_cents, discount_cents, paid_cents, owed_cents, pay_channel, plate_grams)
     values ($1, $2, $3, $4, 5, $5, $6, $7, $8, $9, $10, $11, $12, plate_grams($4))`,
    [
      id,
      `T${id}`,
      o.lot ?? TEST_LOT,
      o.plate ?? '粤B7T001',
      entry,
      o.exited === false ? null : new Date(entry.getTime() + 2 * 3600_000),
      o.state,
      receivable,
      discount,
      paid,
      receivable - discount - paid,
      paid ? 1 : 0,
    ],
  );
  if (paid)
    await db.query(
      `insert into parking_order_payment (id, order_id, parking_id, channel, serial_no, pay_time, value_cents) values ($1, $2, $3, 1, $4, now(), $5)`,
      [newId('pay'), id, o.lot ?? TEST_LOT, `WX${id}`, paid],
    );
  return id;
}

export async function orderRow(db: Db, id: string): Promise<Record<string, unknown>> {
  return (await db.query<Record<string, unknown>>('select * from parking_order where id = $1', [id])).rows[0];
}
