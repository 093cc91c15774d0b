import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { md5Hex } from '../lib/password.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { ARREARS_STATUS } from '../../domain/arrears-codes.ts';
import { createDueArrears } from '../arrears/create.ts';
import { cancelScheduledNotices, sendDueNotices } from '../arrears/notices.ts';
import { hasOpenDebts } from '../arrears/policy.ts';
import { call, login, signInLotLimitedUser, withTestServer } from './helpers.ts';
import { TEST_LOT, insertTestOrder, orderRow } from './order-fixtures.ts';

/**
 * 欠费追缴 end to end on the server: a debt appears after the policy's delay, is paid in part then in
 * full as order payments (the order's split follows), is written off only with a reason and the
 * button, gets at most one notice per plate per day, and stays within the caller's lots.
 */

let app: FastifyInstance;
let db: Db;
let admin = '';
let viewer = '';
withTestServer((s) => ({ app, db, admin } = s));

const HOUR = 3_600_000;
let plateSeq = 0;
const plate = () => `粤B9A${String(++plateSeq).padStart(3, '0')}`;

beforeAll(async () => {
  // sees 欠费记录 and may pay, but holds neither 核销 nor 发送通知
  const role = await call(app, 'POST', '/api/system/Role', {
    token: admin,
    json: { fullName: '欠费收款', enCode: 'arrearsCashier', menuIds: ['m-arrears', 'm-arrearsRecord'] },
  });
  expect(role.body.code, role.body.msg).toBe(200);
  const user = await call(app, 'POST', '/api/system/Permission/Users', {
    token: admin,
    json: {
      account: 'arrview',
      realName: '欠费查看',
      roleIds: [role.body.data.id],
      userPassword: md5Hex('pw1234'),
      validatePassword: md5Hex('pw1234'),
    },
  });
  expect(user.body.code, user.body.msg).toBe(200);
  viewer = await login(app, 'arrview', 'pw1234');
});

/** An unpaid exit `hoursAgo` hours ago turned into a debt by the job; answers the record id and order id. */
async function debt(o: { owed?: number; paid?: number; plateNo?: string; lot?: string } = {}): Promise<{ id: string; orderId: string }> {
  const orderId = await insertTestOrder(db, {
    state: ORDER_STATE.UNPAID_WAITING,
    receivable: (o.owed ?? 1000) + (o.paid ?? 0),
    paid: o.paid ?? 0,
    plate: o.plateNo ?? plate(),
    lot: o.lot,
    entry: new Date(Date.now() - 30 * HOUR),
  });
  await createDueArrears(db);
  const { rows } = await db.query<{ id: string }>('select id from arrears_record where order_id = $1', [orderId]);
  expect(rows[0], 'the job made a record').toBeDefined();
  return { id: rows[0].id, orderId };
}

const record = async (id: string) => (await db.query<Record<string, unknown>>('select * from arrears_record where id = $1', [id])).rows[0];
const act = (id: string, action: string, json: unknown, token = admin) =>
  call(app, 'POST', `/api/arrears/ArrearsRecord/${id}/Actions/${action}`, { token, json });
const send = (json: unknown, token = admin) => call(app, 'POST', '/api/arrears/ArrearsNotice/Actions/Send', { token, json });
const balanced = (o: Record<string, unknown>) =>
  Number(o.receivable_cents) === Number(o.discount_cents) + Number(o.paid_cents) + Number(o.owed_cents);

