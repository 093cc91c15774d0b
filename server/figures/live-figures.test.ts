import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../tests/test-database.ts';
import { DAY, LOTS, LOT_A, LOT_B, insertFigureFixture } from './fixture.ts';
import { dayWindow } from './window.ts';
import { latestPassages } from './passages.ts';
import { collectorsOnShift } from './collectors.ts';
import { stationCount } from './stations.ts';
import { carsInParkAt } from './occupancy-hourly.ts';

/** The big screens' own figures (passages, collectors, stations) on fixture.ts's data; answers worked out by hand. */

let db: Database;
const at = (dayOffset: number, hhmm: string) => new Date(Date.parse(`${DAY}T${hhmm}:00+08:00`) + dayOffset * 86_400_000).toISOString();

beforeAll(async () => {
  db = await openTestDatabase();
  await insertFigureFixture(db);
  // payments taken by collectors: 张三 twice on D (300, and 500 with 100 change), 李四 once, 王五 the day before
  const taken: [string, string, string, string, number, number, string][] = [
    ['fx-q1', 'fx-o5', LOT_B, at(0, '13:00'), 300, 0, '张三'],
    ['fx-q2', 'fx-o2', LOT_A, at(0, '09:00'), 500, 100, '张三'],
    ['fx-q3', 'fx-o6', LOT_B, at(0, '18:00'), 200, 0, '李四'],
    ['fx-q4', 'fx-o4', LOT_A, at(-1, '18:00'), 900, 0, '王五'],
  ];
  for (const [id, order, lot, time, cents, change, who] of taken)
    await db.query(
      `insert into parking_order_payment (id, order_id, parking_id, channel, serial_no, pay_time, value_cents, change_cents, operator, purpose)
       values ($1, $2, $3, 3, $1, $4, $5, $6, $7, 1)`,
      [id, order, lot, time, cents, change, who],
    );
  await db.query(`insert into charging_station (id, station_code, station_name, parking_id) values ('fx-s1', 'FX-S1', '口径测试站', $1)`, [
    LOT_A,
  ]);
});
afterAll(() => db?.close());

describe('big screen figures', () => {
  it('the latest passages: o6 out (D+1 01:00), o6 in (20:00), o5 out (14:00), o5 in (12:00), o3 in (10:00)', async () => {
    const rows = await latestPassages(db, LOTS, 5);
    expect(rows.map((r) => r.id)).toEqual(['fx-o6:out', 'fx-o6:in', 'fx-o5:out', 'fx-o5:in', 'fx-o3:in']);
    expect(rows[0]).toMatchObject({
      kind: 'out',
      plateNo: '粤B60000',
      parkingName: '口径测试B',
      laneName: '',
      at: Date.parse(at(1, '01:00')),
    });
    // lot A alone: o3 in (D 10:00), o2 out (09:30), o2 in (08:00)
    expect((await latestPassages(db, [LOT_A], 3)).map((r) => r.id)).toEqual(['fx-o3:in', 'fx-o2:out', 'fx-o2:in']);
  });

  it('collectors on shift on D: 张三 since 09:00 with 300 + (500 − 100) = 700, 李四 since 18:00 with 200; 王五 was the day before', async () => {
    expect(await collectorsOnShift(db, dayWindow(LOTS, DAY))).toEqual([
      { name: '张三', since: Date.parse(at(0, '09:00')), payments: 2, collectedCents: 700 },
      { name: '李四', since: Date.parse(at(0, '18:00')), payments: 1, collectedCents: 200 },
    ]);
    expect(await collectorsOnShift(db, dayWindow([LOT_A], DAY))).toEqual([
      { name: '张三', since: Date.parse(at(0, '09:00')), payments: 1, collectedCents: 400 },
    ]);
  });

  it('stations: one in lot A, none in lot B', async () => {
    expect(await stationCount(db, LOTS)).toBe(1);
    expect(await stationCount(db, [LOT_B])).toBe(0);
  });

  it('cars in park at an instant: at D 09:00 o1 had left (02:00), o2 (08:00–09:30) and o4 (since D-2) were in, o3 not yet; at D 21:00 o3, o4, o6', async () => {
    const t = [Date.parse(at(0, '09:00')), Date.parse(at(0, '21:00')), Date.parse(at(0, '01:00'))];
    // at D 01:00: o1 (D-1 22:00 – D 02:00) and o4
    expect(await carsInParkAt(db, LOTS, t)).toEqual([2, 3, 2]);
    expect(await carsInParkAt(db, [LOT_B], t)).toEqual([0, 1, 0]);
  });
});
