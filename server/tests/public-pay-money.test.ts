import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { ARREARS_STATUS } from '../../domain/arrears-codes.ts';
import { chinaDate } from '../../domain/china-time.ts';
import { createDueArrears } from '../arrears/create.ts';
import { PAY_EXPIRES_MS, signedNotify, takeNotify } from '../public/payments.ts';
import { priceOpenStay } from '../public/bill.ts';
import { settleExit } from '../orders/settlement.ts';
import { paySweepJob, sweepPayments } from '../jobs/pay-sweep.ts';
import { call, withTestServer } from './helpers.ts';
import { TEST_LOT, insertTestOrder, orderRow } from './order-fixtures.ts';

/**
 * The public payments' money after the fact: a payment that arrives after its car left pays that
 * stay's own debt or is held for the driver (counted once in the finance ledger, given back once
 * from the console); the simulated wallet's 取消 / 支付失败; the sweep that asks the provider about a
 * lost notify and closes what nobody paid; a notify of the wrong amount kept in the operation log.
 * The races run for real on PostgreSQL (SERVER_TESTS_ON_POSTGRES=1).
 */

let app: FastifyInstance;
let db: Db;
let admin = '';
withTestServer((s) => ({ app, db, admin } = s));

const HOUR = 3_600_000;
let seq = 0;
const plate = () => `粤B6U${String(++seq).padStart(3, '0')}`;
let laneId = '';

beforeAll(async () => {
  const { rows } = await db.query<{ id: string }>(
    `select id from parking_lane where parking_id = $1 and direction in (2, 3) and enabled_mark = 1 and qr_status = 1 order by id limit 1`,
    [TEST_LOT],
  );
  laneId = rows[0].id;
});

const post = (url: string, json: unknown, headers: Record<string, string> = {}) => call(app, 'POST', url, { json, headers });
const count = async (sql: string, params: unknown[]) => Number((await db.query<{ n: number }>(sql, params)).rows[0].n);

/** A car in the lot for `hours` hours at the exit barrier, and a payment of its bill from a phone. */
async function paymentAtBarrier(hours: number, plateNo = plate()) {
  const orderId = await insertTestOrder(db, {
    state: ORDER_STATE.IN_PARK,
    plate: plateNo,
    exited: false,
    entry: new Date(Date.now() - hours * HOUR),
  });
  const arrive = await call(app, 'POST', `/api/system/ParkingLane/${laneId}/Actions/Arrive`, { token: admin, json: { plateNo } });
  expect(arrive.body.code, arrive.body.msg).toBe(200);
  const bill = await call(app, 'GET', `/api/public/Scan/Lane?parkingId=${TEST_LOT}&laneId=${laneId}`);
  expect(bill.body.data.order.plateNo).toBe(plateNo);
  const pay = await post('/api/public/Pay', { token: bill.body.data.order.token, channel: 1 });
  expect(pay.body.code, pay.body.msg).toBe(200);
  const p = await paymentRow(pay.body.data.outTradeNo);
  return { orderId, plateNo, outTradeNo: pay.body.data.outTradeNo as string, stayCents: p.stay_cents, amountCents: p.amount_cents };
}

async function paymentRow(outTradeNo: string) {
  const { rows } = await db.query<Record<string, unknown>>('select * from public_payment where out_trade_no = $1', [outTradeNo]);
  const r = rows[0];
  return {
    ...r,
    stay_cents: Number(r.stay_cents),
    amount_cents: Number(r.amount_cents),
    unapplied_cents: Number(r.unapplied_cents),
    refund_state: Number(r.refund_state),
    status: String(r.status),
    outcome: String(r.outcome),
    refund_operator: String(r.refund_operator),
    refund_reason: String(r.refund_reason),
  };
}

/** The provider books the wallet's payment (as PaySim/Confirm does, without its notify) and answers the signed notify. */
async function booked(outTradeNo: string) {
  const txn = `42000${outTradeNo.slice(-12)}${Math.random().toString(16).slice(2, 10)}`;
  await db.query(
    `insert into pay_provider_sim (out_trade_no, amount_cents, txn_id)
     select out_trade_no, amount_cents, $2 from public_payment where out_trade_no = $1 on conflict do nothing`,
    [outTradeNo, txn],
  );
  const { rows } = await db.query<{ txn_id: string; amount_cents: number }>(
    'select txn_id, amount_cents::float8 as amount_cents from pay_provider_sim where out_trade_no = $1',
    [outTradeNo],
  );
  return signedNotify({ outTradeNo, transactionId: rows[0].txn_id, amountCents: Number(rows[0].amount_cents) });
}

