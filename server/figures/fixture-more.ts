import type { Db } from '../db/database.ts';
import { DAY, LOT_A, LOT_B } from './fixture.ts';

/**
 * More of the fixed data set (lots of fixture.ts), for the device, charging and queue figures:
 *   devices   A: one beating now (online), one silent two hours (offline), one disabled (unused); B: one never seen (offline)
 *   charging  station in A, one pile, connectors idle / charging / fault;
 *             a finished session ending D 02:00 with bill lines from D-1 23:00 (2000 Wh) and D 01:00 (5000 Wh), paid 1500 − 300 refunded;
 *             a session running since D 10:00 at 3000 Wh (counted while it runs: tests ask at D 12:00 through the window)
 *   refunds   A: two applied (100 + 250), one failed (70)
 *   cards     B: one monthly card lapsing (status 2)
 *   lifts     B: o8 released by hand at D 18:00, reason 道闸故障
 */
const at = (dayOffset: number, hhmm: string) => new Date(Date.parse(`${DAY}T${hhmm}:00+08:00`) + dayOffset * 86_400_000).toISOString();

export async function insertMoreFixture(db: Db): Promise<void> {
  await db.query(
    `insert into device (id, device_code, device_name, device_type, parking_id, heartbeat_interval, last_heartbeat, enabled_mark) values
       ('fx-d1', 'FXD1', '在线相机', 1, $1, 30, now(), 1),
       ('fx-d2', 'FXD2', '离线道闸', 2, $1, 30, now() - interval '2 hours', 1),
       ('fx-d3', 'FXD3', '停用屏', 3, $1, 30, null, 0),
       ('fx-d4', 'FXD4', '未上线地磁', 4, $2, 30, null, 1)`,
    [LOT_A, LOT_B],
  );
  await db.query(`insert into charging_station (id, station_code, station_name, parking_id) values ('fx-s', 'FXS', '口径测试站', $1)`, [
    LOT_A,
  ]);
  await db.query(
    `insert into charging_pile (id, pile_no, station_id, equipment_type, power_kw) values ('fx-pile', '99999999999901', 'fx-s', 1, 60)`,
  );
  await db.query(
    `insert into charging_gun (id, connector_id, pile_id, gun_no, connector_type, rated_power_kw, status) values
       ('fx-g1', '999999999999999999990101', 'fx-pile', 1, 4, 60, 1),
       ('fx-g2', '999999999999999999990102', 'fx-pile', 2, 4, 60, 3),
       ('fx-g3', '999999999999999999990103', 'fx-pile', 3, 4, 60, 255)`,
  );
  const segments = JSON.stringify([
    { from: Date.parse(at(-1, '23:00')), to: Date.parse(at(0, '00:00')), energyWh: 2000 },
    { from: Date.parse(at(0, '01:00')), to: Date.parse(at(0, '02:00')), energyWh: 5000 },
  ]);
  await db.query(
    `insert into charging_order (id, order_no, station_id, pile_id, gun_id, state, start_time, end_time, energy_wh, price_snapshot, segments,
                                 elec_cents, service_cents, total_cents, paid_cents, refund_cents, pay_status, parking_id, pay_time, pay_channel)
     values ('fx-co1', 'FXCO1', 'fx-s', 'fx-pile', 'fx-g1', 4, $1, $2, 7000, '{}', $3::jsonb, 1000, 500, 1500, 1500, 300, 2, $4, $2, 1),
            ('fx-co2', 'FXCO2', 'fx-s', 'fx-pile', 'fx-g2', 2, $5, null, 3000, '{}', '[]', 0, 0, 0, 0, 0, 0, $4, null, 0)`,
    [at(-1, '23:00'), at(0, '02:00'), segments, LOT_A, at(0, '10:00')],
  );
  await db.query(
    `insert into parking_order_refund (id, order_id, refund_no, amount_cents, reason, status, applicant, parking_id, channel) values
       ('fx-r2', 'fx-o1', 'FXR2', 100, '重复收费', 0, 'admin', $1, 1),
       ('fx-r3', 'fx-o1', 'FXR3', 250, '重复收费', 0, 'admin', $1, 1),
       ('fx-r4', 'fx-o1', 'FXR4', 70, '重复收费', 4, 'admin', $1, 1)`,
    [LOT_A],
  );
  const { rows } = await db.query<{ id: string }>('select id from card_product order by id limit 1');
  await db.query(
    `insert into month_card (id, card_no, product_id, parking_id, plate_nos, owner_name, start_date, end_date, status, amount_cents)
     values ('fx-mc', 'FXMC', $1, $2, '{粤B88888}', '测试', $3::date - 25, $3::date + 5, 2, 30000)`,
    [rows[0].id, LOT_B, DAY],
  );
  await db.query(
    `insert into parking_order (id, order_no, parking_id, plate_no, entry_time, exit_time, state, release_reason, collector)
     values ('fx-o8', 'FX-O8', $1, '粤B80000', $2, $3, 4, '道闸故障', '张三')`,
    [LOT_B, at(0, '17:00'), at(0, '18:00')],
  );
}
