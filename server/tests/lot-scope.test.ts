import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { OUT_OF_SCOPE } from '../resource/lot-scope.ts';
import { RULE_A } from '../fees/sample-rules.ts';
import { call, signInLotLimitedUser, withTestServer } from './helpers.ts';

/**
 * A user limited to one lot (科技园, p-ns-kjy-01) with every permission: each lot-bound entity
 * lists, sums, exports, shows and changes only that lot's records; another lot's record answers a
 * clear refusal and nothing changes.
 */

const MINE = 'p-ns-kjy-01';
const OTHER = 'p-ns-hac-02';

let app: FastifyInstance;
let db: Db;
let admin = '';
let limited = '';
withTestServer((s) => ({ app, db, admin } = s));

beforeAll(async () => {
  limited = await signInLotLimitedUser(app, admin, 'kjyonly', [MINE]);
});

const get = (url: string, token = limited) => call(app, 'GET', url, { token });
const one = async (table: string, lot: string): Promise<string> =>
  (await db.query<{ id: string }>(`select id from ${table} where parking_id = $1 order by id limit 1`, [lot])).rows[0].id;

const lotBound = [
  { name: 'lanes', path: '/api/system/ParkingLane', table: 'parking_lane' },
  { name: 'spaces', path: '/api/system/ParkingSpace', table: 'parking_space' },
  { name: 'devices', path: '/api/system/Device', table: 'device' },
];

describe('data scope by lot', () => {
  it('charging stations: a station in another lot is neither listed nor shown', async () => {
    const list = (await get('/api/charging/Station?pageSize=100')).body.data.list as { id: string; parkingId: string | null }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((s) => s.parkingId === null || s.parkingId === MINE)).toBe(true);
    const other = (await db.query<{ id: string }>('select id from charging_station where parking_id = $1 limit 1', [OTHER])).rows[0].id;
    expect((await get(`/api/charging/Station/${other}`)).body).toMatchObject({ code: 403, msg: OUT_OF_SCOPE });
    expect((await get(`/api/charging/Station/${other}`, admin)).body.code).toBe(200);
  });

  it('lots: the list, its summary and its export hold only the user’s lot; another lot is refused', async () => {
    const list = (await get('/api/system/Parking?pageSize=100')).body.data;
    expect(list.list.map((p: { id: string }) => p.id)).toEqual([MINE]);
    expect((await get('/api/system/Parking/sum')).body.data.parkingCount).toBe(1);
    const other = await get(`/api/system/Parking/${OTHER}`);
    expect(other.body).toMatchObject({ code: 403, msg: OUT_OF_SCOPE });
    const put = await call(app, 'PUT', `/api/system/Parking/${OTHER}`, { token: limited, json: { parkingName: '改名' } });
    expect(put.body.code).toBe(403);
    expect(
      (await db.query<{ parking_name: string }>('select parking_name from parking where id = $1', [OTHER])).rows[0].parking_name,
    ).not.toBe('改名');
    expect((await call(app, 'DELETE', `/api/system/Parking/${OTHER}`, { token: limited })).body.code).toBe(403);
    expect(
      (await call(app, 'PUT', `/api/system/Parking/${OTHER}/Actions/State`, { token: limited, json: { enabledMark: 0 } })).body.code,
    ).toBe(403);
    expect((await get(`/api/system/Parking/BuildGateParkingQRCode/${OTHER}`)).body.code).toBe(403);
    const created = await call(app, 'POST', '/api/system/Parking', {
      token: limited,
      json: { parkingCode: 'SCOPE-1', parkingName: '越权新建', type: 1, roadType: 2 },
    });
    expect(created.body.code).toBe(403);
    // the unrestricted administrator still sees every lot
    expect((await get('/api/system/Parking?pageSize=100', admin)).body.data.pagination.total).toBeGreaterThan(1);
  });

  it('the export holds only the user’s lot', async () => {
    const res = await app.inject({ url: '/api/system/Parking/Actions/Export', headers: { authorization: limited } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount).toBe(2); // header + one lot
  });

  it.each(lotBound)('$name: listed, shown, changed and deleted only within the user’s lot', async ({ path, table }) => {
    const rows = (await get(`${path}?pageSize=1000`)).body.data.list as { parkingId: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.parkingId))).toEqual(new Set([MINE]));
    expect((await get(`${path}?parkingId=${OTHER}`)).body.data.pagination.total).toBe(0);
    const mine = await one(table, MINE);
    expect((await get(`${path}/${mine}`)).body.code).toBe(200);
    const theirs = await one(table, OTHER);
    expect((await get(`${path}/${theirs}`)).body).toMatchObject({ code: 403, msg: OUT_OF_SCOPE });
    expect((await call(app, 'DELETE', `${path}/${theirs}`, { token: limited })).body.code).toBe(403);
    expect((await db.query(`select 1 from ${table} where id = $1`, [theirs])).rows).toHaveLength(1);
    // moving one of mine to another lot is refused too
    expect((await call(app, 'PUT', `${path}/${mine}`, { token: limited, json: { parkingId: OTHER } })).body.code).toBe(403);
  });

  it('areas: shared districts and streets stay visible, another lot’s zone does not', async () => {
    const flat = (await get('/api/system/ParkingArea?flat=1')).body.data.list as { parkingId: string | null; level: number }[];
    expect(flat.some((a) => a.parkingId === null)).toBe(true);
    expect(flat.filter((a) => a.parkingId !== null).every((a) => a.parkingId === MINE)).toBe(true);
  });

  it('lane QR codes and space codes of another lot are refused', async () => {
    const lane = await one('parking_lane', OTHER);
    expect((await get(`/api/system/ParkingLane/build/wxApplet/qRCode?laneId=${lane}`)).body.code).toBe(403);
    expect((await call(app, 'PUT', `/api/system/ParkingLane/${lane}/Actions/VoidQr`, { token: limited, json: {} })).body.code).toBe(403);
    expect((await get(`/api/system/Parking/downloadQRCodeBySpace?parkingId=${OTHER}`)).body.code).toBe(403);
  });

  it('the calculator refuses another lot even when the rule comes in the request (that lot’s cards and debts are not read)', async () => {
    const { ruleId: _i, version: _v, ruleName: _n, ...rule } = RULE_A;
    const stay = { rule, plateNo: '粤B12345', entryTime: '2026-03-02 08:00:00', exitTime: '2026-03-02 10:00:00' };
    const other = await call(app, 'POST', '/api/fee/Calculate', { token: limited, json: { ...stay, parkingId: OTHER } });
    expect(other.body).toMatchObject({ code: 403, msg: OUT_OF_SCOPE });
    const mine = await call(app, 'POST', '/api/fee/Calculate', { token: limited, json: { ...stay, parkingId: MINE } });
    expect(mine.body.code, mine.body.msg).toBe(200);
  });

  it('merchants: only those serving the user’s lot', async () => {
    const names = ((await get('/api/coupon/Merchant')).body.data.list as { merchantName: string }[]).map((m) => m.merchantName);
    expect(names).toEqual(['科技园职工餐厅']);
    expect((await get('/api/coupon/Merchant/m-hac-cinema')).body.code).toBe(403);
    const create = await call(app, 'POST', '/api/coupon/Merchant', {
      token: limited,
      json: { merchantName: '越权商户', parkingIds: [OTHER] },
    });
    expect(create.body.code).toBe(403);
  });
});
