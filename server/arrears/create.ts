import type { Db } from '../db/database.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { transition } from '../orders/state-machine.ts';
import { ARREARS_STATUS } from '../../domain/arrears-codes.ts';
import { arrearsMachine, noticeMachine } from './state-machine.ts';

/**
 * An unpaid exit becomes an arrears record once it has waited the policy's delay (default 24 h): the
 * order moves to 欠费 by the order machine's own arrow, the record keeps the split it was owed
 * with (owed = receivable − discount − paid) and the order's audit says why.
 */

/** The order states that may go to arrears (the machine's `toArrears` sources). */
const UNPAID = [ORDER_STATE.UNPAID_WAITING, ORDER_STATE.PAY_LATER, ORDER_STATE.MANUAL_RELEASE];
const TO_ARREARS = (() => {
  for (const s of UNPAID) {
    const t = transition(s, 'toArrears');
    if (!t.ok) throw new Error(t.msg);
  }
  return ORDER_STATE.ARREARS;
})();

export interface ArrearsPolicy {
  delayHours: number;
  huntScope: number;
  blockEntry: boolean;
  showOnExit: boolean;
}

export async function loadPolicy(db: Db): Promise<ArrearsPolicy> {
  const { rows } = await db.query<{ delay_hours: number; hunt_scope: number; block_entry: boolean; show_on_exit: boolean }>(
    'select delay_hours, hunt_scope, block_entry, show_on_exit from arrears_policy where id = 1',
  );
  const r = rows[0];
  return r
    ? { delayHours: Number(r.delay_hours), huntScope: Number(r.hunt_scope), blockEntry: r.block_entry, showOnExit: r.show_on_exit }
    : { delayHours: 24, huntScope: 1, blockEntry: false, showOnExit: true };
}

/**
 * Records for the orders `where` picks (a condition on `o`, parameters from $2), already in 欠费 or
 * moved there now; `$1` is the reason written to each order's audit. Answers how many were created.
 */
async function recordOrders(tx: Db, where: string, params: unknown[], reason: string): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `with picked as (
       select o.id, o.state from parking_order o
        where ${where} and o.owed_cents > 0 and o.exit_time is not null
          and not exists (select 1 from arrears_record a where a.order_id = o.id)
        for update of o skip locked
     ), made as (
       insert into arrears_record (id, order_id, order_no, parking_id, plate_no, plate_color, entry_time, exit_time,
                                   receivable_cents, discount_cents, paid_cents, principal_cents, owed_cents)
       select 'ar-' || substr(md5(o.id || clock_timestamp()::text), 1, 12), o.id, o.order_no, o.parking_id, o.plate_no, o.plate_color,
              o.entry_time, o.exit_time, o.receivable_cents, o.discount_cents, o.paid_cents, o.owed_cents, o.owed_cents
         from parking_order o join picked p on p.id = o.id
       returning order_id
     ), moved as (
       update parking_order o set state = ${TO_ARREARS}, last_modify_time = now()
         from picked p where o.id = p.id and o.state <> ${TO_ARREARS}
       returning o.id, p.state as before_state, o.receivable_cents, o.discount_cents, o.paid_cents, o.owed_cents
     ), audited as (
       insert into parking_order_audit (id, order_id, action, operator, before, after, reason)
       select 'oa-' || substr(md5(m.id || clock_timestamp()::text), 1, 12), m.id, 'arrears', '系统',
              jsonb_build_object('state', m.before_state, 'owedCents', m.owed_cents),
              jsonb_build_object('state', ${TO_ARREARS}, 'owedCents', m.owed_cents), $1
         from moved m
     )
     select order_id as id from made`,
    [reason, ...params],
  );
  return rows.length;
}

/** The job's work: unpaid exits older than the delay (at `now`) become records. */
export async function createDueArrears(db: Db, now: number = Date.now()): Promise<number> {
  return db.transaction((tx) => createDueArrearsIn(tx, now));
}

async function createDueArrearsIn(tx: Db, now: number): Promise<number> {
  const { delayHours } = await loadPolicy(tx);
  return recordOrders(
    tx,
    `o.state = any($2::smallint[]) and o.exit_time < to_timestamp($3::float8 / 1000) - make_interval(hours => $4::int)`,
    [UNPAID, now, delayHours],
    `未付离场超过${delayHours}小时，自动转欠费`,
  );
}

/** The record of one order sent to arrears by hand (停车订单 › 转欠费), in that action's transaction. */
export async function recordOrder(tx: Db, orderId: string, reason: string): Promise<number> {
  return recordOrders(tx, 'o.id = $2', [orderId], reason);
}