/** The car leaves first: paid at the booth in cash (channel 3), or owing its stay. */
async function exitsFirst(orderId: string, paid: boolean) {
  const at = Date.now();
  const done = await settleExit(db, orderId, at, async (tx, o) => {
    const { bill } = await priceOpenStay(tx, { ...o, parkingName: '', publicToken: null }, at);
    const due = bill ? Math.max(0, bill.totalCents - bill.discountCents - o.paidCents) : 0;
    return { bill, cover: [], laneId, payment: paid ? { channel: 3, amountCents: due, serialNo: `CASH${at}`, operator: '收费员' } : null };
  });
  expect(done.settled).toBe(true);
  await db.query('delete from lane_presence where order_id = $1', [orderId]);
}

/** Today's kept finance totals (all sources), and how they compare with a recount of the movements. */
async function todayKept(): Promise<number> {
  const { rows } = await db.query<{ cents: string | null }>('select sum(cents) as cents from finance_day where day = $1::date', [
    chinaDate(Date.now()),
  ]);
  return Number(rows[0].cents ?? 0);
}
async function keptDiffersFromRecount(): Promise<unknown[]> {
  const { rows } = await db.query(
    `with k as (select day, parking_id, channel, source, kind, cents, moves from finance_day where moves <> 0 or cents <> 0),
          r as (select (at at time zone 'Asia/Shanghai')::date as day, coalesce(parking_id, '') as parking_id, channel, source, kind,
                       sum(cents) as cents, count(*) as moves
                  from finance_move_all group by 1, 2, 3, 4, 5)
     (select 'kept' as side, * from k except select 'kept', * from r) union all (select 'recount', * from r except select 'recount', * from k)`,
  );
  return rows;
}
const publicMoves = async (outTradeNo: string) =>
  (
    await db.query<{ kind: string; cents: string; source: string }>(
      `select kind, cents, source from finance_move_all where src = 'public' and src_id = $1 order by kind`,
      [outTradeNo],
    )
  ).rows.map((m) => ({ kind: m.kind, source: m.source, cents: Number(m.cents) }));

