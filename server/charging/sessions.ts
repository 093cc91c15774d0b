import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import { computeBill, type MeterSample } from './bill.ts';
import { type ChargingEvent, stateAfter, statesBefore } from './order-machine.ts';
import { ORDER_STATE, PAY_STATUS } from '../../domain/charging-codes.ts';
import { gunStatusOf } from './ocpp-status.ts';
import { type StoredTemplate, templateOf } from './price-slots.ts';

/**
 * What a pile tells the platform during a session, as writes: a connector's status, a session's
 * start, its meter values, its end (the bill from the price snapshot). The simulator, the order
 * actions and the tests share them; every time is given, so a test can replay a session.
 */

export interface Meter {
  energyWh: number;
  powerW: number;
  voltageDv: number;
  currentDa: number;
  soc: number;
}

/** OCPP StatusNotification: stores the status and its T/CEC code. */
export async function setGunStatus(db: Db, gunId: string, ocppStatus: string, at: Date): Promise<void> {
  const code = gunStatusOf(ocppStatus);
  if (code === null) throw new Error(`unknown OCPP status ${ocppStatus}`);
  await db.query('update charging_gun set ocpp_status = $2, status = $3, status_time = $4 where id = $1', [gunId, ocppStatus, code, at]);
}

/** Order numbers: CD + China-time yyyymmddHHMMss + 6 random hex digits. */
export function orderNoAt(at: Date): string {
  const local = new Date(at.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `CD${local}${newId().slice(0, 6).toUpperCase()}`;
}

export interface StartInput {
  gunId: string;
  at: Date;
  meterWh: number;
  soc: number;
  plateNo?: string;
  phone?: string;
  startMode?: number;
  targetSoc?: number;
  stalled?: boolean;
}

/** A session starts on a connector: the order snapshots the pile's price template (§1.3). */
export async function startSession(db: Db, s: StartInput): Promise<string> {
  const { rows } = await db.query<{
    pile_id: string;
    station_id: string;
    price_id: string | null;
    price_version: number | null;
    tmpl: unknown;
  }>(
    `select g.pile_id, p.station_id, p.price_id, p.price_version,
            (select json_build_object('priceName', t.price_name, 'tiers', t.tiers, 'periods', t.periods, 'seasons', t.seasons) from charging_price t where t.id = p.price_id) as tmpl
       from charging_gun g join charging_pile p on p.id = g.pile_id where g.id = $1`,
    [s.gunId],
  );
  const g = rows[0];
  if (!g) throw new Error(`no connector ${s.gunId}`);
  if (!g.tmpl) throw new Error(`pile ${g.pile_id} has no price template`);
  const id = newId('co');
  await db.query(
    `insert into charging_order (id, order_no, station_id, pile_id, gun_id, plate_no, phone, start_mode, state, start_time,
       meter_start_wh, soc_start, price_id, price_version, price_snapshot, sim_target_soc, sim_stalled, last_meter_time, parking_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, ${ORDER_STATE.starting}, $9, $10, $11, $12, $13, $14, $15, $16, $9,
             (select s.parking_id from charging_station s where s.id = $3))`,
    [
      id,
      orderNoAt(s.at),
      g.station_id,
      g.pile_id,
      s.gunId,
      s.plateNo ?? '',
      s.phone ?? '',
      s.startMode ?? 1,
      s.at,
      s.meterWh,
      s.soc,
      g.price_id,
      g.price_version,
      JSON.stringify(g.tmpl),
      s.targetSoc ?? null,
      s.stalled ?? false,
    ],
  );
  await db.query(`insert into charging_meter (order_id, at, energy_wh, soc) values ($1, $2, $3, $4)`, [id, s.at, s.meterWh, s.soc]);
  await setGunStatus(db, s.gunId, 'Preparing', s.at);
  return id;
}

/** The pile accepted the start: energy flows. */
export async function sessionCharging(db: Db, orderId: string, at: Date): Promise<void> {
  const { rows } = await db.query<{ gun_id: string }>(
    `update charging_order set state = $2 where id = $1 and state = any($3::smallint[]) returning gun_id`,
    [orderId, stateAfter('accepted'), statesBefore('accepted')],
  );
  if (rows[0]) await setGunStatus(db, rows[0].gun_id, 'Charging', at);
}

/** OCPP MeterValues of a running session. */
export async function meterValue(db: Db, orderId: string, at: Date, m: Meter): Promise<void> {
  await db.query(
    `insert into charging_meter (order_id, at, energy_wh, power_w, voltage_dv, current_da, soc) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (order_id, at) do nothing`,
    [orderId, at, m.energyWh, m.powerW, m.voltageDv, m.currentDa, m.soc],
  );
  await db.query(
    `update charging_order set energy_wh = $3 - meter_start_wh, meter_stop_wh = $3, soc_end = $4, last_meter_time = $2
      where id = $1 and state = any($5::smallint[])`,
    [orderId, at, m.energyWh, m.soc, statesBefore('stopped')],
  );
}

/** The energy-register samples of an order, oldest first (only these are billed, §9.4). */
export async function samplesOf(db: Db, orderId: string): Promise<MeterSample[]> {
  const { rows } = await db.query<{ at: Date; energy_wh: string }>(
    'select at, energy_wh from charging_meter where order_id = $1 order by at',
    [orderId],
  );
  return rows.map((r) => ({ at: new Date(r.at).getTime(), wh: Number(r.energy_wh) }));
}

/** The bill of an order from its samples and the price snapshot it started with. */
export async function billOf(db: Db, orderId: string) {
  const { rows } = await db.query<{ price_snapshot: StoredTemplate }>('select price_snapshot from charging_order where id = $1', [orderId]);
  return computeBill(await samplesOf(db, orderId), templateOf(rows[0].price_snapshot));
}

/**
 * The session ends (`stopped`: the pile's StopTransaction; `closed`: an administrator's close;
 * `failed`: no progress, abnormal): billed from the samples, and, for app/QR starts that finished,
 * paid from the wallet at once. Answers false when the state machine had no such arrow from the
 * order's state (nothing changed).
 */
export async function finishSession(
  db: Db,
  orderId: string,
  at: Date,
  reason: number,
  opts: { event?: Extract<ChargingEvent, 'stopped' | 'closed' | 'failed'>; gunStatus?: string | null } = {},
): Promise<boolean> {
  const event = opts.event ?? 'stopped';
  const bill = await billOf(db, orderId);
  const { rows } = await db.query<{ gun_id: string }>(
    `update charging_order set state = $3::smallint, end_time = $2::timestamptz, stop_reason = $4::smallint, segments = $5::jsonb,
        energy_wh = $6::bigint, elec_cents = $7::bigint, service_cents = $8::bigint, discount_cents = $9::bigint, total_cents = $10::bigint,
        paid_cents = case when start_mode = 1 and $12 then $10::bigint else 0 end,
        pay_status = case when start_mode = 1 and $12 then ${PAY_STATUS.paid} else ${PAY_STATUS.unpaid} end,
        -- the app pays by WeChat (channel 1) when the session ends
        pay_time = case when start_mode = 1 and $12 then $2::timestamptz end,
        pay_channel = case when start_mode = 1 and $12 then 1 else 0 end,
        last_modify_time = now()
      where id = $1 and state = any($11::smallint[]) returning gun_id`,
    [
      orderId,
      at,
      stateAfter(event),
      reason,
      JSON.stringify(bill.lines),
      bill.energyWh,
      bill.elecCents,
      bill.serviceCents,
      bill.discountCents,
      bill.totalCents,
      statesBefore(event),
      event !== 'failed',
    ],
  );
  if (!rows[0]) return false;
  if (opts.gunStatus !== null) await setGunStatus(db, rows[0].gun_id, opts.gunStatus ?? 'Finishing', at);
  return true;
}
