import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { call, withTestServer } from './helpers.ts';

let app: FastifyInstance;
let db: Db;
let admin = '';
let operator = '';
withTestServer((s) => ({ app, db, admin, operator } = s));

const base = { merchantName: '测试商户', contactName: '王五', contactPhone: '13812345678', parkingIds: ['p-ns-hac-02'] };

describe('merchants (商户) on the resource layer', () => {
  it('lists the seeded merchants, filtered by lot and keyword', async () => {
    const list = async (qs: string) => (await call(app, 'GET', `/api/coupon/Merchant?${qs}`, { token: admin })).body.data;
    expect((await list('')).pagination.total).toBe(3);
    expect((await list('parkingId=p-ns-hac-02')).list.map((m: { merchantName: string }) => m.merchantName).sort()).toEqual([
      '海岸城影城',
      '海岸城星巴克',
    ]);
    expect((await list('keyword=餐厅')).list[0]).toMatchObject({ merchantName: '科技园职工餐厅', balance: 0, enabledMark: 0 });
  });

  it('creates, reads, updates and deletes with cents kept exact, each logged', async () => {
    const created = await call(app, 'POST', '/api/coupon/Merchant', { token: admin, json: base });
    expect(created.body).toMatchObject({ code: 200, msg: '新建成功' });
    const id = created.body.data.id as string;
    const got = (await call(app, 'GET', `/api/coupon/Merchant/${id}`, { token: admin })).body.data;
    expect(got).toMatchObject({ ...base, enabledMark: 1, balance: 0 });
    const form = { merchantName: '测试商户二', parkingIds: 'p-ns-hac-02,p-ns-kjy-01', contactPhone: '' };
    const put = await call(app, 'PUT', `/api/coupon/Merchant/${id}`, { token: admin, form });
    expect(put.body).toMatchObject({ code: 200, msg: '修改成功' });
    const after = (await call(app, 'GET', `/api/coupon/Merchant/${id}`, { token: admin })).body.data;
    expect(after).toMatchObject({
      merchantName: '测试商户二',
      parkingIds: ['p-ns-hac-02', 'p-ns-kjy-01'],
      contactPhone: '',
      contactName: '王五',
    });
    expect((await call(app, 'DELETE', `/api/coupon/Merchant/${id}`, { token: admin })).body.msg).toBe('删除成功');
    const { rows } = await db.query<{ action: string }>(
      `select action from oper_log where module = 'merchant' and record_id = $1 order by id`,
      [id],
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it.each([
    [{ merchantName: '' }, '商户名称不能为空'],
    [{ merchantName: 'x'.repeat(51) }, '商户名称不能超过50个字符'],
    [{ contactPhone: '16612345678' }, '请输入正确的电话号码'],
    [{ merchantName: '海岸城星巴克' }, '商户名称已存在'],
  ])('refuses %j with a clear message and writes nothing', async (patch, msg) => {
    const res = await call(app, 'POST', '/api/coupon/Merchant', { token: admin, json: { ...base, ...patch } });
    expect(res.body).toMatchObject({ code: 400, msg });
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from merchant');
    expect(rows[0].n).toBe(3);
  });

  it('a top-up adds to the balance as it is now, with a ledger row; an edit never writes a balance back', async () => {
    const id = (await call(app, 'POST', '/api/coupon/Merchant', { token: admin, json: { ...base, merchantName: '充值商户' } })).body.data
      .id;
    const topUp = (amountCents: unknown, token = admin) =>
      call(app, 'POST', `/api/coupon/Merchant/${id}/Actions/TopUp`, { token, json: { amountCents, note: '三月预付' } });
    expect((await topUp(50000)).body).toMatchObject({ code: 200, msg: '已充值500.00元，当前余额500.00元', data: { balance: 50000 } });
    // a coupon used meanwhile (what redeemCoupons does), then an edit from a form opened before it
    await db.query('update merchant set balance = balance - 2000 where id = $1', [id]);
    const edit = await call(app, 'PUT', `/api/coupon/Merchant/${id}`, {
      token: admin,
      json: { ...base, merchantName: '充值商户', balance: 50000 },
    });
    expect(edit.body.code, edit.body.msg).toBe(200);
    expect((await topUp(1000)).body.data.balance).toBe(49000);
    const ledger = (await call(app, 'GET', `/api/coupon/Merchant/${id}/Ledger`, { token: admin })).body.data;
    expect(ledger.balance).toBe(49000);
    expect(
      ledger.items.map((r: { kind: number; amountCents: number; balanceAfter: number; note: string }) => [
        r.kind,
        r.amountCents,
        r.balanceAfter,
        r.note,
      ]),
    ).toEqual([
      [2, 1000, 49000, '预付充值：三月预付'],
      [2, 50000, 50000, '预付充值：三月预付'],
    ]);
    for (const bad of [0, -100, 1.5, 100_000_001, 'ten']) expect((await topUp(bad)).body, String(bad)).toMatchObject({ code: 400 });
    expect((await topUp(100, operator)).status).toBe(403);
    expect(
      (await call(app, 'POST', '/api/coupon/Merchant/m-none/Actions/TopUp', { token: admin, json: { amountCents: 100 } })).body.code,
    ).toBe(404);
    expect(Number((await db.query<{ b: string }>('select balance as b from merchant where id = $1', [id])).rows[0].b)).toBe(49000);
  });

  it('needs the merchant buttons to write (HTTP 403)', async () => {
    expect((await call(app, 'POST', '/api/coupon/Merchant', { token: operator, json: base })).status).toBe(403);
    expect((await call(app, 'DELETE', '/api/coupon/Merchant/m-hac-cinema', { token: operator })).status).toBe(403);
  });
});
