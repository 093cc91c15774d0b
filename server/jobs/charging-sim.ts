import { statesBefore } from '../charging/order-machine.ts';
import { ORDER_STATE, STOP_REASON } from '../../domain/charging-codes.ts';
import { batteryWhOf, socAfter } from '../charging/battery.ts';
import { answerPriceTasks } from '../charging/price-tasks.ts';
import { type Meter, finishSession, meterValue, sessionCharging, startSession } from '../charging/sessions.ts';
import type { Db } from '../db/database.ts';
import type { Job } from './leader.ts';

/**
 * Simulated piles so the charging screens live: heartbeats, price-task answers, connectors that
 * change state, sessions that start on idle connectors, meter values each tick (energy register,
 * power, voltage, current, SoC), and ends for the reasons of §9.3 (full, user, unplugged, charger
 * fault, remote stop answered). A few sessions stall: no meter progress for `stallMinutes` makes
 * them abnormal (SteVe #292), for an operator to settle.
 */

export interface ChargingSimOptions {
  /** tick period, ms; 0 = off */
  everyMs: number;
  /** chance per tick that an idle connector starts a session, percent */
  startPercent: number;
  /** minutes without meter progress after which a session is abnormal */
  stallMinutes: number;
  /** stalled sessions and early ends (user, unplugged, fault); off where a test follows one session; default on */
  mishaps?: boolean;
}

const PLATES = ['粤B', '粤A', '粤S', '湘A', '赣B'];

interface Active {
  id: string;
  state: number;
  gun_id: string;
  pile_online: boolean;
  rated_power_kw: number;
  connector_type: number;
  meter_stop_wh: string | null;
  meter_start_wh: string;
  soc_start: number | null;
  sim_target_soc: number | null;
  sim_stalled: boolean;
  last_meter_time: Date;
}

const ONLINE = `(p.enabled_mark = 1 and coalesce(p.last_heartbeat > now() - make_interval(secs => p.heartbeat_interval * 3), false))`;

export interface SimSession {
  ratedKw: number;
  /** connector type (4 is a DC gun); it also sizes the car's battery (batteryWhOf) */
  connectorType: number;
  /** energy register at the session's start and now, Wh */
  startWh: number;
  wh: number;
  socStart: number;
}

/**
 * The next meter reading of a session after `dtMs`: power tapers above 80 % SoC; SoC (fractional)
 * follows the energy delivered since the start on the connector type's battery.
 */
export function nextMeter(a: SimSession, dtMs: number, rnd: () => number): Meter {
  const batteryWh = batteryWhOf(a.connectorType);
  const soc = socAfter(a.socStart, a.wh - a.startWh, batteryWh);
  const taper = soc < 80 ? 1 : Math.max(0.2, (100 - soc) / 20);
  // a full battery takes nothing more
  const powerW = soc >= 100 ? 0 : Math.round(a.ratedKw * 1000 * (0.85 + 0.15 * rnd()) * taper);
  const addWh = Math.round((powerW * dtMs) / 3_600_000);
  const voltageDv = a.connectorType === 4 ? Math.round(3800 + 400 * (soc / 100) + 20 * rnd()) : Math.round(2200 + 20 * rnd());
  return {
    energyWh: a.wh + addWh,
    powerW,
    voltageDv,
    currentDa: Math.round((powerW / (voltageDv / 10)) * 10),
    soc: socAfter(a.socStart, a.wh + addWh - a.startWh, batteryWh),
  };
}

