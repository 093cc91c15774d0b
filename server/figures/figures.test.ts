import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../tests/test-database.ts';
import { DAY, LOTS, LOT_A, LOT_B, insertFigureFixture } from './fixture.ts';
import { dayWindow } from './window.ts';
import { endedStays, flow, hourlyFlow, lotOccupancy, occupancyTotals, timeUtilisation, turnover } from './parking.ts';
import { byChannel, moneyRows, received } from './money.ts';
import { arrearsAgeing, newArrears } from './arrears.ts';
import { dailyReport } from '../reports/daily.ts';
import { reportRange } from '../reports/range.ts';
import { insertMoreFixture } from './fixture-more.ts';
import { deviceCounts, devicesOffline } from './devices.ts';
import { connectorsByState, energyWh, sessionsNow, stationRevenue } from './charging.ts';
import { cardsExpiring, manualLifts, refundQueue } from './queues.ts';

/** Each figure's definition on the fixed data set of fixture.ts; the expected numbers were worked out by hand there and below. */

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  await insertFigureFixture(db);
});
afterAll(() => db?.close());

const day = () => dayWindow(LOTS, DAY);

describe('parking figures', () => {
  it('cars in park are the open stays whatever day they entered: A has o3 (today) and o4 (two days ago), B none', async () => {
    const lots = await lotOccupancy(db, LOTS);
    expect(lots.map((l) => [l.parkingId, l.inPark, l.free, l.occupancy])).toEqual([
      [LOT_A, 2, 8, 0.2],
      [LOT_B, 0, 4, 0],
    ]);
    expect(occupancyTotals(lots)).toEqual({ spaces: 14, inPark: 2, free: 12, occupancy: 2 / 14 });
  });

  it('entries count entry time in the day (o2 o3 o5 o6), exits exit time (o1 o2 o5)', async () => {
    expect(await flow(db, day())).toEqual({ entries: 4, exits: 3 });
  });

  it('hourly flow puts o1’s exit at 02:00 and o2’s entry at 08:00, every hour present', async () => {
    const hours = await hourlyFlow(db, day());
    expect(hours).toHaveLength(24);
    const at = (hhmm: string) => hours.find((h) => h.hour === Date.parse(`${DAY}T${hhmm}:00+08:00`));
    expect(at('02:00')).toMatchObject({ entries: 0, exits: 1 });
    expect(at('08:00')).toMatchObject({ entries: 1, exits: 0 });
    expect(hours.reduce((s, h) => s + h.entries, 0)).toBe(4);
  });

  it('ended stays: 240 + 90 + 120 minutes over 3 → 150; one of three paid nothing; receivable 1000 + 0 + 600', async () => {
    expect(await endedStays(db, day())).toEqual({
      ended: 3,
      averageStayMinutes: 150,
      zeroFeeShare: 1 / 3,
      receivableCents: 1600,
      discountCents: 200,
      owedCents: 0,
    });
    expect(turnover(3, 14)).toBeCloseTo(0.2143, 4);
  });

  it('time utilisation: 120 + 90 + 840 + 1440 + 120 + 240 occupied minutes over 14 spaces × 1440', async () => {
    expect(await timeUtilisation(db, day(), 14)).toBeCloseTo(2850 / 20160, 6);
  });

  it('a window cutting hours adds the kept whole hours to the orders of its partial hours: 01:30–14:30 has o2 o3 o5 in, o1 o2 o5 out', async () => {
    const at = (hhmm: string) => Date.parse(`${DAY}T${hhmm}:00+08:00`);
    expect(await flow(db, { lots: LOTS, from: at('01:30'), to: at('14:30') })).toEqual({ entries: 3, exits: 3 });
    expect(await flow(db, { lots: LOTS, from: at('09:15'), to: at('09:45') })).toEqual({ entries: 0, exits: 1 });
    const ended = await endedStays(db, { lots: LOTS, from: at('01:30'), to: at('14:30') });
    expect(ended).toMatchObject({ ended: 3, averageStayMinutes: 150, receivableCents: 1600 });
  });

  it('time utilisation of a window cutting hours: 09:15–09:45 has o4 all along and o2 until 09:30, 45 minutes over 14 × 30', async () => {
    const at = (hhmm: string) => Date.parse(`${DAY}T${hhmm}:00+08:00`);
    expect(await timeUtilisation(db, { lots: LOTS, from: at('09:15'), to: at('09:45') }, 14)).toBeCloseTo(45 / 420, 6);
  });

  it('a lot-limited caller counts only its lot', async () => {
    expect(await flow(db, dayWindow([LOT_B], DAY))).toEqual({ entries: 2, exits: 1 });
  });
});

