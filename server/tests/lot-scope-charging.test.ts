import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../charging/sessions.ts';
import type { Db } from '../db/database.ts';
import { OUT_OF_SCOPE } from '../resource/lot-scope.ts';
import { call, signInLotLimitedUser, withTestServer } from './helpers.ts';

/**
 * Charging equipment and orders follow their station's lot: a user limited to the lot of 南山科技园
 * 充电站 sees its piles, connectors and orders and those of the lot-less 福田物流园 station (shared,
 * changed only by unrestricted users), never 海岸城's; another lot's record answers 403 and stays.
 */

const MINE = 'p-ns-cd-05';
const MY_STATION = 'cs-ns-kjy';
const SHARED = 'cs-ft-wl';
const OTHER = 'cs-ns-hac';
const IN_SCOPE = [MY_STATION, SHARED];

let app: FastifyInstance;
let db: Db;
let admin = '';
let limited = '';
withTestServer((s) => ({ app, db, admin } = s));

beforeAll(async () => {
  limited = await signInLotLimitedUser(app, admin, 'kjycd', [MINE]);
});

const get = (url: string, token = limited) => call(app, 'GET', url, { token });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, json?: unknown) => call(app, method, url, { token: limited, json });
const refused = { code: 403, msg: OUT_OF_SCOPE };
const row = async (table: string, id: string) => (await db.query(`select * from ${table} where id = $1`, [id])).rows[0];

/** Another lot's record: an edit and a delete are both refused, and the row stays as it was. */
async function expectUnchangeable(table: string, path: string, id: string, change: Record<string, unknown>) {
  const before = await row(table, id);
  expect((await send('PUT', `${path}/${id}`, change)).body).toMatchObject(refused);
  expect((await send('DELETE', `${path}/${id}`)).body).toMatchObject(refused);
  expect(await row(table, id)).toEqual(before);
}

