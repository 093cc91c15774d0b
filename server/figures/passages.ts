import type { Db } from '../db/database.ts';
import type { LotScope } from '../resource/lot-scope.ts';
import { lotFilter } from './window.ts';

/**
 * The latest passages at the barriers (§11.1, ParkingOS's scrolling entries and exits): each
 * entry and each exit of a stay is one passage, the newest first. A bounded list, not a count:
 * the big screens scroll it.
 */

export interface PassageRow {
  /** the order's id and the direction: one stay gives two passages */
  id: string;
  kind: 'in' | 'out';
  plateNo: string;
  parkingName: string;
  laneName: string;
  /** epoch ms */
  at: number;
}

export async function latestPassages(db: Db, lots: LotScope, limit: number): Promise<PassageRow[]> {
  const params: unknown[] = [];
  const scope = lotFilter('o.parking_id', lots, params);
  const n = Math.max(1, Math.min(limit, 100));
  // each branch walks its own time index and stops at n rows
  const { rows } = await db.query<{ id: string; kind: 'in' | 'out'; plate_no: string; lot: string; lane: string | null; at: Date }>(
    `select * from (
       (select o.id, 'in' as kind, o.plate_no, o.parking_id, o.entry_lane_id as lane_id, o.entry_time as at
          from parking_order o where true${scope} order by o.entry_time desc limit ${n})
       union all
       (select o.id, 'out', o.plate_no, o.parking_id, o.exit_lane_id, o.exit_time
          from parking_order o where o.exit_time is not null${scope} order by o.exit_time desc limit ${n})
     ) x
     cross join lateral (select p.parking_name as lot from parking p where p.id = x.parking_id) p
     cross join lateral (select (select l.lane_name from parking_lane l where l.id = x.lane_id) as lane) l
     order by x.at desc, x.kind limit ${n}`,
    params,
  );
  return rows.map((r) => ({
    id: `${r.id}:${r.kind}`,
    kind: r.kind,
    plateNo: r.plate_no,
    parkingName: r.lot,
    laneName: r.lane ?? '',
    at: new Date(r.at).getTime(),
  }));
}
