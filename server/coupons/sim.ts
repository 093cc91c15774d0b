import type { Db } from '../db/database.ts';
import { COUPON_STATE } from '../../domain/coupon-codes.ts';
import type { FeeCoupon } from '../fees/types.ts';
import { issueCoupons } from './issue.ts';
import { couponOf, feeCouponOf } from './store.ts';

/** The traffic simulator's coupons: some arriving cars are given one by a shop of the lot, used when they leave. */

/** Share of arriving cars a shop of the lot gives a coupon to. */
const ARRIVE_WITH_COUPON = 0.08;

/** Maybe issues a coupon of one of the lot's enabled templates to `plateNo` (a refusal, such as no stock, is a car without one). */
export async function maybeIssueOnArrival(db: Db, lotId: string, plateNo: string, rnd = Math.random): Promise<void> {
  if (rnd() >= ARRIVE_WITH_COUPON) return;
  const { rows } = await db.query<{ id: string }>(
    `select t.id from coupon_template t join merchant m on m.id = t.merchant_id
      where $1 = any(t.parking_ids) and t.enabled_mark = 1 and m.enabled_mark = 1 and t.stock > 0
      order by random() limit 1`,
    [lotId],
  );
  if (rows[0]) await issueCoupons(db, rows[0].id, [plateNo], { operator: '商户自助发券', lots: null });
}

/** The coupon a leaving car uses: its oldest usable one at the lot whose merchant can pay it; none when it has none. */
export async function couponAtExit(db: Db, lotId: string, plateNo: string, at: Date): Promise<FeeCoupon[]> {
  const rows = await db.kysely
    .selectFrom('couponRecord as r')
    .innerJoin('merchant as m', 'm.id', 'r.merchantId')
    .selectAll('r')
    .where('r.plateNo', '=', plateNo)
    .where('r.state', '=', COUPON_STATE.ISSUED)
    .where((eb) => eb(eb.val(lotId), '=', eb.fn.any('r.parkingIds')))
    .where('r.startTime', '<=', at)
    .where('r.expireTime', '>', at)
    .whereRef('m.balance', '>=', 'r.maxCents')
    .orderBy('r.expireTime')
    .limit(1)
    .execute();
  return rows.map((r) => feeCouponOf(couponOf(r)));
}
