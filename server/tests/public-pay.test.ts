import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { ARREARS_STATUS } from '../../domain/arrears-codes.ts';
import { createDueArrears } from '../arrears/create.ts';
import { signedNotify, takeNotify } from '../public/payments.ts';
import { type InPark, leave } from '../jobs/traffic-sim.ts';
import { buildTestApp, call, login, withTestServer } from './helpers.ts';
import { TEST_LOT, insertTestOrder, orderRow } from './order-fixtures.ts';

/**
 * The drivers' pages on the server: the car at a barrier, paying from a phone through the
 * simulated provider (notify once, amount checked), the debts paid with the stay, the barrier for a
 * car owing nothing, group cards, the collector's handheld, rate limits. The races run for real on
 * PostgreSQL (npm run test:pg).
 */

let app: FastifyInstance;
let db: Db;
let admin = '';
withTestServer((s) => ({ app, db, admin } = s));

const HOUR = 3_600_000;
let seq = 0;
const plate = () => `粤B5P${String(++seq).padStart(3, '0')}`;
let lane = { id: '', parkingId: TEST_LOT };

beforeAll(async () => {
  const { rows } = await db.query<{ id: string }>(
    `select id from parking_lane where parking_id = $1 and direction in (2, 3) and enabled_mark = 1 and qr_status = 1 order by id limit 1`,
    [TEST_LOT],
  );
  lane = { id: rows[0].id, parkingId: TEST_LOT };
});

const get = (url: string) => call(app, 'GET', url);
const post = (url: string, json: unknown, headers: Record<string, string> = {}) => call(app, 'POST', url, { json, headers });
const laneBill = () => get(`/api/public/Scan/Lane?parkingId=${lane.parkingId}&laneId=${lane.id}`);
const count = async (sql: string, params: unknown[]) => Number((await db.query<{ n: number }>(sql, params)).rows[0].n);
const payments = (orderId: string) => count('select count(*)::int as n from parking_order_payment where order_id = $1', [orderId]);

/** A car in the lot for `hours` hours, driven up to the exit barrier. */
async function atBarrier(hours = 3, plateNo = plate()): Promise<{ orderId: string; plateNo: string }> {
  const orderId = await insertTestOrder(db, {
    state: ORDER_STATE.IN_PARK,
    plate: plateNo,
    exited: false,
    entry: new Date(Date.now() - hours * HOUR),
  });
  const arrive = await call(app, 'POST', `/api/system/ParkingLane/${lane.id}/Actions/Arrive`, { token: admin, json: { plateNo } });
  expect(arrive.body.code, arrive.body.msg).toBe(200);
  return { orderId, plateNo };
}

/** Pays the bill shown for `token`: the payment, then the wallet's confirm; answers the trade number. */
async function payFromPhone(token: string): Promise<string> {
  const pay = await post('/api/public/Pay', { token, channel: 1 }, { 'idempotency-key': `phone-${token}` });
  expect(pay.body.code, pay.body.msg).toBe(200);
  return pay.body.data.outTradeNo as string;
}

async function notifyOf(outTradeNo: string) {
  const { rows } = await db.query<{ txn_id: string; amount_cents: number }>(
    'select txn_id, amount_cents::float8 as amount_cents from pay_provider_sim where out_trade_no = $1',
    [outTradeNo],
  );
  return signedNotify({ outTradeNo, transactionId: rows[0].txn_id, amountCents: Number(rows[0].amount_cents) });
}

async function walletPays(outTradeNo: string) {
  const confirm = await post('/api/public/PaySim/Confirm', { outTradeNo });
  expect(confirm.body.code, confirm.body.msg).toBe(200);
  return notifyOf(outTradeNo);
}

