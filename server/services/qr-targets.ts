import type { Db } from '../db/database.ts';

/** What the lots screen's QR downloads print (routes/parking-files.ts): spaces, a lot's lanes, one lane. */

/** Spaces of lot `parkingId` ('' any) and/or among `ids` (none: any), by number, at most `limit`. */
export async function spaceQrRows(db: Db, parkingId: string, ids: string[], limit: number) {
  const { rows } = await db.query<{ id: string; parking_id: string; space_no: string; parking_name: string }>(
    `select s.id, s.parking_id, s.space_no, p.parking_name from parking_space s join parking p on p.id = s.parking_id
      where ($1 = '' or s.parking_id = $1) and (cardinality($2::text[]) = 0 or s.id = any($2::text[]))
      order by s.space_no limit $3`,
    [parkingId, ids, limit],
  );
  return rows;
}

/** Lot `id`'s name, or undefined when there is none. */
export async function lotName(db: Db, id: string): Promise<string | undefined> {
  const lot = (await db.query<{ parking_name: string }>('select parking_name from parking where id = $1', [id])).rows[0];
  return lot?.parking_name;
}

/** The lanes of lot `id` whose QR code is valid, by code. */
export async function validLaneQrs(db: Db, id: string) {
  const { rows } = await db.query<{ id: string; lane_name: string; lane_code: string }>(
    'select id, lane_name, lane_code from parking_lane where parking_id = $1 and qr_status = 1 order by lane_code',
    [id],
  );
  return rows;
}

/** Lane `id` with its lot's name, or undefined. */
export async function laneQrRow(db: Db, id: string) {
  const { rows } = await db.query<{ id: string; parking_id: string; lane_name: string; qr_status: number; parking_name: string }>(
    'select l.id, l.parking_id, l.lane_name, l.qr_status, p.parking_name from parking_lane l join parking p on p.id = l.parking_id where l.id = $1',
    [id],
  );
  return rows.at(0);
}