describe('creation after the delay', () => {
  it('an unpaid exit becomes a debt only once the policy delay has passed, owing receivable − discount − paid', async () => {
    const orderId = await insertTestOrder(db, {
      state: ORDER_STATE.UNPAID_WAITING,
      receivable: 1500,
      discount: 200,
      paid: 300,
      plate: plate(),
      entry: new Date(Date.now() - 25 * HOUR), // exit 23 h ago
    });
    await createDueArrears(db);
    expect((await db.query('select 1 from arrears_record where order_id = $1', [orderId])).rows).toHaveLength(0);
    await createDueArrears(db, Date.now() + 2 * HOUR); // the 24 h have passed
    const { rows } = await db.query<Record<string, unknown>>('select * from arrears_record where order_id = $1', [orderId]);
    expect(rows).toHaveLength(1);
    expect([Number(rows[0].principal_cents), Number(rows[0].owed_cents), Number(rows[0].status)]).toEqual([
      1000,
      1000,
      ARREARS_STATUS.OPEN,
    ]);
    expect((await orderRow(db, orderId)).state).toBe(ORDER_STATE.ARREARS);
    // a second run makes no second record
    await createDueArrears(db, Date.now() + 3 * HOUR);
    expect((await db.query('select 1 from arrears_record where order_id = $1', [orderId])).rows).toHaveLength(1);
  });

  it('a shorter delay in the policy takes effect at the next run', async () => {
    const put = (delayHours: number) =>
      call(app, 'POST', '/api/arrears/Policy', { token: admin, json: { delayHours, huntScope: 1, blockEntry: false, showOnExit: true } });
    expect((await put(1)).body.code).toBe(200);
    const orderId = await insertTestOrder(db, { state: ORDER_STATE.UNPAID_WAITING, receivable: 500, plate: plate() }); // exit 1 h ago
    await createDueArrears(db, Date.now() + 60_000);
    expect((await orderRow(db, orderId)).state).toBe(ORDER_STATE.ARREARS);
    expect((await put(24)).body.code).toBe(200);
    expect((await put(0)).body).toMatchObject({ code: 400, msg: '转欠费时限必须是1到720之间的整数（小时）' });
  });

  it('the seeded history has debts', async () => {
    const res = await call(app, 'GET', '/api/arrears/ArrearsRecord?pageSize=5', { token: admin });
    expect(res.body.code).toBe(200);
    expect(res.body.data.pagination.total).toBeGreaterThan(0);
  });
});

describe('payments', () => {
  it('in part then in full: PARTIALLY_PAID then RECOVERED, each a payment row, the order split following', async () => {
    const { id, orderId } = await debt({ owed: 1000 });
    const part = await act(id, 'Pay', { amountCents: 400, channel: 3 });
    expect(part.body).toMatchObject({ code: 200, data: { status: ARREARS_STATUS.PARTIALLY_PAID } });
    let o = await orderRow(db, orderId);
    expect([Number(o.paid_cents), Number(o.owed_cents), Number(o.state)]).toEqual([400, 600, ORDER_STATE.ARREARS]);
    expect(balanced(o)).toBe(true);

    const over = await act(id, 'Pay', { amountCents: 700, channel: 1 });
    expect(over.body).toMatchObject({ code: 400, msg: '收款金额不能超过欠费金额6.00元' });
    // a collecting lot that does not exist is named, and nothing is written
    const nowhere = await act(id, 'Pay', { amountCents: 100, channel: 1, recoveredLotId: 'no-such-lot' });
    expect(nowhere.body).toMatchObject({ code: 400, msg: '收款车场不存在' });
    expect(Number((await orderRow(db, orderId)).paid_cents)).toBe(400);

    const full = await act(id, 'Pay', { amountCents: 600, channel: 1 });
    expect(full.body).toMatchObject({ code: 200, data: { status: ARREARS_STATUS.RECOVERED } });
    o = await orderRow(db, orderId);
    expect([Number(o.paid_cents), Number(o.owed_cents), Number(o.state)]).toEqual([1000, 0, ORDER_STATE.RECOVERED]);
    expect(balanced(o)).toBe(true);
    const pays = await db.query<{ value_cents: string; channel: number }>(
      'select value_cents, channel from parking_order_payment where order_id = $1 order by value_cents',
      [orderId],
    );
    expect(pays.rows.map((p) => [Number(p.value_cents), Number(p.channel)])).toEqual([
      [400, 3],
      [600, 1],
    ]);
    const r = await record(id);
    expect(r).toMatchObject({ recovered_lot_id: TEST_LOT, recovered_by: '系统管理员（admin）' });
    expect([Number(r.recovered_cents), Number(r.owed_cents), Number(r.recovered_channel)]).toEqual([1000, 0, 1]);
    const audits = await db.query<{ action: string }>('select action from parking_order_audit where order_id = $1 order by operate_time', [
      orderId,
    ]);
    expect(audits.rows.map((a) => a.action)).toEqual(['arrears', 'arrears:pay', 'arrears:pay']);
  });
});

