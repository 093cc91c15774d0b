import type { Db } from '../db/database.ts';
import type { LotScope } from '../resource/lot-scope.ts';
import { lotFilter } from './window.ts';

/** Charging stations in the caller's lots (a station outside any lot is seen by unrestricted users only, as in charging.ts). */
export async function stationCount(db: Db, lots: LotScope): Promise<number> {
  const params: unknown[] = [];
  const scope = lotFilter('parking_id', lots, params);
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from charging_station where true${scope}`, params);
  return rows[0].n;
}
