import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { takeNotify, signedNotify } from '../public/payments.ts';
import { call, withTestServer } from './helpers.ts';
import { TEST_LOT, orderRow } from './order-fixtures.ts';

/**
 * Unplated cars (无牌): the entry lane's code lets one in and hands the phone an entry pass (its
 * order's public token); at the exit the same pass names the stay, which is then billed and paid
 * like any other. Without the pass the exit says so; a pass never names another lot's car.
 */

let app: FastifyInstance;
let db: Db;
let admin = '';
withTestServer((s) => ({ app, db, admin } = s));

const lanes = { entry: '', exit: '' };

beforeAll(async () => {
  const pick = async (directions: number[]) =>
    (
      await db.query<{ id: string }>(
        `select id from parking_lane where parking_id = $1 and direction = any($2::smallint[]) and enabled_mark = 1 and qr_status = 1 order by id limit 1`,
        [TEST_LOT, directions],
      )
    ).rows[0].id;
  lanes.entry = await pick([1]);
  lanes.exit = await pick([2]);
  await db.query('delete from lane_presence where lane_id = any($1)', [[lanes.entry, lanes.exit]]);
});

const get = (url: string) => call(app, 'GET', url);
const post = (url: string, json: unknown, headers: Record<string, string> = {}) => call(app, 'POST', url, { json, headers });
const scan = (laneId: string, passport?: string) =>
  get(`/api/public/Scan/Lane?parkingId=${TEST_LOT}&laneId=${laneId}${passport ? `&passport=${passport}` : ''}`);
const camera = (action: 'Enter' | 'Arrive', laneId: string) =>
  call(app, 'POST', `/api/system/ParkingLane/${laneId}/Actions/${action}`, { token: admin, json: { plateNo: '无牌' } });
const enter = (key: string) => post('/api/public/Scan/Enter', { parkingId: TEST_LOT, laneId: lanes.entry }, { 'idempotency-key': key });

/** An unplated car drives up to the entry barrier and its driver scans in: the entry pass. */
async function scanIn(key: string): Promise<{ token: string; orderNo: string }> {
  expect((await camera('Enter', lanes.entry)).body).toMatchObject({ code: 200, data: { waiting: true } });
  const res = await enter(key);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data;
}

const orderOf = async (token: string) =>
  (await db.query<{ id: string }>('select id from parking_order where public_token = $1', [token])).rows[0].id;

describe('an unplated car at the entry lane', () => {
  it('is offered entry by the lane’s code, and the scan opens an unplated stay and hands out its pass', async () => {
    expect((await scan(lanes.entry)).body.data.kind).toBe('noCar');
    await camera('Enter', lanes.entry);
    expect((await scan(lanes.entry)).body.data).toMatchObject({ kind: 'entry', order: null, dueCents: 0 });
    const res = await enter('unplated-entry-1');
    expect(res.body).toMatchObject({ code: 200, msg: '道闸已开启，请入场' });
    const pass = res.body.data;
    expect(pass.token).toMatch(/^[0-9a-f]{32}$/);
    const o = await orderRow(db, await orderOf(pass.token));
    expect(o).toMatchObject({ plate_no: '无牌', entry_lane_id: lanes.entry, exit_time: null });
    expect(Number(o.car_class)).toBe(6);
    expect(Number(o.state)).toBe(ORDER_STATE.IN_PARK);
    // the barrier is free again: nobody waits there
    expect((await scan(lanes.entry)).body.data.kind).toBe('noCar');
  });

  it('a retried scan answers the same pass; a scan with no car waiting is refused in words', async () => {
    const first = await scanIn('unplated-entry-retry');
    const again = await enter('unplated-entry-retry');
    expect(again.body.data.token).toBe(first.token);
    const none = await enter('unplated-entry-none');
    expect(none.body).toMatchObject({ code: 400, msg: '入口道闸前没有待入场的无牌车，请将车辆驶至道闸前再扫码' });
    expect((await post('/api/public/Scan/Enter', { parkingId: TEST_LOT, laneId: lanes.exit })).body).toMatchObject({
      code: 400,
      msg: '这是出口车道的二维码，入场请扫描入口车道的二维码',
    });
  });

  it('lets several unplated cars in, each its own stay', async () => {
    const a = await scanIn('unplated-entry-a');
    const b = await scanIn('unplated-entry-b');
    expect(a.token).not.toBe(b.token);
    expect(await orderOf(a.token)).not.toBe(await orderOf(b.token));
  });
});