describe('write-off', () => {
  it('needs a reason (400, nothing changed) and the 核销 button (403 without)', async () => {
    const { id, orderId } = await debt({ owed: 800 });
    await act(id, 'Pay', { amountCents: 300, channel: 2 });
    const before = await record(id);
    expect((await act(id, 'WriteOff', { reason: '  ' })).body).toMatchObject({ code: 400, msg: '核销原因不能为空' });
    const denied = await act(id, 'WriteOff', { reason: '车主已注销' }, viewer);
    expect(denied.status).toBe(403);
    expect(await record(id)).toEqual(before);

    const res = await act(id, 'WriteOff', { reason: '车辆报废，无法追缴' });
    expect(res.body).toMatchObject({ code: 200, data: { status: ARREARS_STATUS.WRITTEN_OFF } });
    expect(await record(id)).toMatchObject({ write_off_reason: '车辆报废，无法追缴' });
    // nothing is left to collect: the row and the list's 待追缴 total leave it out, 已核销 shows it
    const row = (await call(app, 'GET', `/api/arrears/ArrearsRecord/${id}`, { token: admin })).body.data;
    expect(row).toMatchObject({ principalCents: 800, recoveredCents: 300, writtenOffCents: 500, owedCents: 0 });
    const list = await call(app, 'GET', `/api/arrears/ArrearsRecord?plateNo=${encodeURIComponent(String(row.plateNo))}`, { token: admin });
    expect(list.body.data.summary).toMatchObject({ owedCents: 0, writtenOffCents: 500, recoveredCents: 300 });
    const o = await orderRow(db, orderId);
    expect([Number(o.state), Number(o.owed_cents), Number(o.paid_cents)]).toEqual([ORDER_STATE.WRITTEN_OFF, 0, 300]);
    expect(balanced(o)).toBe(true);
    // settled: no more payments
    expect((await act(id, 'Pay', { amountCents: 100, channel: 3 })).body).toMatchObject({
      code: 400,
      msg: '欠费记录当前状态为“已核销”，不能收款',
    });
  });
});

describe('notices', () => {
  it('one notice per plate per day: the second batch naming that plate is refused whole', async () => {
    const p = plate();
    const a = await debt({ plateNo: p });
    const b = await debt({ plateNo: p });
    const other = await debt();
    const first = await send({ ids: [a.id, b.id], channel: 1 });
    expect(first.body.code, first.body.msg).toBe(200);
    expect(first.body.data.notices).toHaveLength(1); // one notice names both debts of the plate
    const n = (
      await db.query<{ record_ids: string[]; status: number }>('select record_ids, status from arrears_notice where plate_no = $1', [p])
    ).rows;
    expect(n[0].record_ids.sort()).toEqual([a.id, b.id].sort());
    expect([1, 2, 3]).toContain(Number(n[0].status));
    const again = await send({ ids: [other.id, a.id], channel: 2 });
    expect(again.body.code).toBe(400);
    expect(again.body.msg).toMatch(new RegExp(`^车牌${p}在\\d{4}-\\d{2}-\\d{2}已有追缴通知，每个车牌每天最多发送一条$`));
    expect((await record(other.id)).notice_count).toBe(0);
    // the history of a record lists its notice with the delivery result
    const hist = await call(app, 'GET', `/api/arrears/ArrearsNotice?recordId=${a.id}`, { token: admin });
    expect(hist.body.data.list).toHaveLength(1);
    expect(hist.body.data.list[0]).toMatchObject({ plateNo: p, channel: 1, recordCount: 2 });
  });

  it('a notice to a recovered debt is refused and nothing is sent', async () => {
    const { id } = await debt({ owed: 200 });
    await act(id, 'Pay', { amountCents: 200, channel: 1 });
    const res = await send({ ids: [id], channel: 1 });
    expect(res.body).toMatchObject({ code: 400 });
    expect(res.body.msg).toContain('欠费记录当前状态为“已追缴”，不能发送追缴通知');
    expect((await db.query('select 1 from arrears_notice where $1 = any(record_ids)', [id])).rows).toHaveLength(0);
  });

  it('a scheduled notice waits for its time and is sent by the job; a dispute cancels it', async () => {
    const later = Date.now() + 2 * HOUR;
    const a = await debt();
    const b = await debt();
    expect((await send({ ids: [a.id, b.id], channel: 2, sendAt: later })).body.msg).toBe('已安排定时发送2条通知');
    expect((await act(b.id, 'Dispute', { reason: '车主称当日未停车' })).body.code).toBe(200);
    await sendDueNotices(db, Date.now());
    const status = async (id: string) =>
      Number((await db.query<{ status: number }>('select status from arrears_notice where $1 = any(record_ids)', [id])).rows[0].status);
    expect(await status(a.id)).toBe(0);
    expect(await status(b.id)).toBe(4);
    await sendDueNotices(db, later + 1000);
    expect([1, 2, 3]).toContain(await status(a.id));
    expect((await record(a.id)).notice_count).toBe(1);
    // a notice already answered is not cancelled when its debt is settled afterwards: nothing moves
    const sent = await status(a.id);
    await cancelScheduledNotices(db, a.id);
    expect(await status(a.id)).toBe(sent);
  });

  it('a dispute needs its button (403 without) and freezes the debt until resolved: no notice, no payment', async () => {
    const { id } = await debt({ owed: 600 });
    expect((await act(id, 'Dispute', { reason: '车主称当日未停车' }, viewer)).status).toBe(403);
    expect((await record(id)).status).toBe(ARREARS_STATUS.OPEN);
    expect((await act(id, 'Dispute', { reason: '车主称当日未停车' })).body).toMatchObject({
      code: 200,
      data: { status: ARREARS_STATUS.DISPUTED },
    });
    const refused = await send({ ids: [id], channel: 1 });
    expect(refused.body.code).not.toBe(200);
    expect((await act(id, 'Pay', { amountCents: 100, channel: 3 })).body.code).toBe(400);
    expect((await record(id)).notice_count).toBe(0);
    // resolved: collecting again, and a notice goes out
    expect((await act(id, 'Resolve', { reason: '核实确有停车' })).body).toMatchObject({ code: 200, data: { status: ARREARS_STATUS.OPEN } });
    expect((await send({ ids: [id], channel: 1 })).body.code).toBe(200);
  });

  it('sending needs the 发送通知 button', async () => {
    const { id } = await debt();
    expect((await send({ ids: [id], channel: 1 }, viewer)).status).toBe(403);
  });
});