describe('the bill at the barrier', () => {
  it('no car at the barrier is its own answer; an unknown lane is named as such', async () => {
    await db.query('delete from lane_presence where lane_id = $1', [lane.id]);
    const none = await laneBill();
    expect(none.body).toMatchObject({ code: 200, data: { kind: 'noCar', order: null } });
    expect(none.body.data.lotName).toBeTruthy();
    expect((await get(`/api/public/Scan/Lane?parkingId=${lane.parkingId}&laneId=no-such-lane`)).body).toMatchObject({
      code: 404,
      msg: '车道不存在或已停用',
    });
    expect((await get('/api/public/Scan/Order?token=0123456789abcdef0123456789abcdef')).body).toMatchObject({
      code: 404,
      msg: '订单不存在',
    });
  });

  it('shows the waiting car’s stay, priced, with a random token and nothing internal', async () => {
    const { plateNo } = await atBarrier(3);
    const res = await laneBill();
    expect(res.body.data).toMatchObject({ kind: 'bill', order: { plateNo } });
    const o = res.body.data.order;
    expect(o.token).toMatch(/^[0-9a-f]{32}$/);
    expect(o.payableCents).toBeGreaterThan(0);
    expect(o.totalCents - o.discountCents - o.paidCents).toBe(o.payableCents);
    expect(o.durationSec).toBeGreaterThanOrEqual(3 * 3600 - 5);
    expect(JSON.stringify(res.body.data)).not.toMatch(/"id"|parkingId|o-[0-9a-f]{12}/);
  });
});

describe('paying from a phone', () => {
  it('pays the stay through the provider, once: the car leaves, the console sees the payment', async () => {
    const { orderId } = await atBarrier(2);
    const bill = (await laneBill()).body.data;
    const outTradeNo = await payFromPhone(bill.order.token);
    const n = await walletPays(outTradeNo);
    expect(await takeNotify(db, n)).toMatchObject({ result: 'SUCCESS' });
    const o = await orderRow(db, orderId);
    expect(Number(o.state)).toBe(ORDER_STATE.COMPLETED);
    expect(Number(o.paid_cents)).toBe(bill.order.payableCents);
    expect(await payments(orderId)).toBe(1);
    expect((await get(`/api/public/Pay/${outTradeNo}`)).body.data).toMatchObject({ status: 'paid', exited: true, applied: true });
    expect((await laneBill()).body.data.kind).toBe('noCar');
    // the order's details in the console show the payment
    const details = await call(app, 'GET', `/api/order/ParkingOrder/${orderId}`, { token: admin });
    expect(details.body.data.payments).toHaveLength(1);
  });

  it('20 notifies of one payment at once make one payment row', async () => {
    const { orderId } = await atBarrier(4);
    const outTradeNo = await payFromPhone((await laneBill()).body.data.order.token);
    const n = await walletPays(outTradeNo);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/api/public/PayNotify', n)));
    expect(answers.every((a) => a.body.code === 200)).toBe(true);
    expect(await payments(orderId)).toBe(1);
  });

  it('a notify with another amount or a bad signature is refused and changes nothing', async () => {
    const { orderId } = await atBarrier(5);
    const outTradeNo = await payFromPhone((await laneBill()).body.data.order.token);
    const n = await walletPays(outTradeNo);
    const wrong = signedNotify({ ...n, amountCents: n.amountCents - 1 });
    expect((await post('/api/public/PayNotify', wrong)).body).toMatchObject({ code: 400, msg: '金额不符' });
    expect((await post('/api/public/PayNotify', { ...n, sign: 'f'.repeat(64) })).body).toMatchObject({ code: 400, msg: '签名错误' });
    expect(await payments(orderId)).toBe(0);
    expect(Number((await orderRow(db, orderId)).state)).toBe(ORDER_STATE.IN_PARK);
  });

  it('a plate’s open debt is paid with the stay, and the debt is recovered', async () => {
    const plateNo = plate();
    const old = await insertTestOrder(db, {
      state: ORDER_STATE.UNPAID_WAITING,
      receivable: 800,
      plate: plateNo,
      entry: new Date(Date.now() - 40 * HOUR),
    });
    await createDueArrears(db);
    const { orderId } = await atBarrier(1, plateNo);
    const bill = (await laneBill()).body.data;
    expect(bill.arrears).toEqual([expect.objectContaining({ owedCents: 800 })]);
    expect(bill.dueCents).toBe(bill.order.payableCents + 800);
    const outTradeNo = await payFromPhone(bill.order.token);
    expect((await takeNotify(db, await walletPays(outTradeNo))).result).toBe('SUCCESS');
    const debt = (
      await db.query<{ status: number; owed_cents: number }>('select status, owed_cents from arrears_record where order_id = $1', [old])
    ).rows[0];
    expect([Number(debt.status), Number(debt.owed_cents)]).toEqual([ARREARS_STATUS.RECOVERED, 0]);
    expect(Number((await orderRow(db, orderId)).state)).toBe(ORDER_STATE.COMPLETED);
  });

  it('a notify racing the simulator’s exit of the same car settles it once', async () => {
    for (let i = 0; i < 3; i++) {
      const { orderId } = await atBarrier(2);
      const outTradeNo = await payFromPhone((await laneBill()).body.data.order.token);
      const n = await walletPays(outTradeNo);
      const o = (await db.query<InPark>('select * from parking_order where id = $1', [orderId])).rows[0];
      await Promise.all([takeNotify(db, n), leave(db, { ...o, state: ORDER_STATE.IN_PARK } as InPark, Date.now())]);
      const row = await orderRow(db, orderId);
      expect(row.exit_time).not.toBeNull();
      // one exit: at most the simulator's payment or the phone's, never both
      expect(await payments(orderId)).toBeLessThanOrEqual(1);
      expect(Number(row.receivable_cents)).toBe(Number(row.discount_cents) + Number(row.paid_cents) + Number(row.owed_cents));
    }
  });

  it('retrying the payment under one key makes one payment, and nothing to pay opens the barrier', async () => {
    const { orderId } = await atBarrier(0.05); // inside the free minutes
    const bill = (await laneBill()).body.data;
    expect(bill.kind).toBe('free');
    expect((await post('/api/public/Pay', { token: bill.order.token, channel: 1 })).body).toMatchObject({ code: 400, msg: '当前无需缴费' });
    expect((await post('/api/public/Scan/Leave', { token: bill.order.token })).body).toMatchObject({ code: 200, data: { opened: true } });
    expect(Number((await orderRow(db, orderId)).state)).toBe(ORDER_STATE.EXITED_FREE);
  });
});