describe('data scope by lot: charging', () => {
  it('piles: listed, summed, shown and changed only at the user’s stations', async () => {
    const page = (await get('/api/charging/Pile?pageSize=100')).body.data;
    expect(new Set(page.list.map((p: { stationId: string }) => p.stationId))).toEqual(new Set(IN_SCOPE));
    expect(page.pagination.total).toBe(5);
    expect(page.summary.online + page.summary.offline).toBe(5);
    expect((await get(`/api/charging/Pile?stationId=${OTHER}`)).body.data.pagination.total).toBe(0);
    expect((await get('/api/charging/Pile/cp-ft-wl-01')).body.code).toBe(200);
    expect((await get('/api/charging/Pile/cp-ns-hac-01')).body).toMatchObject(refused);
    await expectUnchangeable('charging_pile', '/api/charging/Pile', 'cp-ns-hac-01', { pileName: '越权' });
    // a shared station's pile is seen, not changed; one of mine is not moved to another lot
    expect((await send('PUT', '/api/charging/Pile/cp-ft-wl-01', { pileName: '越权' })).body).toMatchObject(refused);
    expect((await send('PUT', '/api/charging/Pile/cp-ns-kjy-03', { stationId: OTHER })).body).toMatchObject(refused);
    expect((await row('charging_pile', 'cp-ns-kjy-03')).station_id).toBe(MY_STATION);
    const pile = (stationId: string, pileNo: string) => ({ pileNo, stationId, equipmentType: 2, powerKw: 7 });
    expect((await send('POST', '/api/charging/Pile', pile(OTHER, '44030500009901'))).body).toMatchObject(refused);
    expect((await send('POST', '/api/charging/Pile', pile(SHARED, '44030500009902'))).body).toMatchObject(refused);
    expect((await db.query(`select 1 from charging_pile where pile_no like '440305000099%'`)).rows).toHaveLength(0);
    expect((await send('POST', '/api/charging/Pile', pile(MY_STATION, '44030500009903'))).body.code).toBe(200);
    expect((await get('/api/charging/Pile?pageSize=100', admin)).body.data.pagination.total).toBe(11);
  });

  it('connectors: listed, summed, shown and changed only on the user’s piles', async () => {
    const { rows } = await db.query<{ id: string }>(
      `select g.id from charging_gun g join charging_pile p on p.id = g.pile_id where p.station_id = any($1::text[]) order by g.id`,
      [IN_SCOPE],
    );
    const page = (await get('/api/charging/Gun?pageSize=100')).body.data;
    expect(page.list.map((g: { id: string }) => g.id).sort()).toEqual(rows.map((r) => r.id));
    expect(Object.values(page.summary as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(rows.length);
    expect((await get(`/api/charging/Gun?stationId=${OTHER}`)).body.data.pagination.total).toBe(0);
    expect((await get('/api/charging/Gun/cg-ns-kjy-01-1')).body.code).toBe(200);
    expect((await get('/api/charging/Gun/cg-ns-hac-01-1')).body).toMatchObject(refused);
    await expectUnchangeable('charging_gun', '/api/charging/Gun', 'cg-ns-hac-01-1', { spaceNo: 'X1' });
    expect((await send('PUT', '/api/charging/Gun/cg-ns-kjy-02-1', { pileId: 'cp-ns-hac-01', gunNo: 9 })).body).toMatchObject(refused);
    expect((await row('charging_gun', 'cg-ns-kjy-02-1')).pile_id).toBe('cp-ns-kjy-02');
    const gun = { pileId: 'cp-ns-hac-01', gunNo: 8, connectorType: 3, ratedPowerKw: 7 };
    expect((await send('POST', '/api/charging/Gun', gun)).body).toMatchObject(refused);
    expect((await db.query(`select 1 from charging_gun where pile_id = 'cp-ns-hac-01' and gun_no = 8`)).rows).toHaveLength(0);
  });

  it('charging orders: the list, its sums, the export and the curve hold only the user’s stations', async () => {
    const mine = (
      await db.query<{ n: number; total: number }>(
        `select count(*)::int as n, coalesce(sum(total_cents), 0)::float8 as total from charging_order where station_id = any($1::text[])`,
        [IN_SCOPE],
      )
    ).rows[0];
    const page = (await get('/api/charging/Order?pageSize=1000')).body.data;
    expect(page.pagination.total).toBe(mine.n);
    expect(page.summary.totalCents).toBe(mine.total);
    expect(page.list.every((o: { stationId: string }) => IN_SCOPE.includes(o.stationId))).toBe(true);
    expect((await get(`/api/charging/Order?stationId=${OTHER}`)).body.data.pagination.total).toBe(0);
    const theirs = (await db.query<{ id: string }>('select id from charging_order where station_id = $1 limit 1', [OTHER])).rows[0].id;
    expect((await get(`/api/charging/Order/${theirs}`)).body).toMatchObject(refused);
    expect((await get(`/api/charging/Order/${theirs}/Curve`)).body).toMatchObject(refused);
    expect((await get(`/api/charging/Order/${theirs}`, admin)).body.code).toBe(200);
    const res = await app.inject({ url: '/api/charging/Order/Actions/Export', headers: { authorization: limited } });
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount).toBe(mine.n + 1);
  });

  it('order actions: stop, close, settle and refund of another lot’s order are refused and change nothing', async () => {
    const active = await startSession(db, { gunId: 'cg-ns-hac-02-1', at: new Date(), meterWh: 1_000_000, soc: 30 });
    const pick = async (where: string) =>
      (await db.query<{ id: string }>(`select id from charging_order where station_id = $1 and ${where} limit 1`, [OTHER])).rows[0].id;
    const abnormal = await pick('state = 4');
    await db.query('update charging_order set state = 8 where id = $1', [abnormal]);
    const paid = await pick('state = 4 and paid_cents > 100 and refund_cents = 0');
    const actions: [string, string, object][] = [
      [active, 'Stop', {}],
      [active, 'Close', { reason: '越权' }],
      [abnormal, 'Settle', { amountCents: 1, reason: '越权' }],
      [paid, 'Refund', { amountCents: 1, reason: '越权' }],
    ];
    for (const [id, action, json] of actions) {
      const before = await row('charging_order', id);
      expect((await send('POST', `/api/charging/Order/${id}/Actions/${action}`, json)).body, action).toMatchObject(refused);
      expect(await row('charging_order', id)).toEqual(before);
    }
    // an order at the user's own station is theirs to act on
    const own = await startSession(db, { gunId: 'cg-ns-kjy-02-1', at: new Date(), meterWh: 1_000_000, soc: 30 });
    expect((await send('POST', `/api/charging/Order/${own}/Actions/Stop`, {})).body.code).toBe(200);
  });

  it('price tasks: a template goes only to the user’s piles; the task list and retries hold only them', async () => {
    const tasks = async () => (await db.query('select 1 from charging_price_task')).rows.length;
    const count = await tasks();
    const apply = (pileIds: string[]) => send('POST', '/api/charging/Price/cpr-bus/Actions/Apply', { pileIds });
    expect((await apply(['cp-ns-kjy-01', 'cp-ns-hac-01'])).body).toMatchObject(refused);
    expect((await apply(['cp-ft-wl-01'])).body).toMatchObject(refused);
    expect(await tasks()).toBe(count);
    const task = await call(app, 'POST', '/api/charging/Price/cpr-bus/Actions/Apply', {
      token: admin,
      json: { pileIds: ['cp-ns-kjy-03', 'cp-ns-hac-03'] },
    });
    await db.query('update charging_price_task_pile set status = 2 where task_id = $1', [task.body.data.id]);
    const listed = (await get('/api/charging/PriceTask?priceId=cpr-bus')).body.data.list;
    expect(listed.map((t: { pileId: string }) => t.pileId)).toEqual(['cp-ns-kjy-03']);
    const retry = () => send('POST', `/api/charging/PriceTask/${task.body.data.id}/Actions/Retry`, {});
    expect((await retry()).body).toMatchObject({ code: 200, msg: '已重新下发到1个充电桩' });
    // what is left failed is another lot's pile: refused, and it stays failed
    expect((await retry()).body).toMatchObject(refused);
    const { rows } = await db.query('select pile_id, status from charging_price_task_pile where task_id = $1 order by pile_id', [
      task.body.data.id,
    ]);
    expect(rows).toEqual([
      { pile_id: 'cp-ns-hac-03', status: 2 },
      { pile_id: 'cp-ns-kjy-03', status: 0 },
    ]);
  });

  it('price templates: everyone’s to see, changed only when every pile using it is the user’s', async () => {
    expect((await get('/api/charging/Price')).body.data.pagination.total).toBeGreaterThanOrEqual(3);
    // 夜间优惠 prices 海岸城's piles; 广东分时电价 the shared station's too
    for (const id of ['cpr-night', 'cpr-gd']) {
      const before = await row('charging_price', id);
      expect((await send('PUT', `/api/charging/Price/${id}`, { description: '越权' })).body).toMatchObject(refused);
      expect(await row('charging_price', id)).toEqual(before);
    }
    const created = await send('POST', '/api/charging/Price', {
      priceName: '科技园专用',
      tiers: [{ tier: 3, elec: 65000, service: 80000 }],
      periods: [{ start: '00:00', end: '24:00', tier: 3 }],
    });
    expect(created.body.code).toBe(200);
    expect((await send('PUT', `/api/charging/Price/${created.body.data.id}`, { description: '本场' })).body.code).toBe(200);
  });
});
