import type { Db } from '../db/database.ts';

/** What happened to an order, each kind oldest first: its payments, coupons, refunds and audit rows (停车订单详情). */
export async function orderHistory(db: Db, orderId: string) {
  const [payments, coupons, refunds, audits] = await Promise.all([
    db.kysely.selectFrom('parkingOrderPayment').selectAll().where('orderId', '=', orderId).orderBy('payTime').execute(),
    db.kysely.selectFrom('parkingOrderCoupon').selectAll().where('orderId', '=', orderId).orderBy('useTime').execute(),
    db.kysely.selectFrom('parkingOrderRefund').selectAll().where('orderId', '=', orderId).orderBy('applyTime').execute(),
    db.kysely.selectFrom('parkingOrderAudit').selectAll().where('orderId', '=', orderId).orderBy('operateTime').execute(),
  ]);
  return { payments, coupons, refunds, audits };
}

/** What a capture image shows (plate, lot, the entry's or exit's lane and time), found by the order's random photo key. */
export const photoFacts = (db: Db, photoKey: string, kind: 'entry' | 'exit') =>
  db.kysely
    .selectFrom('parkingOrder as o')
    .innerJoin('parking as p', 'p.id', 'o.parkingId')
    .leftJoin('parkingLane as l', 'l.id', kind === 'entry' ? 'o.entryLaneId' : 'o.exitLaneId')
    .select(['o.plateNo', 'o.plateColor', 'o.entryTime', 'o.exitTime', 'p.parkingName', 'l.laneName'])
    .where('o.photoKey', '=', photoKey)
    .executeTakeFirst();