/** The history's states, by the arrows that lead to them: a debt paid in full, an open one notified, a notice's gateway answers. */
const RECOVERED = arrearsMachine.stateAfter('payAll');
const NOTIFIED = arrearsMachine.stateAfter('notify');
const DELIVERED = noticeMachine.stateAfter('deliver');
const SENT = noticeMachine.stateAfter('send');
const FAILED = noticeMachine.stateAfter('fail');

/**
 * The seeded history's debts (first start only): every order in 欠费 gets an open record, every
 * recovered one a record paid in full where and when its order was paid.
 */
export async function seedArrears(tx: Db): Promise<number> {
  const open = await recordOrders(tx, `o.state = ${TO_ARREARS}`, [], '历史欠费');
  // the history's unpaid exits past the delay are debts too, as the job would have made them
  const due = await createDueArrearsIn(tx, Date.now());
  const { rows } = await tx.query(
    `insert into arrears_record (id, order_id, order_no, parking_id, plate_no, plate_color, entry_time, exit_time,
                                 receivable_cents, discount_cents, paid_cents, principal_cents, recovered_cents, owed_cents, status,
                                 recovered_time, recovered_channel, recovered_lot_id, recovered_by, create_time)
     select 'ar-' || substr(md5(o.id), 1, 12), o.id, o.order_no, o.parking_id, o.plate_no, o.plate_color, o.entry_time, o.exit_time,
            o.receivable_cents, o.discount_cents, 0, o.paid_cents, o.paid_cents, 0, ${RECOVERED},
            o.pay_time, o.pay_channel, o.parking_id, '车主线上补缴', o.exit_time + interval '1 day'
       from parking_order o where o.state = $1 and o.paid_cents > 0
     returning 1`,
    [ORDER_STATE.RECOVERED],
  );
  await seedNotices(tx);
  return open + due + rows.length;
}

/**
 * About one in eight seeded debts older than a day was sent an SMS a day after its exit
 * (at most one per plate per day), answered as the gateway simulator answers (arrears/notices.ts).
 */
async function seedNotices(tx: Db): Promise<void> {
  await tx.query(
    `with picked as (
       select distinct on (a.plate_no, ((a.exit_time at time zone 'UTC') + interval '32 hours')::date)
              a.id, a.plate_no, a.parking_id, a.owed_cents, a.exit_time + interval '1 day' as send_at, p.parking_name
         from arrears_record a join parking p on p.id = a.parking_id
        where a.status = ${ARREARS_STATUS.OPEN} and a.exit_time < now() - interval '25 hours' and substr(md5(a.id), 1, 1) in ('0', '1')
        order by a.plate_no, ((a.exit_time at time zone 'UTC') + interval '32 hours')::date, a.id
     ), sent as (
       insert into arrears_notice (id, batch_no, plate_no, parking_id, record_ids, owed_cents, channel, content, status, result_msg,
                                   send_at, notice_day, sent_time, sender)
       select 'an-' || substr(md5(x.id), 1, 12), 'TZ' || to_char((x.send_at at time zone 'UTC') + interval '8 hours', 'YYYYMMDD') || '000000', x.plate_no,
              x.parking_id, array[x.id], x.owed_cents, 1,
              '【智慧停车】您的车辆' || x.plate_no || '在' || x.parking_name || '有1笔停车欠费，共' || to_char(x.owed_cents / 100.0, 'FM9999990.00') ||
              '元，请尽快补缴，逾期将影响您的出行。',
              x.d, case x.d when ${DELIVERED} then '短信已送达' when ${SENT} then '已提交，等待送达回执' else '号码无效，短信发送失败' end,
              x.send_at, ((x.send_at at time zone 'UTC') + interval '8 hours')::date, x.send_at, '系统'
         from (select *, case when get_byte(decode(md5('1|' || plate_no), 'hex'), 0) % 10 < 8 then ${DELIVERED}
                              when get_byte(decode(md5('1|' || plate_no), 'hex'), 0) % 10 = 8 then ${SENT} else ${FAILED} end as d
                 from picked) x
       returning record_ids[1] as id, status, send_at
     )
     update arrears_record a set notice_count = 1, last_notice_channel = 1, last_notice_time = s.send_at,
            status = case when s.status <> ${FAILED} then ${NOTIFIED} else ${ARREARS_STATUS.OPEN} end
       from sent s where a.id = s.id`,
  );
}