describe('money figures', () => {
  it('received on the cash-flow basis: 800 + 600 + 150 + 30000 + 50000 in, 100 refunded; o4’s payment was the day before', async () => {
    const rows = await moneyRows(db, LOTS, DAY, DAY);
    expect(received(rows)).toEqual({ inCents: 81550, refundCents: 100, netCents: 81450 });
  });

  it('by channel: transfer 50000, Alipay 30000, cash 750, WeChat 800 − 100', async () => {
    const rows = await moneyRows(db, LOTS, DAY, DAY);
    expect(byChannel(rows).map((c) => [c.name, c.inCents, c.refundCents, c.netCents])).toEqual([
      ['对公转账', 50000, 0, 50000],
      ['支付宝', 30000, 0, 30000],
      ['现金', 750, 0, 750],
      ['微信', 800, 100, 700],
    ]);
  });

  it('arrears: one debt of 400 recorded on the day; o7’s 150 is a recovery, not a stay payment', async () => {
    expect(await newArrears(db, day())).toEqual({ count: 1, principalCents: 400 });
    const rows = await moneyRows(db, LOTS, DAY, DAY);
    expect(received(rows, (r) => r.source === 'arrears').inCents).toBe(150);
  });

  it('ageing: o7 left five days before DAY, so on DAY+1 it is in the 7-day bucket with 250 owed', async () => {
    const ageing = await arrearsAgeing(db, LOTS, Date.parse(`${DAY}T12:00:00+08:00`) + 86_400_000);
    expect(ageing[0]).toEqual({ bucket: 1, name: '7天内', count: 1, owedCents: 250 });
    expect(ageing.slice(1).every((b) => b.count === 0)).toBe(true);
  });
});

describe('the daily report', () => {
  it('per lot: A 2 exits, receivable 1000, electronic 800 + 50000, refund 100, net 50700; B cash 750, card 30000, net 30750', async () => {
    const rows = await dailyReport(db, LOTS, reportRange({ from: DAY, to: DAY }, Date.parse('2026-11-27T00:00:00Z')));
    const a = rows.find((r) => r.parkingId === LOT_A)!;
    const b = rows.find((r) => r.parkingId === LOT_B)!;
    expect(a).toMatchObject({
      orders: 2,
      receivableCents: 1000,
      discountCents: 200,
      cashCents: 0,
      electronicCents: 50800,
      refundCents: 100,
    });
    expect(a).toMatchObject({ newArrearsCents: 0, recoveredCents: 0, cardCents: 0, netCents: 50700, dayOpen: false });
    expect(b).toMatchObject({ orders: 1, receivableCents: 600, cashCents: 750, electronicCents: 30000, refundCents: 0 });
    expect(b).toMatchObject({ newArrearsCents: 400, recoveredCents: 150, cardCents: 30000, netCents: 30750 });
  });
});

describe('devices, charging and queues', () => {
  beforeAll(() => insertMoreFixture(db));

  it('devices: online within three heartbeats; silent or never seen is offline; disabled is unused', async () => {
    expect(await deviceCounts(db, LOTS)).toEqual({ online: 1, offline: 2, unused: 1 });
    const offline = await devicesOffline(db, LOTS, 60);
    expect(offline.count).toBe(2);
    expect(offline.list.map((d) => d.deviceCode)).toEqual(['FXD4', 'FXD2']); // never seen first
  });

  it('connectors by their last state: one idle, one charging, one fault, every state listed', async () => {
    const states = await connectorsByState(db, LOTS);
    expect(states.filter((s) => s.count > 0).map((s) => [s.name, s.count])).toEqual([
      ['空闲', 1],
      ['充电中', 1],
      ['故障', 1],
    ]);
    expect(states).toHaveLength(6);
    expect(await sessionsNow(db, LOTS)).toBe(1);
  });

  it('energy of the day: the finished bill line from 01:00 (5000) and the running session (3000), not the line of the day before', async () => {
    expect(await energyWh(db, day())).toBe(8000);
  });

  it('station revenue by session end: one session, 7000 Wh, 1000 + 500, received 1500 − 300', async () => {
    expect(await stationRevenue(db, day())).toEqual([
      {
        stationId: 'fx-s',
        stationName: '口径测试站',
        parkingId: LOT_A,
        orders: 1,
        energyWh: 7000,
        elecCents: 1000,
        serviceCents: 500,
        discountCents: 0,
        receivedCents: 1200,
      },
    ]);
  });

  it('refund queue: two applied (350), one failed (70); cards lapsing: one monthly; lifts by hand: o8 with its reason', async () => {
    const queue = await refundQueue(db, LOTS);
    expect(queue.map((q) => [q.name, q.count, q.amountCents])).toEqual([
      ['已申请', 2, 350],
      ['已通过', 0, 0],
      ['退款中', 0, 0],
      ['退款失败', 1, 70],
    ]);
    expect(await cardsExpiring(db, LOTS)).toEqual({ month: 1, group: 0 });
    const lifts = await manualLifts(db, day());
    expect(lifts.count).toBe(1);
    expect(lifts.list[0]).toMatchObject({ orderNo: 'FX-O8', reason: '道闸故障', collector: '张三' });
  });
});

describe('a window reaching the present', () => {
  it('counts the current hour from its kept row: a car that came in ten minutes ago is in the last half hour’s entries', async () => {
    const now = Date.now();
    await db.query(
      `insert into parking_order (id, order_no, parking_id, plate_no, entry_time, state) values ('fx-o9', 'FX-O9', $1, '粤B90000', $2, 0)`,
      [LOT_A, new Date(now - 10 * 60_000)],
    );
    expect(await flow(db, { lots: LOTS, from: now - 30 * 60_000, to: now })).toEqual({ entries: 1, exits: 0 });
    expect(await flow(db, { lots: LOTS, from: now - 30 * 60_000, to: now - 20 * 60_000 })).toEqual({ entries: 0, exits: 0 });
  });
});
