import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { md5Hex } from '../lib/password.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { call, login, withTestServer } from './helpers.ts';
import { insertTestOrder, orderRow } from './order-fixtures.ts';

/**
 * The audited changes of an order: each needs its button (403 and nothing changed without it), a
 * reason, and a state that allows it; each leaves one audit row with before and after, and the
 * split always adds up.
 */

let app: FastifyInstance;
let db: Db;
let admin = '';
let viewer = '';
withTestServer((s) => ({ app, db, admin } = s));

beforeAll(async () => {
  const role = await call(app, 'POST', '/api/system/Role', {
    token: admin,
    json: { fullName: '订单查看', enCode: 'orderViewer', menuIds: ['m-OrderManagement', 'm-parkingRecordOrder'] },
  });
  expect(role.body.code, role.body.msg).toBe(200);
  const user = await call(app, 'POST', '/api/system/Permission/Users', {
    token: admin,
    json: {
      account: 'orderview',
      realName: '只看订单',
      roleIds: [role.body.data.id],
      userPassword: md5Hex('pw1234'),
      validatePassword: md5Hex('pw1234'),
    },
  });
  expect(user.body.code, user.body.msg).toBe(200);
  viewer = await login(app, 'orderview', 'pw1234');
});

const act = (id: string, action: string, json: unknown, token = admin) =>
  call(app, 'POST', `/api/order/ParkingOrder/${id}/Actions/${action}`, { token, json });

const audits = async (id: string) =>
  (
    await db.query<{ action: string; reason: string; before: Record<string, number>; after: Record<string, number> }>(
      'select action, reason, before, after from parking_order_audit where order_id = $1 order by operate_time',
      [id],
    )
  ).rows;

const sums = (o: Record<string, unknown>) =>
  Number(o.receivable_cents) === Number(o.discount_cents) + Number(o.paid_cents) + Number(o.owed_cents);

describe('order actions', () => {
  it('changing the amount with a reason updates owed, keeps the split and is audited with before and after', async () => {
    const id = await insertTestOrder(db, { state: ORDER_STATE.UNPAID_WAITING, receivable: 1500, paid: 0 });
    const res = await act(id, 'ChangeAmount', { receivableCents: 1000, reason: '车主投诉计费有误' });
    expect(res.body).toMatchObject({ code: 200, msg: '调整金额成功' });
    const o = await orderRow(db, id);
    expect(Number(o.receivable_cents)).toBe(1000);
    expect(Number(o.owed_cents)).toBe(1000);
    expect(sums(o)).toBe(true);
    expect(await audits(id)).toEqual([
      expect.objectContaining({
        action: 'changeAmount',
        reason: '车主投诉计费有误',
        before: expect.objectContaining({ receivableCents: 1500, owedCents: 1500 }),
        after: expect.objectContaining({ receivableCents: 1000, owedCents: 1000 }),
      }),
    ]);
    // the details answer the audit too
    const details = await call(app, 'GET', `/api/order/ParkingOrder/${id}`, { token: admin });
    expect(details.body.data.audits[0]).toMatchObject({ actionLabel: '调整金额', reason: '车主投诉计费有误' });
  });

  it('waiving what an exited car owes completes the order; the owed amount becomes discount', async () => {
    const id = await insertTestOrder(db, { state: ORDER_STATE.UNPAID_WAITING, receivable: 800, paid: 0 });
    expect((await act(id, 'Waive', { reason: '设备故障免单' })).body.code).toBe(200);
    const o = await orderRow(db, id);
    expect(o).toMatchObject({ state: ORDER_STATE.COMPLETED });
    expect([Number(o.discount_cents), Number(o.owed_cents)]).toEqual([800, 0]);
  });

  it('closing a car in the lot by hand sets its exit and reason', async () => {
    const id = await insertTestOrder(db, { state: ORDER_STATE.IN_PARK, exited: false });
    expect((await act(id, 'Close', { reason: '车辆已离场，相机漏拍' })).body.code).toBe(200);
    const o = await orderRow(db, id);
    expect(o).toMatchObject({ state: ORDER_STATE.CLOSED, close_reason: '车辆已离场，相机漏拍' });
    expect(o.exit_time).not.toBeNull();
  });

  it('sending an unpaid exit to arrears moves it to 欠费', async () => {
    const id = await insertTestOrder(db, { state: ORDER_STATE.UNPAID_WAITING, receivable: 600 });
    expect((await act(id, 'Arrears', { reason: '超过三天未缴' })).body.code).toBe(200);
    expect((await orderRow(db, id)).state).toBe(ORDER_STATE.ARREARS);
  });

  it('a refund request is recorded on the order and cannot exceed what is left to refund', async () => {
    const id = await insertTestOrder(db, { state: ORDER_STATE.COMPLETED, receivable: 1000, paid: 1000 });
    expect((await act(id, 'Refund', { amountCents: 600, reason: '重复支付' })).body.code).toBe(200);
    const again = await act(id, 'Refund', { amountCents: 500, reason: '重复支付' });
    expect(again.body).toMatchObject({
      code: 400,
      msg: '退款金额不能超过该笔支付的可退金额4.00元（支付10.00元，已退0.00元，退款中6.00元）',
    });
    const details = (await call(app, 'GET', `/api/order/ParkingOrder/${id}`, { token: admin })).body.data;
    expect(details.refunds).toHaveLength(1);
    expect(details.refunds[0]).toMatchObject({ amountCents: 600, statusLabel: '已申请' });
    expect(details.refundableCents).toBe(400);
  });

  it('an illegal transition answers the state in Chinese and changes nothing', async () => {
    const id = await insertTestOrder(db, { state: ORDER_STATE.COMPLETED, receivable: 500, paid: 500 });
    const before = await orderRow(db, id);
    const res = await act(id, 'Close', { reason: '试试' });
    expect(res.body).toMatchObject({ code: 400, msg: '订单当前状态为“已完成”，不能手动结单' });
    expect(await orderRow(db, id)).toEqual(before);
    expect(await audits(id)).toEqual([]);
  });

  it('an amount below what is already paid is refused and nothing is written', async () => {
    const id = await insertTestOrder(db, { state: ORDER_STATE.COMPLETED, receivable: 1000, paid: 1000 });
    const res = await act(id, 'ChangeAmount', { receivableCents: 500, reason: '调低' });
    expect(res.body.msg).toBe('调整后的应收金额不能小于已优惠与已支付之和（10.00元），多收的款项请申请退款');
    expect(Number((await orderRow(db, id)).receivable_cents)).toBe(1000);
    expect(await audits(id)).toEqual([]);
  });

  it.each([
    ['ChangeAmount', { receivableCents: 100 }, '原因不能为空'],
    ['ChangeAmount', { receivableCents: 100, reason: '   ' }, '原因不能为空'],
    ['ChangeAmount', { receivableCents: 12.5, reason: '改' }, '调整后应收金额必须是不小于0的整数（分）'],
    ['ChangeAmount', { receivableCents: -1, reason: '改' }, '调整后应收金额必须是不小于0的整数（分）'],
    ['ChangeAmount', { reason: '改' }, '调整后应收金额不能为空'],
    ['Refund', { amountCents: 0, reason: '退' }, '退款金额必须是大于0的整数（分）'],
    ['Close', { reason: 'x'.repeat(201) }, '原因不能为空，且不能超过200个字符'],
  ])('%s with %j answers a clear message and writes nothing', async (action, body, msg) => {
    const id = await insertTestOrder(db, { state: ORDER_STATE.UNPAID_WAITING, receivable: 300 });
    const before = await orderRow(db, id);
    const res = await act(id, action, body);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toContain(msg.replace(/不能为空$/, ''));
    expect(await orderRow(db, id)).toEqual(before);
    expect(await audits(id)).toEqual([]);
  });

  it.each(['Close', 'ChangeAmount', 'Waive', 'Arrears', 'Refund'])(
    '%s without its button answers 403 and changes nothing',
    async (action) => {
      const id = await insertTestOrder(db, { state: ORDER_STATE.UNPAID_WAITING, receivable: 300 });
      const before = await orderRow(db, id);
      const res = await act(id, action, { reason: '无权', receivableCents: 100, amountCents: 100 }, viewer);
      expect(res.status).toBe(403);
      expect(await orderRow(db, id)).toEqual(before);
    },
  );

  it('the operator (no 调整金额 button) may close but not change an amount', async () => {
    const operator = await login(app, 'operator', 'operator123');
    const id = await insertTestOrder(db, { state: ORDER_STATE.IN_PARK, exited: false });
    expect((await act(id, 'ChangeAmount', { receivableCents: 100, reason: '改' }, operator)).status).toBe(403);
    expect((await act(id, 'Close', { reason: '相机漏拍' }, operator)).body.code).toBe(200);
  });
});