describe('a payment that arrives after its car left', () => {
  let held = { outTradeNo: '', stayCents: 0 };

  it('car paid at the booth, then the phone’s notify: the debt it carried is paid, the stay held once in the ledger', async () => {
    // the plate owes an old debt, billed and paid together with the stay
    const plateNo = plate();
    await insertTestOrder(db, {
      state: ORDER_STATE.UNPAID_WAITING,
      receivable: 800,
      plate: plateNo,
      entry: new Date(Date.now() - 40 * HOUR),
    });
    await createDueArrears(db);
    const p = await paymentAtBarrier(3, plateNo);
    expect(p.amountCents).toBe(p.stayCents + 800);
    await exitsFirst(p.orderId, true);
    const n = await booked(p.outTradeNo);
    const before = await todayKept();
    expect(await takeNotify(db, n)).toMatchObject({ result: 'SUCCESS' });

    const row = await paymentRow(p.outTradeNo);
    expect([row.status, row.unapplied_cents]).toEqual(['paid', p.stayCents]);
    expect(row.outcome).toMatch(/^unapplied: .*unapplied stay/);
    const state = await call(app, 'GET', `/api/public/Pay/${p.outTradeNo}`);
    expect(state.body.data).toMatchObject({ status: 'paid', exited: true, applied: false, unappliedCents: p.stayCents, refunded: false });
    // the debt is recovered by its own payment row; the stay's money is the one 'unapplied' movement
    expect(await publicMoves(p.outTradeNo)).toEqual([{ kind: 'in', source: 'unapplied', cents: p.stayCents }]);
    // the day's total grew by what the driver paid, once: 800 (the debt) + the stay held
    expect((await todayKept()) - before).toBe(p.amountCents);
    expect(await keptDiffersFromRecount()).toEqual([]);
    // the order is as the booth left it: one payment of the stay, in cash
    expect(await count(`select count(*)::int as n from parking_order_payment where order_id = $1`, [p.orderId])).toBe(1);
    held = { outTradeNo: p.outTradeNo, stayCents: p.stayCents };
  });

  it('car left owing, then the notify: the money pays that stay’s own debt, nothing is held', async () => {
    const p = await paymentAtBarrier(2);
    await exitsFirst(p.orderId, false);
    expect(Number((await orderRow(db, p.orderId)).state)).toBe(ORDER_STATE.UNPAID_WAITING);
    expect((await takeNotify(db, await booked(p.outTradeNo))).result).toBe('SUCCESS');
    const row = await paymentRow(p.outTradeNo);
    expect(row.unapplied_cents).toBe(0);
    const debt = (
      await db.query<{ status: number; recovered_cents: string }>(
        'select status, recovered_cents from arrears_record where order_id = $1',
        [p.orderId],
      )
    ).rows[0];
    expect(Number(debt.recovered_cents)).toBe(p.stayCents);
    expect([ARREARS_STATUS.RECOVERED, ARREARS_STATUS.PARTIALLY_PAID]).toContain(Number(debt.status));
    expect(await publicMoves(p.outTradeNo)).toEqual([]);
    expect((await call(app, 'GET', `/api/public/Pay/${p.outTradeNo}`)).body.data).toMatchObject({ applied: true, unappliedCents: 0 });
    expect(await keptDiffersFromRecount()).toEqual([]);
  });

  it('the console lists it and gives it back once, under 20 clicks at once; a second refund is refused', async () => {
    const list = await call(app, 'GET', '/api/refund/Unapplied?refundState=0&perPage=100', { token: admin });
    expect(list.body.code, list.body.msg).toBe(200);
    expect(list.body.data.items).toContainEqual(
      expect.objectContaining({ outTradeNo: held.outTradeNo, unappliedCents: held.stayCents, refundState: 0 }),
    );

    const before = await todayKept();
    const refund = (key: string) =>
      call(app, 'POST', `/api/refund/Unapplied/${held.outTradeNo}/Actions/Refund`, {
        token: admin,
        json: { reason: '车辆已现金缴费离场，手机支付原路退回' },
        headers: { 'idempotency-key': key },
      });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => refund(`unapplied-refund-${held.outTradeNo}-${i}`)));
    const okOnes = answers.filter((a) => a.body.code === 200);
    expect(okOnes).toHaveLength(1);
    expect(okOnes[0].body.data).toMatchObject({ outTradeNo: held.outTradeNo, refundedCents: held.stayCents });
    for (const a of answers.filter((x) => x.body.code !== 200))
      expect(a.body).toMatchObject({ code: 400, msg: expect.stringMatching(/不能重复退款$/) });
    // a retry under the winner's key answers the same; a new click is refused, naming who and when
    const winner = answers.indexOf(okOnes[0]);
    expect((await refund(`unapplied-refund-${held.outTradeNo}-${winner}`)).body).toEqual(okOnes[0].body);
    const again = await refund(`unapplied-refund-${held.outTradeNo}-again`);
    expect(again.body.code).toBe(400);
    expect(again.body.msg).toMatch(/^该笔未入账款项已于\d{4}-\d\d-\d\d \d\d:\d\d:\d\d由系统管理员（admin）退回，不能重复退款$/);

    const row = await paymentRow(held.outTradeNo);
    expect([row.refund_state, row.refund_operator, row.refund_reason]).toEqual([
      1,
      '系统管理员（admin）',
      '车辆已现金缴费离场，手机支付原路退回',
    ]);
    expect(await publicMoves(held.outTradeNo)).toEqual([
      { kind: 'in', source: 'unapplied', cents: held.stayCents },
      { kind: 'refund', source: 'unapplied', cents: -held.stayCents },
    ]);
    expect((await todayKept()) - before).toBe(-held.stayCents);
    expect(await keptDiffersFromRecount()).toEqual([]);
    const logs = await db.query<{ account: string; action: string; detail: string }>(
      `select account, action, detail from oper_log where module = 'refund' and record_id = $1`,
      [held.outTradeNo],
    );
    expect(logs.rows).toEqual([{ account: 'admin', action: 'status', detail: expect.stringContaining('原因：车辆已现金缴费离场') }]);
    const refunded = await call(app, 'GET', '/api/refund/Unapplied?refundState=1&perPage=100', { token: admin });
    expect(refunded.body.data.items).toContainEqual(expect.objectContaining({ outTradeNo: held.outTradeNo, refundState: 1 }));
    expect((await call(app, 'GET', `/api/public/Pay/${held.outTradeNo}`)).body.data).toMatchObject({ refunded: true });
  });

  it('a payment with nothing held is not refunded, and an unknown one is named', async () => {
    const p = await paymentAtBarrier(2);
    expect((await takeNotify(db, await booked(p.outTradeNo))).result).toBe('SUCCESS');
    const refund = (no: string) =>
      call(app, 'POST', `/api/refund/Unapplied/${no}/Actions/Refund`, { token: admin, json: { reason: '误操作' } });
    expect((await refund(p.outTradeNo)).body).toMatchObject({ code: 400, msg: '该支付没有待退回的未入账款项' });
    expect((await refund('PP0000000000NONE')).body).toMatchObject({ code: 404, msg: '支付单不存在' });
  });
});

