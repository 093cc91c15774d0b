import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import { lockRow } from '../db/lock-row.ts';
import type { CouponRecordTable } from '../db/coupon-tables.ts';
import { newId } from '../lib/ids.ts';
import { chinaDate } from '../../domain/china-time.ts';
import { COUPON_STATES, COUPON_TYPE_CODE, type CouponState } from '../../domain/coupon-codes.ts';
import type { FeeCoupon } from '../fees/types.ts';
import { writeAudit } from '../lib/audit.ts';

/** The rows a coupon change reads and writes, locked in its transaction, and its audit row. */

/** The columns a coupon change reads (couponOf maps them from its row), typed as the table declares them. */
export type CouponRow = Omit<
  Selectable<CouponRecordTable>,
  'state' | 'maxCents' | 'issuer' | 'usedParkingId' | 'voidReason' | 'lastModifyTime'
> & { state: CouponState };

/** The coupon as a change reads it, from its row. */
export const couponOf = (r: Selectable<CouponRecordTable>): CouponRow => ({
  id: r.id,
  couponNo: r.couponNo,
  templateId: r.templateId,
  merchantId: r.merchantId,
  templateName: r.templateName,
  parkingIds: r.parkingIds ?? [],
  couponType: Number(r.couponType),
  faceValue: Number(r.faceValue),
  capCents: Number(r.capCents),
  stackable: Number(r.stackable),
  plateNo: r.plateNo,
  state: Number(r.state) as CouponState,
  issueTime: r.issueTime,
  startTime: r.startTime,
  expireTime: r.expireTime,
  orderId: r.orderId ?? null,
  useTime: r.useTime ?? null,
  deductedCents: Number(r.deductedCents),
});

/** The coupon `by` its id or number (locked until the transaction ends when `lock`); null when none. */
export async function findCoupon(db: Db, by: { id: string } | { couponNo: string }, lock = false): Promise<CouponRow | null> {
  const [column, value] = 'id' in by ? (['id', by.id] as const) : (['couponNo', by.couponNo.trim().toUpperCase()] as const);
  const r = lock
    ? await lockRow(db, 'couponRecord', value, column)
    : await db.kysely.selectFrom('couponRecord').selectAll().where(column, '=', value).executeTakeFirst();
  return r ? couponOf(r) : null;
}

/** A coupon number: CP, the China date, 8 random characters. */
export const newCouponNo = (now = new Date()): string =>
  `CP${chinaDate(now.getTime()).replaceAll('-', '')}${newId().slice(0, 8).toUpperCase()}`;

/** What the audit keeps of a coupon at one moment. */
export const couponSnapshot = (c: Pick<CouponRow, 'couponNo' | 'state' | 'plateNo' | 'deductedCents' | 'orderId'>) => ({
  couponNo: c.couponNo,
  plateNo: c.plateNo,
  state: c.state,
  stateLabel: COUPON_STATES[c.state],
  deductedCents: c.deductedCents,
  orderId: c.orderId,
});

/** One audit row of a coupon: who, when (now), before, after, why. */
export const auditCoupon = (tx: Db, recordId: string, action: string, operator: string, before: object, after: object, reason: string) =>
  writeAudit(tx, 'coupon_record_audit', { record_id: recordId }, { action, operator, before, after, reason });

/** The most a coupon of this type and value takes off a stay: its face value for an amount, else its cap. */
/** A coupon's audit rows, oldest first (优惠券记录 › 变更记录). */
export const couponAudits = (db: Db, recordId: string) =>
  db.kysely.selectFrom('couponRecordAudit').selectAll().where('recordId', '=', recordId).orderBy('operateTime').execute();

export const maxCentsOf = (couponType: number, faceValue: number, capCents: number): number =>
  couponType === COUPON_TYPE_CODE.AMOUNT ? (capCents > 0 ? Math.min(faceValue, capCents) : faceValue) : capCents;

/** The coupon as the fee engine takes it. */
export function feeCouponOf(c: CouponRow): FeeCoupon {
  const terms = { couponNo: c.couponNo, name: `${c.templateName}（${c.couponNo}）`, alone: c.stackable === 0 };
  const cap = c.capCents > 0 ? { capCents: c.capCents } : {};
  switch (c.couponType) {
    case COUPON_TYPE_CODE.AMOUNT:
      return { kind: 'amount', cents: c.faceValue, ...terms, ...cap };
    case COUPON_TYPE_CODE.MINUTES:
      return { kind: 'minutes', minutes: c.faceValue, ...terms, ...cap };
    case COUPON_TYPE_CODE.FREE:
      return { kind: 'free', ...terms, ...cap };
    default:
      return { kind: 'discount', permille: c.faceValue, ...terms, ...cap };
  }
}
