import type { Db } from '../db/database.ts';
import type { LotScope } from '../resource/lot-scope.ts';
import { GUN_STATUS_LABELS, ORDER_STATE } from '../../domain/charging-codes.ts';
import { type FigureWindow, lotFilter } from './window.ts';

/** Charging figures (§9, §11.2). A station belongs to its lot; a station outside any lot is seen by unrestricted users only. */

const ACTIVE = [ORDER_STATE.starting, ORDER_STATE.charging, ORDER_STATE.stopping].join(', ');

export interface ConnectorState {
  status: number;
  name: string;
  count: number;
}

/** Connectors by their last reported T/CEC state (0 offline, 1 idle, 2 plugged, 3 charging, 4 reserved, 255 fault), every state present. */
export async function connectorsByState(db: Db, lots: LotScope): Promise<ConnectorState[]> {
  const params: unknown[] = [];
  const scope = lotFilter('s.parking_id', lots, params);
  const { rows } = await db.query<{ status: number; n: number }>(
    `select g.status, count(*)::int as n from charging_gun g join charging_pile p on p.id = g.pile_id
       join charging_station s on s.id = p.station_id where true${scope} group by g.status`,
    params,
  );
  return Object.entries(GUN_STATUS_LABELS).map(([status, name]) => ({
    status: Number(status),
    name,
    count: rows.find((r) => Number(r.status) === Number(status))?.n ?? 0,
  }));
}

/** Sessions running now (starting, charging or stopping). */
export async function sessionsNow(db: Db, lots: LotScope): Promise<number> {
  const params: unknown[] = [];
  const scope = lotFilter('parking_id', lots, params);
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from charging_order where state in (${ACTIVE})${scope}`,
    params,
  );
  return rows[0].n;
}

/**
 * Energy charged inside the window, Wh: a finished session's bill lines (split at every price
 * slot and at midnight) whose start is inside; a running session's meter since the window start.
 */
export async function energyWh(db: Db, w: FigureWindow): Promise<number> {
  const params: unknown[] = [w.from, w.to];
  const scope = lotFilter('o.parking_id', w.lots, params);
  const { rows } = await db.query<{ wh: string | null }>(
    `select (select coalesce(sum((seg->>'energyWh')::bigint), 0) from charging_order o cross join lateral jsonb_array_elements(o.segments) seg
              where o.end_time >= to_timestamp($1 / 1000.0) and o.state not in (${ACTIVE})
                and (seg->>'from')::bigint >= $1 and (seg->>'from')::bigint < $2${scope})
          + (select coalesce(sum(o.energy_wh - coalesce(
                (select m.energy_wh - o.meter_start_wh from charging_meter m where m.order_id = o.id and m.at < to_timestamp($1 / 1000.0)
                  order by m.at desc limit 1), 0)), 0)
               from charging_order o where o.state in (${ACTIVE})${scope}) as wh`,
    params,
  );
  return Number(rows[0].wh ?? 0);
}

export interface StationRevenue {
  stationId: string;
  stationName: string;
  parkingId: string | null;
  orders: number;
  energyWh: number;
  elecCents: number;
  serviceCents: number;
  discountCents: number;
  /** paid − refunded */
  receivedCents: number;
}

/** Sessions that ended in the window, per station (充电收入; session end-time basis). */
export async function stationRevenue(db: Db, w: FigureWindow): Promise<StationRevenue[]> {
  const params: unknown[] = [w.from, w.to];
  const scope = lotFilter('o.parking_id', w.lots, params);
  const { rows } = await db.query<Record<string, string | number | null>>(
    `select s.id, s.station_name, s.parking_id, count(*)::int as orders, sum(o.energy_wh) as wh, sum(o.elec_cents) as elec,
            sum(o.service_cents) as service, sum(o.discount_cents) as discount, sum(o.paid_cents - o.refund_cents) as received
       from charging_order o join charging_station s on s.id = o.station_id
      where o.end_time >= to_timestamp($1 / 1000.0) and o.end_time < to_timestamp($2 / 1000.0)${scope}
      group by s.id, s.station_name, s.parking_id order by s.station_name`,
    params,
  );
  return rows.map((r) => ({
    stationId: String(r.id),
    stationName: String(r.station_name),
    parkingId: r.parking_id === null ? null : String(r.parking_id),
    orders: Number(r.orders),
    energyWh: Number(r.wh),
    elecCents: Number(r.elec),
    serviceCents: Number(r.service),
    discountCents: Number(r.discount),
    receivedCents: Number(r.received),
  }));
}

/** Sessions in the abnormal state, waiting for an operator (the to-do). */
export async function abnormalSessions(db: Db, lots: LotScope): Promise<number> {
  const params: unknown[] = [];
  const scope = lotFilter('parking_id', lots, params);
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from charging_order where state = ${ORDER_STATE.abnormal}${scope}`,
    params,
  );
  return rows[0].n;
}