describe('the simulated wallet’s 取消 and 支付失败, and the sweep', () => {
  it('取消 closes the payment; the wallet then cannot pay it, and the result page says closed', async () => {
    const p = await paymentAtBarrier(2);
    const cancel = await post('/api/public/PaySim/Cancel', { outTradeNo: p.outTradeNo });
    expect(cancel.body).toMatchObject({ code: 200, msg: '支付已取消', data: { status: 'closed' } });
    // a repeat changes nothing and says so
    expect((await post('/api/public/PaySim/Cancel', { outTradeNo: p.outTradeNo })).body).toMatchObject({
      code: 200,
      msg: '支付单已关闭（支付已取消）',
    });
    expect((await post('/api/public/PaySim/Confirm', { outTradeNo: p.outTradeNo })).body).toMatchObject({
      code: 400,
      msg: '支付单已关闭（支付已取消）',
    });
    expect(await count('select count(*)::int as n from pay_provider_sim where out_trade_no = $1', [p.outTradeNo])).toBe(0);
    expect((await call(app, 'GET', `/api/public/Pay/${p.outTradeNo}`)).body.data).toMatchObject({
      status: 'closed',
      closedReason: 'cancelled',
      applied: false,
    });
    expect(Number((await orderRow(db, p.orderId)).state)).toBe(ORDER_STATE.IN_PARK);
  });

  it('支付失败 closes it as failed; a payment the wallet booked is not closed', async () => {
    const p = await paymentAtBarrier(2);
    expect((await post('/api/public/PaySim/Fail', { outTradeNo: p.outTradeNo })).body).toMatchObject({
      code: 200,
      msg: '支付失败，未扣款',
    });
    expect((await call(app, 'GET', `/api/public/Pay/${p.outTradeNo}`)).body.data).toMatchObject({
      status: 'closed',
      closedReason: 'failed',
    });

    const q = await paymentAtBarrier(2);
    await booked(q.outTradeNo);
    expect((await post('/api/public/PaySim/Cancel', { outTradeNo: q.outTradeNo })).body).toMatchObject({
      code: 400,
      msg: '钱包已扣款，正在确认支付结果，不能关闭',
    });
    expect((await paymentRow(q.outTradeNo)).status).toBe('awaiting');
    expect((await post('/api/public/PaySim/Cancel', { outTradeNo: 'PP0000000000NONE' })).body).toMatchObject({
      code: 404,
      msg: '支付单不存在',
    });
  });

  it('a cancel racing the wallet’s confirm: either paid or closed, never closed with money taken', async () => {
    for (let i = 0; i < 3; i++) {
      const p = await paymentAtBarrier(2);
      const [confirm, cancel] = await Promise.all([
        post('/api/public/PaySim/Confirm', { outTradeNo: p.outTradeNo }),
        post('/api/public/PaySim/Cancel', { outTradeNo: p.outTradeNo }),
      ]);
      const bookedRows = await count('select count(*)::int as n from pay_provider_sim where out_trade_no = $1', [p.outTradeNo]);
      const row = await paymentRow(p.outTradeNo);
      if (confirm.body.code === 200) {
        expect(cancel.body.code).toBe(400);
        expect([bookedRows, row.status === 'closed']).toEqual([1, false]);
      } else {
        expect(cancel.body.code).toBe(200);
        expect([bookedRows, row.status]).toEqual([0, 'closed']);
      }
    }
  });

  it('the sweep takes a lost notify from the provider after 30 s and closes what nobody paid after 15 minutes', async () => {
    const lost = await paymentAtBarrier(2);
    await booked(lost.outTradeNo); // paid in the wallet, its notify never came
    const unpaid = await paymentAtBarrier(2);
    const fresh = await paymentAtBarrier(2);
    const age = (no: string, ms: number) =>
      db.query(`update public_payment set create_time = now() - make_interval(secs => $2::float8 / 1000) where out_trade_no = $1`, [
        no,
        ms,
      ]);
    await age(lost.outTradeNo, 31_000);
    await age(unpaid.outTradeNo, PAY_EXPIRES_MS + 1000);
    await age(fresh.outTradeNo, 60_000);

    const r = await sweepPayments(db);
    expect(r.paid).toBeGreaterThanOrEqual(1);
    expect(r.closed).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(lost.outTradeNo)).toMatchObject({ status: 'paid', unapplied_cents: 0, outcome: 'exit' });
    expect(Number((await orderRow(db, lost.orderId)).state)).toBe(ORDER_STATE.COMPLETED);
    expect(await paymentRow(unpaid.outTradeNo)).toMatchObject({ status: 'closed', outcome: 'expired' });
    expect((await paymentRow(fresh.outTradeNo)).status).toBe('awaiting');
    // the job runs the same sweep, to the end of a backlog
    await age(fresh.outTradeNo, PAY_EXPIRES_MS + 1000);
    await paySweepJob(10_000).tick(db);
    expect((await paymentRow(fresh.outTradeNo)).status).toBe('closed');
    expect((await call(app, 'GET', `/api/public/Pay/${fresh.outTradeNo}`)).body.data).toMatchObject({ closedReason: 'expired' });
    expect(
      await count(
        `select count(*)::int as n from public_payment where status = 'awaiting' and create_time < now() - interval '15 minutes'`,
        [],
      ),
    ).toBe(0);
    // a crowd of young payments nobody paid neither hides a lost notify nor keeps the job asking
    const young = await paymentAtBarrier(2);
    await db.query(
      `insert into public_payment (out_trade_no, order_id, arrears, stay_cents, arrears_cents, amount_cents, billed_at, channel, create_time)
       select 'PPCROWD' || lpad(g::text, 6, '0'), order_id, '[]', 100, 0, 100, now(), 1, now() - interval '60 seconds'
         from public_payment, generate_series(1, 250) g where out_trade_no = $1`,
      [young.outTradeNo],
    );
    const late = await paymentAtBarrier(3);
    await booked(late.outTradeNo);
    await age(late.outTradeNo, 31_000);
    await paySweepJob(10_000).tick(db);
    expect((await paymentRow(late.outTradeNo)).status).toBe('paid');
    expect(
      await count(`select count(*)::int as n from public_payment where out_trade_no like 'PPCROWD%' and status = 'awaiting'`, []),
    ).toBe(250);
  });
});

describe('a notify of the wrong amount', () => {
  it('is refused and kept in the operation log under its order', async () => {
    const p = await paymentAtBarrier(5);
    const n = await booked(p.outTradeNo);
    const wrong = signedNotify({ ...n, amountCents: n.amountCents - 1 });
    expect((await post('/api/public/PayNotify', wrong)).body).toMatchObject({ code: 400, msg: '金额不符' });
    expect(await takeNotify(db, wrong)).toEqual({ result: 'FAIL', msg: '金额不符' });
    const logs = await db.query<{ user_id: string | null; account: string; module: string; detail: string }>(
      `select user_id, account, module, detail from oper_log where record_id = $1 order by id`,
      [p.orderId],
    );
    expect(logs.rows).toHaveLength(2);
    expect(logs.rows[0]).toMatchObject({ user_id: null, account: '支付平台回调', module: 'parkingOrder' });
    expect(logs.rows[0].detail).toBe(
      `拒绝支付回调：支付单${p.outTradeNo}，交易号${n.transactionId}，回调金额${n.amountCents - 1}分，应付${p.amountCents}分（金额不符）`,
    );
    expect((await paymentRow(p.outTradeNo)).status).toBe('awaiting');
  });
});
