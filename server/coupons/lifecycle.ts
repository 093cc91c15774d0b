import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { badRequest, notFound } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { assertLots } from '../resource/lot-scope.ts';
import { COUPON_STATE, type CouponState } from '../../domain/coupon-codes.ts';
import { couponStatesBefore, couponTransition } from './state-machine.ts';
import { auditCoupon, couponSnapshot, findCoupon } from './store.ts';
import { operatorOf } from '../lib/operator.ts';

/** A coupon's end without a stay: voided by a user (with a reason), or expired by the job on time. */

/** Voids issued coupon `id` for the caller of `req`; answers its new state. */
export async function voidCoupon(db: Db, req: FastifyRequest, id: string, reason: string): Promise<CouponState> {
  const why = reason.trim();
  if (!why) throw badRequest('作废原因不能为空');
  const operator = operatorOf(req, '');
  return db.transaction(async (tx) => {
    const c = await findCoupon(tx, { id }, true);
    if (!c) throw notFound();
    assertLots(req, c.parkingIds);
    const t = couponTransition(c.state, 'void');
    if (!t.ok) throw badRequest(t.msg);
    await tx.query('update coupon_record set state = $2, void_reason = $3, last_modify_time = now() where id = $1', [id, t.to, why]);
    await auditCoupon(tx, id, 'void', operator, couponSnapshot(c), couponSnapshot({ ...c, state: t.to }), why);
    await writeOperLog(tx, req, { action: 'status', module: 'couponRecord', recordId: id, detail: `${c.couponNo} 作废：${why}` });
    return t.to;
  });
}

/**
 * Expires every issued coupon whose time is over (at most `limit` a call, the oldest first), each
 * with an audit row; answers how many. Rows another transaction holds are left for the next tick.
 */
export async function expireDueCoupons(db: Db, now = new Date(), limit = 2000): Promise<number> {
  const from = couponStatesBefore('expire');
  const to = couponTransition(COUPON_STATE.ISSUED, 'expire');
  if (!to.ok) return 0;
  const { rows } = await db.query<{ n: number }>(
    `with due as (
       select id from coupon_record where state = any($1::int[]) and expire_time <= $2 order by expire_time limit $3 for update skip locked
     ), moved as (
       update coupon_record c set state = $4, last_modify_time = now() from due where c.id = due.id
       returning c.id, c.coupon_no, c.plate_no, c.expire_time
     ), audited as (
       insert into coupon_record_audit (id, record_id, action, operator, before, after, reason)
       select 'ca-' || substr(md5(random()::text || moved.id), 1, 12), moved.id, 'expire', '系统（到期任务）',
              jsonb_build_object('couponNo', moved.coupon_no, 'plateNo', moved.plate_no, 'state', 0, 'stateLabel', '已发放'),
              jsonb_build_object('couponNo', moved.coupon_no, 'plateNo', moved.plate_no, 'state', $4::int, 'stateLabel', '已过期'),
              '有效期至' || to_char((moved.expire_time at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD HH24:MI') || '，到期未使用'
         from moved
       returning 1
     )
     select count(*)::int as n from audited`,
    [from, now, limit, to.to],
  );
  return rows[0]?.n ?? 0;
}