describe('lot scope and the exit bill', () => {
  it("another lot's debt is neither listed nor paid nor notified", async () => {
    const other = (await db.query<{ id: string }>('select id from parking where id <> $1 order by id limit 1', [TEST_LOT])).rows[0].id;
    const mine = await debt();
    const theirs = await debt({ lot: other });
    const limited = await signInLotLimitedUser(app, admin, 'arrlot', [TEST_LOT]);
    const list = await call(app, 'GET', `/api/arrears/ArrearsRecord?parkingId=${other}`, { token: limited });
    expect(list.body.data.list).toEqual([]);
    const pay = await act(theirs.id, 'Pay', { amountCents: 100, channel: 3 }, limited);
    expect(pay.body).toMatchObject({ code: 403, msg: '无权访问其他停车场的数据' });
    expect(Number((await record(theirs.id)).recovered_cents)).toBe(0);
    expect((await send({ ids: [mine.id, theirs.id], channel: 1 }, limited)).body.code).toBe(403);
    expect((await act(mine.id, 'Pay', { amountCents: 100, channel: 3 }, limited)).body.code).toBe(200);
  });

  it("the fee calculation lists the plate's open debts beside the stay", async () => {
    const p = plate();
    const { id } = await debt({ plateNo: p, owed: 750 });
    const res = await call(app, 'POST', '/api/fee/Calculate', {
      token: admin,
      json: { parkingId: TEST_LOT, plateNo: p, entryTime: Date.now() - HOUR, exitTime: Date.now() },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.arrears).toMatchObject({
      shown: true,
      totalCents: 750,
      records: [expect.objectContaining({ id, owedCents: 750 })],
    });
    expect(typeof res.body.data.totalCents).toBe('number');
  });
});

describe('the entry check', () => {
  it('a plate is in arrears while a debt is collected, and no longer once it is written off', async () => {
    const p = plate();
    const { id } = await debt({ plateNo: p });
    expect(await hasOpenDebts(db, p)).toBe(true);
    expect((await act(id, 'WriteOff', { reason: '车辆已注销' })).body.code).toBe(200);
    expect(await hasOpenDebts(db, p)).toBe(false);
  });
});

describe('the demo history', () => {
  it('has notices with their delivery results, and each notified debt counts its notice', async () => {
    const res = await call(app, 'GET', '/api/arrears/ArrearsNotice?pageSize=200', { token: admin });
    expect(res.body.data.pagination.total).toBeGreaterThan(0);
    const { rows } = await db.query<{ bad: number }>(
      `select count(*)::int as bad from arrears_notice n join arrears_record a on a.id = n.record_ids[1]
        where n.sender = '系统' and (a.notice_count <> 1 or (n.status <> 3) <> (a.status = 1))`,
    );
    expect(rows[0].bad).toBe(0);
  });
});

describe('export', () => {
  it('exports the filtered debts as CSV with yuan and status words', async () => {
    const { id } = await debt({ owed: 1234 });
    const r = await record(id);
    const res = await app.inject({
      method: 'GET',
      url: `/api/arrears/ArrearsRecord/Actions/Export?orderNo=${encodeURIComponent(String(r.order_no))}`,
      headers: { authorization: admin },
    });
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toContain('待追缴（元）');
    expect(res.body).toMatch(new RegExp(`${String(r.order_no)},.*,12\\.34,0\\.00,0\\.00,12\\.34,\\d+,待追缴`));
  });
});
