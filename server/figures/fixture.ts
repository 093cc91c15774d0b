import type { Db } from '../db/database.ts';

/**
 * A small fixed data set for the figure tests, in two lots of their own (fx-a: 10 spaces, fx-b: 4),
 * on the China day DAY. Every answer the tests expect is worked out by hand in figures.test.ts.
 *
 *   order  lot  entry          exit           state          receivable discount paid  money
 *   o1     A    D-1 22:00      D 02:00        completed      1000       200      800   WeChat 800 at D 02:00; refunded 100 at D 15:00
 *   o2     A    D 08:00        D 09:30        free exit      0          0        0
 *   o3     A    D 10:00        (in the lot)   in park        0          0        0
 *   o4     A    D-2 12:00      (in the lot)   paid in park   500        0        500   cash 500 at D-1 13:00
 *   o5     B    D 12:00        D 14:00        completed      600        0        600   cash 600 at D 14:00
 *   o6     B    D 20:00        D+1 01:00      unpaid         300        0        0
 *   o7     B    D-5 09:00      D-5 11:00      arrears        400        0        150   debt of 400 recorded D 10:00; cash 150 at D 16:00
 *   card   B    Alipay 30000 at D 11:00; merchant top-up (lot A) 50000 at D 09:00
 */

export const DAY = '2026-03-10';
export const LOT_A = 'fx-a';
export const LOT_B = 'fx-b';
export const LOTS = [LOT_A, LOT_B];

/** China wall time on DAY + `dayOffset` as an ISO instant */
const at = (dayOffset: number, hhmm: string) => {
  const d = new Date(Date.parse(`${DAY}T${hhmm}:00+08:00`) + dayOffset * 86_400_000);
  return d.toISOString();
};

export async function insertFigureFixture(db: Db): Promise<void> {
  await db.query(
    `insert into parking (id, parking_code, parking_name, type, road_type, total_spaces) values
       ($1, 'FX-A', '口径测试A', 1, 1, 10), ($2, 'FX-B', '口径测试B', 1, 1, 4)`,
    [LOT_A, LOT_B],
  );
  const orders: [string, string, string, string | null, number, number, number, number, number][] = [
    ['fx-o1', LOT_A, at(-1, '22:00'), at(0, '02:00'), 2, 1000, 200, 800, 0],
    ['fx-o2', LOT_A, at(0, '08:00'), at(0, '09:30'), 3, 0, 0, 0, 0],
    ['fx-o3', LOT_A, at(0, '10:00'), null, 0, 0, 0, 0, 0],
    ['fx-o4', LOT_A, at(-2, '12:00'), null, 1, 500, 0, 500, 0],
    ['fx-o5', LOT_B, at(0, '12:00'), at(0, '14:00'), 2, 600, 0, 600, 0],
    ['fx-o6', LOT_B, at(0, '20:00'), at(1, '01:00'), 6, 300, 0, 0, 300],
    ['fx-o7', LOT_B, at(-5, '09:00'), at(-5, '11:00'), 7, 400, 0, 150, 250],
  ];
  for (const [id, lot, entry, exit, state, receivable, discount, paid, owed] of orders)
    await db.query(
      `insert into parking_order (id, order_no, parking_id, plate_no, entry_time, exit_time, state, receivable_cents, discount_cents,
                                  paid_cents, owed_cents, refunded_cents)
       values ($1, upper($1), $2, '粤B' || right($1, 1) || '0000', $3, $4, $5, $6, $7, $8, $9, case when $1 = 'fx-o1' then 100 else 0 end)`,
      [id, lot, entry, exit, state, receivable, discount, paid, owed],
    );
  const payments: [string, string, string, number, string, number, number][] = [
    ['fx-p1', 'fx-o1', LOT_A, 1, at(0, '02:00'), 800, 1],
    ['fx-p4', 'fx-o4', LOT_A, 3, at(-1, '13:00'), 500, 1],
    ['fx-p5', 'fx-o5', LOT_B, 3, at(0, '14:00'), 600, 1],
    ['fx-p7', 'fx-o7', LOT_B, 3, at(0, '16:00'), 150, 2],
  ];
  for (const [id, order, lot, channel, time, cents, purpose] of payments)
    await db.query(
      `insert into parking_order_payment (id, order_id, parking_id, channel, serial_no, pay_time, value_cents, purpose)
       values ($1, $2, $3, $4, $1, $5, $6, $7)`,
      [id, order, lot, channel, time, cents, purpose],
    );
  await db.query(
    `insert into parking_order_refund (id, order_id, refund_no, amount_cents, reason, status, applicant, parking_id, channel, payment_id, refund_time)
     values ('fx-r1', 'fx-o1', 'FXR1', 100, '多收', 3, 'admin', $1, 1, 'fx-p1', $2)`,
    [LOT_A, at(0, '15:00')],
  );
  await db.query(
    `insert into arrears_record (id, order_id, order_no, parking_id, plate_no, entry_time, exit_time, receivable_cents, discount_cents,
                                 paid_cents, principal_cents, recovered_cents, owed_cents, status, create_time)
     values ('fx-a7', 'fx-o7', 'FX-O7', $1, '粤B70000', $2, $3, 400, 0, 0, 400, 150, 250, 2, $4)`,
    [LOT_B, at(-5, '09:00'), at(-5, '11:00'), at(0, '10:00')],
  );
  await db.query(
    `insert into card_payment (id, card_kind, card_id, card_no, parking_id, pay_kind, period_start, period_end, amount_cents, channel, serial_no, pay_time)
     values ('fx-c1', 'month', 'fx-card', 'FXC1', $1, 1, $2::date, $2::date + 30, 30000, 2, 'FXC1', $3)`,
    [LOT_B, DAY, at(0, '11:00')],
  );
  await db.query(`insert into merchant (id, merchant_name, parking_ids, balance) values ('fx-m1', '口径测试商户', $1, 50000)`, [[LOT_A]]);
  await db.query(
    `insert into merchant_ledger (id, merchant_id, kind, amount_cents, balance_after, parking_id, create_time)
     values ('fx-l1', 'fx-m1', 2, 50000, 50000, $1, $2)`,
    [LOT_A, at(0, '09:00')],
  );
}
