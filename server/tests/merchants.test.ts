import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { call, withTestServer } from './helpers.ts';

let app: FastifyInstance;
let db: Db;
let admin = '';
let operator = '';
withTestServer((s) => ({ app, db, admin, operator } = s));

const base = { merchantName: '测试商户', contactName: '王五', contactPhone: '13812345678', parkingIds: ['p-ns-hac-02'], balance: 100050 };

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
    expect(got).toMatchObject({ ...base, enabledMark: 1 });
    const form = { merchantName: '测试商户二', balance: '999', parkingIds: 'p-ns-hac-02,p-ns-kjy-01', contactPhone: '' };
    const put = await call(app, 'PUT', `/api/coupon/Merchant/${id}`, { token: admin, form });
    expect(put.body).toMatchObject({ code: 200, msg: '修改成功' });
    const after = (await call(app, 'GET', `/api/coupon/Merchant/${id}`, { token: admin })).body.data;
    expect(after).toMatchObject({
      merchantName: '测试商户二',
      balance: 999,
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
    [{ balance: -1 }, '预付余额必须是不小于0的整数（分）'],
    [{ balance: 1.5 }, '预付余额必须是不小于0的整数（分）'],
    [{ merchantName: '海岸城星巴克' }, '商户名称已存在'],
  ])('refuses %j with a clear message and writes nothing', async (patch, msg) => {
    const res = await call(app, 'POST', '/api/coupon/Merchant', { token: admin, json: { ...base, ...patch } });
    expect(res.body).toMatchObject({ code: 400, msg });
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from merchant');
    expect(rows[0].n).toBe(3);
  });

  it('needs the merchant buttons to write (HTTP 403)', async () => {
    expect((await call(app, 'POST', '/api/coupon/Merchant', { token: operator, json: base })).status).toBe(403);
    expect((await call(app, 'DELETE', '/api/coupon/Merchant/m-hac-cinema', { token: operator })).status).toBe(403);
  });
});
