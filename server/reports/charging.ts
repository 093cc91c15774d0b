import type { Db } from '../db/database.ts';
import type { LotScope } from '../resource/lot-scope.ts';
import { type StationRevenue, stationRevenue } from '../figures/charging.ts';
import { dayWindow } from '../figures/window.ts';
import type { ReportRange } from './range.ts';

/** 充电收入: sessions that ended in the range, per station (session end-time basis). */
export async function chargingReport(db: Db, lots: LotScope, r: ReportRange): Promise<StationRevenue[]> {
  const from = dayWindow(lots, r.first).from;
  const to = dayWindow(lots, r.last).to;
  return stationRevenue(db, { lots, from, to });
}

export function chargingTotals(rows: StationRevenue[]): Omit<StationRevenue, 'stationId' | 'stationName' | 'parkingId'> {
  const sum = (k: keyof StationRevenue) => rows.reduce((s, r) => s + (r[k] as number), 0);
  return {
    orders: sum('orders'),
    energyWh: sum('energyWh'),
    elecCents: sum('elecCents'),
    serviceCents: sum('serviceCents'),
    discountCents: sum('discountCents'),
    receivedCents: sum('receivedCents'),
  };
}