describe('an unplated car at the exit lane', () => {
  it('without a pass that names it, the exit asks for the pass; with it, the stay is billed', async () => {
    const mine = await scanIn('unplated-exit-mine');
    const other = await scanIn('unplated-exit-other');
    await db.query("update parking_order set entry_time = now() - interval '3 hours' where public_token = $1", [mine.token]);
    expect((await camera('Arrive', lanes.exit)).body.code).toBe(200);
    expect((await scan(lanes.exit)).body.data).toMatchObject({ kind: 'unplated', order: null });
    // an unknown pass names nobody here, and neither does a plated car's token
    expect((await scan(lanes.exit, 'f'.repeat(32))).body.data.kind).toBe('unplated');
    await db.query("update parking_order set plate_no = '粤B5U001' where public_token = $1", [other.token]);
    expect((await scan(lanes.exit, other.token)).body.data.kind).toBe('unplated');
    const bill = (await scan(lanes.exit, mine.token)).body.data;
    expect(bill).toMatchObject({ order: { token: mine.token, plateNo: '无牌' }, arrears: [] });
    expect(bill.order.durationSec).toBeGreaterThanOrEqual(3 * 3600 - 5);
    // named, the stay is shown to its own phone only: its token is the pass
    const stranger = (await scan(lanes.exit)).body.data;
    expect(stranger).toMatchObject({ kind: 'unplated', order: null });
    expect(JSON.stringify(stranger)).not.toContain(mine.token);
    expect((await scan(lanes.exit, mine.token)).body.data.order.token).toBe(mine.token);
  });

  it('at a two-way lane a car on its way out is never offered a new stay, nor one coming in claimed as leaving', async () => {
    const mine = await scanIn('unplated-twoway-mine');
    await db.query('update parking_lane set direction = 3 where id = $1', [lanes.exit]);
    try {
      await camera('Arrive', lanes.exit);
      expect((await scan(lanes.exit)).body.data.kind).toBe('unplated');
      const enter = await post(
        '/api/public/Scan/Enter',
        { parkingId: TEST_LOT, laneId: lanes.exit },
        { 'idempotency-key': 'unplated-twoway-1' },
      );
      expect(enter.body).toMatchObject({ code: 400, msg: '入口道闸前没有待入场的无牌车，请将车辆驶至道闸前再扫码' });
      // a car coming in at that lane: offered entry, and a pass of a stay inside does not claim it
      await camera('Enter', lanes.exit);
      expect((await scan(lanes.exit, mine.token)).body.data.kind).toBe('entry');
    } finally {
      await db.query('update parking_lane set direction = 2 where id = $1', [lanes.exit]);
      await db.query('delete from lane_presence where lane_id = $1', [lanes.exit]);
    }
  });

  it('pays and leaves like any car; the other unplated stay stays in the lot', async () => {
    const mine = await scanIn('unplated-pay-mine');
    const other = await scanIn('unplated-pay-other');
    await db.query("update parking_order set entry_time = now() - interval '2 hours' where public_token = $1", [mine.token]);
    await camera('Arrive', lanes.exit);
    const bill = (await scan(lanes.exit, mine.token)).body.data;
    expect(bill.kind).toBe('bill');
    {
      const pay = await post('/api/public/Pay', { token: mine.token, channel: 1 }, { 'idempotency-key': `pay-${mine.token}` });
      expect(pay.body.code, pay.body.msg).toBe(200);
      const outTradeNo = pay.body.data.outTradeNo as string;
      expect((await post('/api/public/PaySim/Confirm', { outTradeNo })).body.code).toBe(200);
      const { rows } = await db.query<{ txn_id: string; amount_cents: number }>(
        'select txn_id, amount_cents::float8 as amount_cents from pay_provider_sim where out_trade_no = $1',
        [outTradeNo],
      );
      const n = signedNotify({ outTradeNo, transactionId: rows[0].txn_id, amountCents: Number(rows[0].amount_cents) });
      expect(await takeNotify(db, n)).toMatchObject({ result: 'SUCCESS' });
    }
    expect(Number((await orderRow(db, await orderOf(mine.token))).state)).toBe(ORDER_STATE.COMPLETED);
    expect((await orderRow(db, await orderOf(other.token))).exit_time).toBeNull();
    expect((await scan(lanes.exit, other.token)).body.data.kind).toBe('noCar');
  });
});
