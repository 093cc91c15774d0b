import type { Db } from '../db/database.ts';

/** A card's payments and audit rows, oldest first (the details dialog's 缴费记录 and 变更记录). */
export async function cardPaymentsAndAudits(db: Db, cardId: string) {
  const [payments, audits] = await Promise.all([
    db.kysely.selectFrom('cardPayment').selectAll().where('cardId', '=', cardId).orderBy('payTime').execute(),
    db.kysely.selectFrom('cardAudit').selectAll().where('cardId', '=', cardId).orderBy('operateTime').execute(),
  ]);
  return { payments, audits };
}

/** A group card's latest 200 slot rows, newest arrival first, with the order each stay is (团体卡 › 车位占用). */
export function groupCardSlotRows(db: Db, cardId: string) {
  return db.kysely
    .selectFrom('groupCardSlot as s')
    .leftJoin('parkingOrder as o', 'o.id', 's.orderId')
    .select(['s.id', 's.plateNo', 's.entryTime', 's.holdFrom', 's.leftTime', 'o.orderNo'])
    .where('s.groupCardId', '=', cardId)
    .orderBy('s.entryTime', 'desc')
    .limit(200)
    .execute();
}
