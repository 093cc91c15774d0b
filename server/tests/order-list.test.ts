import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { md5Hex } from '../lib/password.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { OUT_OF_SCOPE } from '../resource/lot-scope.ts';
import { call, login, withTestServer } from './helpers.ts';
import { TEST_LOT, insertTestOrder } from './order-fixtures.ts';

/** The order list: its filters, the totals of the filtered set, the export, lot scope and the details. */

let app: FastifyInstance;
let db: Db;
let admin = '';
withTestServer((s) => ({ app, db, admin } = s));

const OTHER_LOT = 'p-ns-hac-02';
const day = new Date('2026-03-02T10:00:00+08:00');
let mine = '';
let other = '';

beforeAll(async () => {
  mine = await insertTestOrder(db, { state: ORDER_STATE.COMPLETED, receivable: 1250, paid: 1250, plate: '粤BQ7788', entry: day });
  await insertTestOrder(db, { state: ORDER_STATE.UNPAID_WAITING, receivable: 600, plate: '粤BQ7789', entry: day });
  other = await insertTestOrder(db, {
    state: ORDER_STATE.COMPLETED,
    receivable: 900,
    paid: 900,
    plate: '粤BQ7788',
    entry: day,
    lot: OTHER_LOT,
  });
});

const list = (query: string, token = admin) => call(app, 'GET', `/api/order/ParkingOrder?${query}`, { token });
const range = `${Math.floor(day.getTime() / 1000) - 60},${Math.floor(day.getTime() / 1000) + 60}`;

describe('parking order list', () => {
  it('the seeded history is there, newest entry first', async () => {
    const res = await list('pageSize=20');
    expect(res.body.code).toBe(200);
    expect(res.body.data.pagination.total).toBeGreaterThan(2000);
    const times = res.body.data.list.map((o: { entryTime: number }) => o.entryTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('a fuzzy plate and an entry time range find the orders, with the totals of what was found', async () => {
    const res = await list(`plateNo=${encodeURIComponent('q77')}&entryTime=${range}`);
    expect(res.body.data.list.map((o: { plateNo: string }) => o.plateNo).sort()).toEqual(['粤BQ7788', '粤BQ7788', '粤BQ7789']);
    expect(res.body.data.summary).toMatchObject({ orderCount: 3, receivableCents: 2750, paidCents: 2150, owedCents: 600 });
  });

  it('the plate search accepts the dotted form and narrows by lot and state', async () => {
    const res = await list(`plateNo=${encodeURIComponent('粤B·Q7788')}&parkingId=${TEST_LOT}&state=2&entryTime=${range}`);
    expect(res.body.data.list.map((o: { id: string }) => o.id)).toEqual([mine]);
    expect(res.body.data.list[0]).toMatchObject({ receivableCents: 1250, durationSec: 7200, parkingName: expect.any(String) });
  });

  it('a time range may be China wall-clock times, as the page sends it', async () => {
    const res = await list(`plateNo=Q7788&entryTime=${encodeURIComponent('2026-03-02 09:59:00,2026-03-02 10:01:00')}`);
    expect(res.body.data.summary.orderCount).toBe(2);
  });

  it('an amount range keeps the orders within it', async () => {
    const res = await list(`entryTime=${range}&amountMin=700&amountMax=1000`);
    expect(res.body.data.list.map((o: { id: string }) => o.id)).toEqual([other]);
  });

  it.each([
    ['state=99', '订单状态筛选值只能是'],
    ['entryTime=yesterday', '入场时间格式不正确'],
    ['amountMin=-5', '最低应收金额必须是不小于0的整数（分）'],
    ['plateNo=' + 'A'.repeat(11), '车牌号不能超过10个字符'],
  ])('a bad filter %s answers a clear message', async (query, msg) => {
    const res = await list(query);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toContain(msg);
  });

  it('a user limited to one lot sees only its orders; another lot’s details are refused', async () => {
    await call(app, 'POST', '/api/system/Permission/Users', {
      token: admin,
      json: {
        account: 'kjyorders',
        realName: '科技园',
        roleIds: ['r-admin'],
        parkingIds: [TEST_LOT],
        userPassword: md5Hex('Kjy12345'),
        validatePassword: md5Hex('Kjy12345'),
      },
    });
    const limited = await login(app, 'kjyorders', 'Kjy12345');
    const res = await list(`entryTime=${range}`, limited);
    expect(res.body.data.list.every((o: { parkingId: string }) => o.parkingId === TEST_LOT)).toBe(true);
    expect(res.body.data.summary.orderCount).toBe(2);
    expect((await call(app, 'GET', `/api/order/ParkingOrder/${other}`, { token: limited })).body).toMatchObject({
      code: 403,
      msg: OUT_OF_SCOPE,
    });
    expect(
      (
        await call(app, 'POST', `/api/order/ParkingOrder/${other}/Actions/Refund`, {
          token: limited,
          json: { amountCents: 100, reason: '越权' },
        })
      ).body.code,
    ).toBe(403);
  });

  it('the export holds the filtered rows with amounts in yuan', async () => {
    const res = await app.inject({
      url: `/api/order/ParkingOrder/Actions/Export?entryTime=${range}&plateNo=Q7788`,
      headers: { authorization: admin },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('停车订单')!;
    expect(ws.rowCount).toBe(3);
    const header = (ws.getRow(1).values as string[]).slice(1);
    const amounts = [2, 3].map((r) => ws.getRow(r).getCell(header.indexOf('应收（元）') + 1).value).sort();
    expect(amounts).toEqual(['12.50', '9.00']);
  });

  it('the details answer the payments, the actions the state allows and photo addresses that serve an image', async () => {
    const res = await call(app, 'GET', `/api/order/ParkingOrder/${mine}`, { token: admin });
    expect(res.body.data).toMatchObject({ stateLabel: '已完成', actions: ['changeAmount', 'refund'], refundableCents: 1250 });
    expect(res.body.data.payments).toEqual([expect.objectContaining({ valueCents: 1250, channelLabel: '微信' })]);
    expect(res.body.data.timeline.map((t: { title: string }) => t.title)).toEqual(['入场', '出场', '支付']);
    const photo = await app.inject({ url: res.body.data.entryPhoto });
    expect(photo.headers['content-type']).toContain('image/svg+xml');
    expect(photo.body).toContain('粤B·Q7788');
    expect((await app.inject({ url: '/api/order/Photo/0123456789abcdef0123456789abcdef/entry' })).json().code).toBe(404);
  });
});
