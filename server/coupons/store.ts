import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CouponRecordTable } from '../db/coupon-tables.ts';
import { newId } from '../lib/ids.ts';
import { chinaDate } from '../../domain/china-time.ts';
import { COUPON_STATES, COUPON_TYPE_CODE, type CouponState } from '../../domain/coupon-codes.ts';
import type { FeeCoupon } from '../fees/types.ts';
import { writeAudit } from '../lib/audit.ts';

/** The rows a coupon change reads and writes, locked in its transaction, and its audit row. */

/** The columns a coupon change reads (couponOf maps them from the driver's row), typed as the table declares them. */
export type CouponRow = Omit<
  Selectable<CouponRecordTable>,
  'state' | 'maxCents' | 'issuer' | 'usedParkingId' | 'voidReason' | 'lastModifyTime'
> & { state: CouponState };

const COLUMNS = `id, coupon_no, template_id, merchant_id, template_name, parking_ids, coupon_type, face_value, cap_cents,
  stackable, plate_no, state, issue_time, start_time, expire_time, order_id, use_time, deducted_cents`;

export const couponOf = (r: Record<string, unknown>): CouponRow => ({
  id: r.id as string,
  couponNo: r.coupon_no as string,
  templateId: r.template_id as string,
  merchantId: r.merchant_id as string,
  templateName: r.template_name as string,
  parkingIds: (r.parking_ids as string[]) ?? [],
  couponType: Number(r.coupon_type),
  faceValue: Number(r.face_value),
  capCents: Number(r.cap_cents),
  stackable: Number(r.stackable),
  plateNo: r.plate_no as string,
  state: Number(r.state) as CouponState,
  issueTime: r.issue_time as Date,
  startTime: r.start_time as Date,
  expireTime: r.expire_time as Date,
  orderId: (r.order_id as string | null) ?? null,
  useTime: (r.use_time as Date | null) ?? null,
  deductedCents: Number(r.deducted_cents),
});

/** The coupon `by` its id or number (locked until the transaction ends when `lock`); null when none. */
export async function findCoupon(db: Db, by: { id: string } | { couponNo: string }, lock = false): Promise<CouponRow | null> {
  const [column, value] = 'id' in by ? ['id', by.id] : ['coupon_no', by.couponNo.trim().toUpperCase()];
  const { rows } = await db.query<Record<string, unknown>>(
    `select ${COLUMNS} from coupon_record where ${column} = $1${lock ? ' for update' : ''}`,
    [value],
  );
  return rows[0] ? couponOf(rows[0]) : null;
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
