import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { chargingSimTick } from '../jobs/charging-sim.ts';
import { finishSession, meterValue, sessionCharging, startSession } from '../charging/sessions.ts';
import type { Db } from '../db/database.ts';
import { call, withTestServer } from './helpers.ts';

/** Charging orders on the reference server: a session from start to settled, the order actions, access. */

let app: FastifyInstance;
let db: Db;
let admin = '';
let operator = '';
withTestServer((s) => ({ app, db, admin, operator } = s));

const at = (s: string): Date => new Date(`${s}+08:00`);
const GUN = 'cg-ns-kjy-01-1'; // on a pile with the Guangdong template
const meter = (energyWh: number, soc: number) => ({ energyWh, powerW: 60_000, voltageDv: 4000, currentDa: 1500, soc });

/** A session on GUN replayed at fixed times (C1 of notes §9.5: 10:40–11:30 in August). */
async function replayC1(): Promise<string> {
  await db.query(`update charging_order set state = 4 where gun_id = $1 and state in (1, 2, 3)`, [GUN]);
  const id = await startSession(db, { gunId: GUN, at: at('2024-08-15T10:40'), meterWh: 1_000_000, soc: 20, startMode: 1 });
  await sessionCharging(db, id, at('2024-08-15T10:40'));
  await meterValue(db, id, at('2024-08-15T11:00'), meter(1_020_000, 50));
  await meterValue(db, id, at('2024-08-15T11:30'), meter(1_050_000, 90));
  return id;
}

const order = async (id: string) => (await call(app, 'GET', `/api/charging/Order/${id}`, { token: admin })).body.data;