describe('group cards and the collector', () => {
  it('a group card by its number: company, slots, plates, the phone masked', async () => {
    const { rows } = await db.query<{ card_no: string; contact_phone: string }>(
      `select card_no, contact_phone from group_card where contact_phone <> '' limit 1`,
    );
    const res = await get(`/api/public/GroupCard?cardNo=${rows[0].card_no}`);
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.contactPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(JSON.stringify(res.body.data)).not.toContain(rows[0].contact_phone);
    expect((await get('/api/public/GroupCard?cardNo=NOPE')).body).toMatchObject({ code: 404, msg: '团体卡不存在' });
  });

  it('the handheld collects by the customer’s payment code, recorded under the collector', async () => {
    const plateNo = plate();
    const orderId = await insertTestOrder(db, {
      state: ORDER_STATE.IN_PARK,
      plate: plateNo,
      exited: false,
      entry: new Date(Date.now() - 3 * HOUR),
    });
    const bill = await call(app, 'GET', `/api/pda/Bill?plateNo=${encodeURIComponent(plateNo)}`, { token: admin });
    expect(bill.body.data.kind).toBe('bill');
    const collect = (key: string) =>
      call(app, 'POST', '/api/pda/Collect', {
        token: admin,
        json: { plateNo, mode: 'code', authCode: '134567890123456789' },
        headers: { 'idempotency-key': key },
      });
    const [a, b] = await Promise.all([collect(`pda-${orderId}`), collect(`pda-${orderId}`)]);
    expect(a.body).toMatchObject({ code: 200, data: { status: 'paid' } });
    expect(b.body).toEqual(a.body);
    const pays = await db.query<{ operator: string }>('select operator from parking_order_payment where order_id = $1', [orderId]);
    expect(pays.rows).toEqual([{ operator: '系统管理员（admin）' }]);
    expect(Number((await orderRow(db, orderId)).state)).toBe(ORDER_STATE.PAID_IN_PARK);
    // without the button: refused
    expect((await call(app, 'GET', `/api/pda/Bill?plateNo=${encodeURIComponent(plateNo)}`)).body.code).toBe(600);
  });
});

