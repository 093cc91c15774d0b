import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { lotsOf, outOfScope, visible } from '../resource/lot-scope.ts';
import { badRequest } from '../lib/envelope.ts';
import { newId } from '../lib/ids.ts';
import { chinaIso } from '../../domain/china-time.ts';
import { COUPON_STATE, LEDGER_KIND } from '../../domain/coupon-codes.ts';
import { yuan } from '../../domain/money.ts';
import type { FeeCoupon, FeeDiscountLine } from '../fees/types.ts';
import { couponTransition } from './state-machine.ts';
import { type CouponRow, auditCoupon, couponSnapshot, feeCouponOf, findCoupon } from './store.ts';
import { moveBalance } from './merchant-balance.ts';

/**
 * Using issued coupons on a stay: which coupons a stay may take (each refused with its reason:
 * used, expired, void, another plate, another lot, not yet valid), and using them when the stay is
 * settled: the coupon becomes USED with what it took off, the order gets its coupon row, and the
 * merchant's balance goes down by that amount with a ledger row, never below zero.
 */

export interface Stay {
  plateNo?: string;
  parkingId?: string;
  /** when the coupon is used (the exit, or the calculator's exit) */
  at: number;
}

const text = (d: Date | number): string =>
  chinaIso(typeof d === 'number' ? d : d.getTime())
    .slice(0, 16)
    .replace('T', ' ');

/** Why coupon `c` cannot be used on `stay`, or null. */
export function redeemRefusal(c: CouponRow, stay: Stay): string | null {
  const no = `优惠券${c.couponNo}`;
  if (c.state === COUPON_STATE.USED) return `${no}已使用（${c.useTime ? text(c.useTime) : ''}），不能再次使用`;
  if (c.state === COUPON_STATE.EXPIRED || (c.state === COUPON_STATE.ISSUED && c.expireTime.getTime() <= stay.at))
    return `${no}已过期（有效期至${text(c.expireTime)}）`;
  if (c.state === COUPON_STATE.VOID) return `${no}已作废`;
  const t = couponTransition(c.state, 'use');
  if (!t.ok) return t.msg;
  if (c.startTime.getTime() > stay.at) return `${no}尚未生效（${text(c.startTime)}起可用）`;
  if (stay.plateNo && stay.plateNo.trim().toUpperCase() !== c.plateNo) return `${no}发放给车牌${c.plateNo}，不能用于${stay.plateNo}`;
  if (stay.parkingId && !c.parkingIds.includes(stay.parkingId)) return `${no}不适用于该停车场`;
  return null;
}

/** The coupons numbered `couponNos` as the fee engine takes them; a coupon that cannot be used is a 400 with its reason. */
export async function couponsForStay(
  db: Db,
  couponNos: string[],
  stay: Stay,
  lots: string[] | null = null,
): Promise<{ coupons: FeeCoupon[]; rows: CouponRow[] }> {
  const rows: CouponRow[] = [];
  for (const no of new Set(couponNos.map((n) => n.trim().toUpperCase()).filter(Boolean))) {
    const c = await findCoupon(db, { couponNo: no });
    if (!c) throw badRequest(`优惠券${no}不存在`);
    if (!visible(lots, c.parkingIds)) throw outOfScope();
    const refusal = redeemRefusal(c, stay);
    if (refusal) throw badRequest(refusal);
    rows.push(c);
  }
  return { coupons: rows.map(feeCouponOf), rows };
}

/** The calculator's coupon numbers (separated by commas or spaces), each one the caller's lots may see. */
export async function issuedCoupons(db: Db, req: FastifyRequest, text: string, stay: Stay): Promise<FeeCoupon[]> {
  const nos = text.split(/[\s,，;；、]+/).filter(Boolean);
  if (nos.length > 10) throw badRequest('优惠券最多10张');
  return (await couponsForStay(db, nos, stay, lotsOf(req))).coupons;
}

export interface SettledOrder {
  id: string;
  parkingId: string;
  plateNo: string;
}

/**
 * Uses the coupons of a priced stay's discount lines (those with a coupon number and an amount) on
 * `order`, in the caller's transaction. Refuses (400, nothing written when the caller rolls back) a
 * coupon no longer usable or a merchant whose balance cannot pay what it takes off.
 */
export async function redeemCoupons(tx: Db, order: SettledOrder, lines: FeeDiscountLine[], at: Date, operator: string): Promise<void> {
  for (const line of lines) {
    if (!line.couponNo || line.cents <= 0) continue;
    const c = await findCoupon(tx, { couponNo: line.couponNo }, true);
    if (!c) throw badRequest(`优惠券${line.couponNo}不存在`);
    const refusal = redeemRefusal(c, { plateNo: order.plateNo, parkingId: order.parkingId, at: at.getTime() });
    if (refusal) throw badRequest(refusal);
    const m = await moveBalance(tx, c.merchantId, {
      kind: LEDGER_KIND.COUPON_USED,
      cents: -line.cents,
      operator,
      note: `${c.templateName}抵扣停车费`,
      couponNo: c.couponNo,
      orderId: order.id,
      at,
    });
    if (!m) throw badRequest(`商户余额不足，优惠券${c.couponNo}不能抵扣${yuan(line.cents)}元`);
    await tx.query(
      `update coupon_record set state = $2, order_id = $3, used_parking_id = $4, use_time = $5, deducted_cents = $6, last_modify_time = now()
        where id = $1`,
      [c.id, COUPON_STATE.USED, order.id, order.parkingId, at, line.cents],
    );
    await tx.query(
      `insert into parking_order_coupon (id, order_id, coupon_no, merchant_name, coupon_type, face_value, deducted_cents, use_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [newId('oc'), order.id, c.couponNo, m.merchantName, c.couponType, c.faceValue, line.cents, at],
    );
    await auditCoupon(
      tx,
      c.id,
      'use',
      operator,
      couponSnapshot(c),
      couponSnapshot({ ...c, state: COUPON_STATE.USED, deductedCents: line.cents, orderId: order.id }),
      `抵扣${yuan(line.cents)}元，商户余额${yuan(m.balance)}元`,
    );
  }
}