describe('charging sessions', () => {
  it('a session from start to settled is billed from its price snapshot: 103.54 yuan in peak and sharp lines, paid', async () => {
    const id = await replayC1();
    expect(await finishSession(db, id, at('2024-08-15T11:30'), 2)).toBe(true);
    const o = await order(id);
    expect(o).toMatchObject({
      state: 4,
      energyWh: 50_000,
      elecCents: 6354,
      serviceCents: 4000,
      totalCents: 10354,
      paidCents: 10354,
      payStatus: 1,
    });
    expect(o.segments.map((l: { tierName: string; energyWh: number }) => [l.tierName, l.energyWh])).toEqual([
      ['峰', 20_000],
      ['尖', 30_000],
    ]);
  });

  it('a later template change does not re-price an order: it keeps its snapshot', async () => {
    const id = await replayC1();
    const tmpl = (await call(app, 'GET', '/api/charging/Price/cpr-gd', { token: admin })).body.data;
    const tiers = tmpl.tiers.map((t: { tier: number; elec: number; service: number }) => ({ ...t, service: 1 }));
    expect((await call(app, 'PUT', '/api/charging/Price/cpr-gd', { token: admin, json: { tiers } })).body.code).toBe(200);
    await finishSession(db, id, at('2024-08-15T11:30'), 2);
    expect((await order(id)).totalCents).toBe(10354);
    const versions = (await call(app, 'GET', '/api/charging/Price/cpr-gd/Versions', { token: admin })).body.data.list;
    expect(versions[0]).toMatchObject({ version: 1, archivedBy: 'admin' });
    expect((await call(app, 'GET', '/api/charging/Price/cpr-gd', { token: admin })).body.data.version).toBe(2);
    await call(app, 'PUT', '/api/charging/Price/cpr-gd', { token: admin, json: { tiers: tmpl.tiers } });
  });

  it('remote stop waits for the pile: stopping until the pile answers, then finished by the platform', async () => {
    const id = await replayC1();
    const res = await call(app, 'POST', `/api/charging/Order/${id}/Actions/Stop`, { token: admin, json: {} });
    expect(res.body).toMatchObject({ code: 200, msg: '已向充电桩发送停止指令，等待充电桩响应后订单结束' });
    expect((await order(id)).state).toBe(3);
    await chargingSimTick(db, { everyMs: 1000, startPercent: 0, stallMinutes: 10 });
    expect(await order(id)).toMatchObject({ state: 4, stopReason: 1, totalCents: 10354 });
    const again = await call(app, 'POST', `/api/charging/Order/${id}/Actions/Stop`, { token: admin, json: {} });
    expect(again.body).toMatchObject({ code: 400, msg: '订单当前状态为「已完成」，不能远程停止' });
  });

  it('administrative close ends the order without the pile, audited with the reason', async () => {
    const id = await replayC1();
    const noReason = await call(app, 'POST', `/api/charging/Order/${id}/Actions/Close`, { token: admin, json: { reason: '' } });
    expect(noReason.body.code).toBe(400);
    expect((await order(id)).state).toBe(2);
    const res = await call(app, 'POST', `/api/charging/Order/${id}/Actions/Close`, { token: admin, json: { reason: '桩通讯中断' } });
    expect(res.body.code).toBe(200);
    expect(await order(id)).toMatchObject({ state: 4, stopReason: 6, totalCents: 10354, handleBy: 'admin', handleReason: '桩通讯中断' });
    // the connector keeps what the pile last said
    const { rows } = await db.query<{ ocpp_status: string }>('select ocpp_status from charging_gun where id = $1', [GUN]);
    expect(rows[0].ocpp_status).toBe('Charging');
    const log = await db.query<{ detail: string; account: string }>(
      `select detail, account from oper_log where module = 'chargingOrder' and record_id = $1`,
      [id],
    );
    expect(log.rows[0].account).toBe('admin');
    expect(log.rows[0].detail).toMatch(/管理员关闭：充电中→已完成，金额103\.54元；原因：桩通讯中断/);
  });

  it('a session without meter progress goes abnormal and is settled with a final amount', async () => {
    await db.query(`update charging_order set state = 4 where gun_id = $1 and state in (1, 2, 3)`, [GUN]);
    const started = new Date(Date.now() - 15 * 60_000);
    const id = await startSession(db, { gunId: GUN, at: started, meterWh: 0, soc: 30, stalled: true });
    await sessionCharging(db, id, started);
    await chargingSimTick(db, { everyMs: 1000, startPercent: 0, stallMinutes: 10 });
    expect(await order(id)).toMatchObject({ state: 8, stopReason: 5 });
    const refund = await call(app, 'POST', `/api/charging/Order/${id}/Actions/Refund`, {
      token: admin,
      json: { amountCents: 1, reason: 'x' },
    });
    expect(refund.body).toMatchObject({ code: 400, msg: '订单当前状态为「异常」，不能退款' });
    const settle = await call(app, 'POST', `/api/charging/Order/${id}/Actions/Settle`, {
      token: admin,
      json: { amountCents: 2500, reason: '按桩端记录结算' },
    });
    expect(settle.body.code).toBe(200);
    expect(await order(id)).toMatchObject({ state: 20, totalCents: 2500, paidCents: 2500 });
    const over = await call(app, 'POST', `/api/charging/Order/${id}/Actions/Refund`, {
      token: admin,
      json: { amountCents: 2501, reason: '多收' },
    });
    expect(over.body).toMatchObject({ code: 400, msg: '退款金额不能超过可退金额25.00元' });
    const ok = await call(app, 'POST', `/api/charging/Order/${id}/Actions/Refund`, {
      token: admin,
      json: { amountCents: 500, reason: '多收' },
    });
    expect(ok.body.code).toBe(200);
    expect(await order(id)).toMatchObject({ refundCents: 500, payStatus: 2 });
  });

  it('without mishaps the simulator neither stalls a session nor ends one early, even on the unluckiest roll', async () => {
    await db.query(`update charging_order set state = 4 where gun_id = $1 and state in (1, 2, 3)`, [GUN]);
    await db.query(`update charging_gun set ocpp_status = 'Finishing' where id = $1`, [GUN]);
    const unlucky = () => 0;
    const o = { everyMs: 1000, startPercent: 100, stallMinutes: 10, mishaps: false };
    await chargingSimTick(db, o, new Date(), unlucky);
    const started = await db.query<{ id: string; sim_stalled: boolean }>(
      `select id, sim_stalled from charging_order where gun_id = $1 and state in (1, 2)`,
      [GUN],
    );
    expect(started.rows).toHaveLength(1);
    expect(started.rows[0].sim_stalled).toBe(false);
    for (let i = 1; i <= 3; i++) await chargingSimTick(db, o, new Date(Date.now() + i * 1000), unlucky);
    expect((await order(started.rows[0].id)).state).toBe(2);
  });

  it('the simulator raises the stored SoC with the energy it delivers (26 % is not 26 % after about 4 kWh)', async () => {
    await db.query(`update charging_order set state = 4 where gun_id = $1 and state in (1, 2, 3)`, [GUN]);
    const start = new Date(Math.floor(Date.now() / 1000) * 1000);
    const id = await startSession(db, { gunId: GUN, at: start, meterWh: 0, soc: 26, targetSoc: 99 });
    await sessionCharging(db, id, start);
    const o = { everyMs: 1000, startPercent: 0, stallMinutes: 10, mishaps: false };
    // a minute a tick on a 60 kW DC gun: about 1 kWh each
    for (let i = 1; i <= 4; i++) await chargingSimTick(db, o, new Date(start.getTime() + i * 60_000), () => 0.5);
    const { energyWh, socEnd } = await order(id);
    expect(energyWh).toBeGreaterThan(3500);
    // 70 kWh for a car on a DC gun (server/charging/battery.ts)
    expect(socEnd).toBe(Math.floor(26 + (energyWh / 70_000) * 100));
    expect(socEnd).toBeGreaterThan(30);
  });

  it('the curve answers every meter sample with the cumulative kWh of the session', async () => {
    const id = await replayC1();
    const curve = (await call(app, 'GET', `/api/charging/Order/${id}/Curve`, { token: admin })).body.data;
    expect(curve.count).toBe(3);
    expect(curve.rows.map((p: { energyKwh: number }) => p.energyKwh)).toEqual([0, 20, 50]);
  });
});

