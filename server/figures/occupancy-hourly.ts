import type { Db } from '../db/database.ts';
import type { LotScope } from '../resource/lot-scope.ts';
import { OPEN_STAY } from './parking.ts';
import { lotFilter } from './window.ts';

/**
 * Cars in park at past instants (the hourly occupancy line of §11.1), from the stays themselves:
 * a stay was in the lot at t when it had entered by t and had not left by t (it left after t, or
 * it is still open). No snapshot table is kept, so an hour's figure never drifts from the orders.
 * Divide by the spaces (parking.ts occupancyTotals) for the share.
 */
export async function carsInParkAt(db: Db, lots: LotScope, instants: number[]): Promise<number[]> {
  if (!instants.length) return [];
  const params: unknown[] = [instants];
  const scope = lotFilter('o.parking_id', lots, params);
  const { rows } = await db.query<{ t: string; n: number }>(
    // two index ranges per instant: stays that left after t (today's exits), and the open stays
    `select t.ms as t,
            ((select count(*) from parking_order o
               where o.exit_time > to_timestamp(t.ms / 1000.0) and o.entry_time <= to_timestamp(t.ms / 1000.0)${scope})
           + (select count(*) from parking_order o
               where ${OPEN_STAY} and o.entry_time <= to_timestamp(t.ms / 1000.0)${scope}))::int as n
       from unnest($1::float8[]) as t(ms)`,
    params,
  );
  const byT = new Map(rows.map((r) => [Number(r.t), r.n]));
  return instants.map((t) => byT.get(t) ?? 0);
}