export async function chargingSimTick(db: Db, o: ChargingSimOptions, now = new Date(), rnd: () => number = Math.random): Promise<void> {
  await db.query(`update charging_pile set last_heartbeat = $1 where enabled_mark = 1 and not sim_offline`, [now]);
  await answerPriceTasks(db, now);

  // connectors whose car left or whose fault cleared
  await db.query(`update charging_gun set ocpp_status = 'Available', status = 1, status_time = $1 where ocpp_status = 'Finishing'`, [now]);
  if (rnd() < 0.2)
    await db.query(`update charging_gun set ocpp_status = 'Available', status = 1, status_time = $1 where ocpp_status = 'Faulted'`, [now]);

  const { rows } = await db.query<Active>(
    `select o.id, o.state, o.gun_id, ${ONLINE} as pile_online, g.rated_power_kw, g.connector_type, o.meter_stop_wh, o.meter_start_wh,
            o.soc_start, o.sim_target_soc, o.sim_stalled, o.last_meter_time
       from charging_order o join charging_gun g on g.id = o.gun_id join charging_pile p on p.id = o.pile_id
      where o.state = any($1::smallint[])`,
    [statesBefore('stopped')],
  );
  for (const a of rows) {
    // an offline pile answers nothing: a remote stop keeps waiting
    if (!a.pile_online) continue;
    if (a.state === ORDER_STATE.starting) {
      await sessionCharging(db, a.id, now);
      continue;
    }
    if (a.state === ORDER_STATE.stopping) {
      await finishSession(db, a.id, now, STOP_REASON.platform);
      continue;
    }
    if (a.sim_stalled) {
      if (now.getTime() - new Date(a.last_meter_time).getTime() > o.stallMinutes * 60_000) {
        await finishSession(db, a.id, now, STOP_REASON.noProgress, { event: 'failed', gunStatus: 'Faulted' });
      }
      continue;
    }
    const m = nextMeter(
      {
        ratedKw: a.rated_power_kw,
        connectorType: a.connector_type,
        startWh: Number(a.meter_start_wh),
        wh: Number(a.meter_stop_wh ?? a.meter_start_wh),
        socStart: Number(a.soc_start ?? 20),
      },
      now.getTime() - new Date(a.last_meter_time).getTime(),
      rnd,
    );
    await meterValue(db, a.id, now, { ...m, soc: Math.floor(m.soc) });
    const roll = o.mishaps === false ? 1 : rnd();
    if (m.soc >= (a.sim_target_soc ?? 95)) await finishSession(db, a.id, now, STOP_REASON.bms);
    else if (roll < 0.003) await finishSession(db, a.id, now, STOP_REASON.user);
    else if (roll < 0.004) await finishSession(db, a.id, now, STOP_REASON.disconnected);
    else if (roll < 0.0045) await finishSession(db, a.id, now, STOP_REASON.chargerFault, { gunStatus: 'Faulted' });
  }

  // cars arrive at idle connectors of online piles that have a price template
  const idle = await db.query<{ id: string; register: string | null }>(
    `select g.id, (select max(o.meter_stop_wh) from charging_order o where o.gun_id = g.id) as register
       from charging_gun g join charging_pile p on p.id = g.pile_id
      where g.ocpp_status = 'Available' and p.price_id is not null and ${ONLINE}`,
  );
  for (const g of idle.rows) {
    if (rnd() * 100 >= o.startPercent) continue;
    const soc = 10 + Math.floor(rnd() * 40);
    await startSession(db, {
      gunId: g.id,
      at: now,
      meterWh: Number(g.register ?? 0),
      soc,
      plateNo: `${PLATES[Math.floor(rnd() * PLATES.length)]}D${String(Math.floor(rnd() * 100000)).padStart(5, '0')}`,
      phone: `13${String(Math.floor(rnd() * 1e9)).padStart(9, '0')}`,
      startMode: rnd() < 0.8 ? 1 : 2,
      targetSoc: Math.min(100, soc + 40 + Math.floor(rnd() * 50)),
      stalled: o.mishaps !== false && rnd() < 0.05,
    });
  }
}

export function chargingSimJob(o: ChargingSimOptions): Job {
  return { name: 'charging-sim', everyMs: o.everyMs, tick: (db) => chargingSimTick(db, o) };
}