describe('orders keep the rule version they were priced with', () => {
  it('editing a bound fee rule makes a new version; an existing order keeps its amount, version and fee lines', async () => {
    const { rows } = await db.query<{ id: string; rule_id: string; rule_version: number; receivable_cents: string }>(
      `select id, rule_id, rule_version, receivable_cents from parking_order
        where state = 2 and rule_id is not null and receivable_cents > 0 and discount_cents = 0 order by id limit 1`,
    );
    const order = rows[0];
    const rule = (await call(app, 'GET', `/api/fee/FeeRule/${order.rule_id}`, { token: admin })).body.data;
    const dearer = (rule.windows as Record<string, unknown>[]).map((w) => ({
      ...w,
      ...(typeof w.unitPriceCents === 'number' ? { unitPriceCents: w.unitPriceCents * 2 } : {}),
      ...(typeof w.visitPriceCents === 'number' ? { visitPriceCents: w.visitPriceCents * 2 } : {}),
    }));
    const put = await call(app, 'PUT', `/api/fee/FeeRule/${order.rule_id}`, { token: admin, json: { windows: dearer } });
    expect(put.body.code, put.body.msg).toBe(200);
    expect((await call(app, 'GET', `/api/fee/FeeRule/${order.rule_id}`, { token: admin })).body.data.version).toBeGreaterThan(
      order.rule_version,
    );

    const after = await orderRow(db, order.id);
    expect([Number(after.receivable_cents), after.rule_version]).toEqual([Number(order.receivable_cents), order.rule_version]);
    const details = (await call(app, 'GET', `/api/order/ParkingOrder/${order.id}`, { token: admin })).body.data;
    expect(details.ruleVersion).toBe(order.rule_version);
    const lines = details.feeLines as { feeCents: number }[];
    expect(lines.reduce((s, l) => s + l.feeCents, 0)).toBe(Number(order.receivable_cents));
  });
});