describe('seeded charging history', () => {
  it('bills segments that start and end on whole minutes, as the orders do', async () => {
    const { rows } = await db.query<{ start_time: Date; end_time: Date; segments: { from: number; to: number }[] }>(
      `select start_time, end_time, segments from charging_order where id like 'co-h%' and jsonb_array_length(segments) > 0`,
    );
    expect(rows.length).toBeGreaterThan(5);
    const whole = (ms: number) => Number.isInteger(ms / 60_000);
    const bad = rows.filter(
      (r) =>
        !whole(new Date(r.start_time).getTime()) ||
        !whole(new Date(r.end_time).getTime()) ||
        r.segments.some((l) => !whole(l.from) || !whole(l.to)),
    );
    expect(bad).toEqual([]);
  });
});

describe('price tasks', () => {
  it('a pile takes a template version only when it acknowledges; an offline pile fails and can be retried', async () => {
    const piles = ['cp-ns-hac-01', 'cp-ns-hac-03']; // 03 is silent in the demo
    const res = await call(app, 'POST', '/api/charging/Price/cpr-bus/Actions/Apply', { token: admin, json: { pileIds: piles } });
    expect(res.body.code).toBe(200);
    await chargingSimTick(db, { everyMs: 1000, startPercent: 0, stallMinutes: 10 });
    const rows = (await call(app, 'GET', '/api/charging/PriceTask?priceId=cpr-bus', { token: admin })).body.data.list;
    expect(rows.map((r: { pileId: string; statusName: string }) => [r.pileId, r.statusName])).toEqual([
      ['cp-ns-hac-01', '成功'],
      ['cp-ns-hac-03', '失败'],
    ]);
    // the failed pile's row offers 重试, the one that took the price does not
    expect(rows.map((r: { actions: string[] }) => r.actions)).toEqual([[], ['retry']]);
    const pile = (id: string) => call(app, 'GET', `/api/charging/Pile/${id}`, { token: admin });
    expect((await pile('cp-ns-hac-01')).body.data.priceId).toBe('cpr-bus');
    expect((await pile('cp-ns-hac-03')).body.data.priceId).toBe('cpr-night');
    const retry = await call(app, 'POST', `/api/charging/PriceTask/${res.body.data.id}/Actions/Retry`, { token: admin, json: {} });
    expect(retry.body).toMatchObject({ code: 200, msg: '已重新下发到1个充电桩' });
  });

  it('a template whose slots leave a gap is refused and nothing is saved', async () => {
    const res = await call(app, 'POST', '/api/charging/Price', {
      token: admin,
      json: {
        priceName: '缺口模板',
        tiers: [{ tier: 3, elec: 65000, service: 80000 }],
        periods: [{ start: '00:00', end: '23:00', tier: 3 }],
      },
    });
    expect(res.body).toMatchObject({ code: 400, msg: '计费时段未覆盖全天：时段23:00起缺少时段' });
    const { rows } = await db.query(`select 1 from charging_price where price_name = '缺口模板'`);
    expect(rows).toHaveLength(0);
  });
});

describe('charging access', () => {
  let orderId = '';
  beforeAll(async () => {
    orderId = await replayC1();
  });

  it.each([
    ['POST', 'Stop', {}],
    ['POST', 'Close', { reason: 'x' }],
    ['POST', 'Settle', { amountCents: 1, reason: 'x' }],
    ['POST', 'Refund', { amountCents: 1, reason: 'x' }],
  ])('%s %s without its button answers 403 and changes nothing', async (method, action, json) => {
    const res = await call(app, method as 'POST', `/api/charging/Order/${orderId}/Actions/${action}`, { token: operator, json });
    expect(res.status).toBe(403);
    expect((await order(orderId)).state).toBe(2);
  });

  it('applying a template without chargingPrice:apply answers 403', async () => {
    const res = await call(app, 'POST', '/api/charging/Price/cpr-gd/Actions/Apply', {
      token: operator,
      json: { pileIds: ['cp-ns-kjy-01'] },
    });
    expect(res.status).toBe(403);
  });
});