describe('debts alone at the kerb', () => {
  it('the handheld collects a plate’s debts when its car is not in: each debt recovered, under the collector', async () => {
    const plateNo = plate();
    const old = await insertTestOrder(db, {
      state: ORDER_STATE.UNPAID_WAITING,
      receivable: 650,
      plate: plateNo,
      entry: new Date(Date.now() - 40 * HOUR),
    });
    const elsewhere = await insertTestOrder(db, {
      state: ORDER_STATE.UNPAID_WAITING,
      receivable: 350,
      plate: plateNo,
      lot: 'p-ns-hac-02',
      entry: new Date(Date.now() - 50 * HOUR),
    });
    await createDueArrears(db);
    const bill = (await call(app, 'GET', `/api/pda/Bill?plateNo=${encodeURIComponent(plateNo)}`, { token: admin })).body.data;
    expect(bill).toMatchObject({ kind: 'noCar', order: null, arrearsCents: 1000, dueCents: 1000 });
    const collect = (key: string) =>
      call(app, 'POST', '/api/pda/Collect', {
        token: admin,
        json: { plateNo, mode: 'code', authCode: '134567890123456789' },
        headers: { 'idempotency-key': key },
      });
    const [a, b] = await Promise.all([collect(`pda-debt-${old}`), collect(`pda-debt-${old}`)]);
    expect(a.body).toMatchObject({ code: 200, data: { status: 'paid', amountCents: 1000 } });
    expect(b.body).toEqual(a.body);
    const debt = (
      await db.query<{ id: string; status: number; owed_cents: number }>(
        'select id, status, owed_cents from arrears_record where order_id = $1',
        [old],
      )
    ).rows[0];
    expect([Number(debt.status), Number(debt.owed_cents)]).toEqual([ARREARS_STATUS.RECOVERED, 0]);
    // each debt recovered in its own lot (collected alone, there is no stay's lot)
    const lots = await db.query<{ order_id: string; parking_id: string }>(
      'select order_id, parking_id from parking_order_payment where order_id = any($1) order by order_id',
      [[old, elsewhere]],
    );
    expect(Object.fromEntries(lots.rows.map((r) => [r.order_id, r.parking_id]))).toEqual({ [old]: TEST_LOT, [elsewhere]: 'p-ns-hac-02' });
    // a plate with neither a car in nor a debt: said in words
    const none = await call(app, 'POST', '/api/pda/Collect', {
      token: admin,
      json: { plateNo: plate(), mode: 'code', authCode: '134567890123456789' },
    });
    expect(none.body.code).toBe(404);
    expect(none.body.msg).toMatch(/没有在场车辆，也没有待缴欠费$/);
  });
});

describe('rate limits', () => {
  it('a public route answers 429 in the envelope past its limit per address', async () => {
    const strict = await buildTestApp({ signInLimits: { loopbackFactor: 1 } });
    try {
      let last = 0;
      for (let i = 0; i < 125 && last !== 429; i++) last = (await call(strict.app, 'GET', '/api/public/GroupCard?cardNo=NOPE')).body.code;
      expect(last).toBe(429);
    } finally {
      await strict.app.close();
    }
  });
});

void login;
