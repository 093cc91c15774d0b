import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { lockRow } from '../db/lock-row.ts';
import { parkingLots } from '../entities/parking-lots.ts';
import { badRequest, notFound } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { assertLots, lotsOf } from '../resource/lot-scope.ts';

/** Lot-level figures and actions (routes/parking-lot-actions.ts): the list's header totals, enable/disable, long-rental release. */

/** The totals of the lots the list shows with `query` (the same filters and the caller's lots). */
export async function lotFigures(db: Db, req: FastifyRequest, query: Parameters<typeof parkingLots.rows>[1]) {
  const lots = parkingLots.rows(db, query, lotsOf(req)).compile();
  const { rows } = await db.query<Record<string, number>>(
    `with lots as (${lots.sql})
   select count(*)::int as "parkingCount",
          count(*) filter (where enabled_mark = 1)::int as "enabledCount",
          coalesce(sum(total_spaces), 0)::int as "totalSpaces",
          coalesce(sum(temp_spaces), 0)::int as "tempSpaces",
          coalesce(sum(rental_spaces), 0)::int as "rentalSpaces",
          coalesce(sum(charging_spaces), 0)::int as "chargingSpaces",
          (select count(*)::int from parking_lane where parking_id in (select id from lots)) as "laneCount",
          (select count(*)::int from parking_space where status = 0 and parking_id in (select id from lots)) as "freeSpaces"
     from lots`,
    lots.parameters,
  );
  return rows[0];
}

/** Enables (1) or disables (0) lot `id`, logged. */
export function setLotState(db: Db, req: FastifyRequest, id: string, enabledMark: number): Promise<void> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ parking_code: string }>(
      'update parking set enabled_mark = $2, last_modify_time = now() where id = $1 returning parking_code',
      [id, enabledMark],
    );
    if (!rows[0]) throw notFound();
    await writeOperLog(tx, req, {
      action: 'status',
      module: 'parking',
      recordId: id,
      detail: `${rows[0].parking_code} ${enabledMark ? '启用' : '停用'}`,
    });
  });
}

/** Long-rental space `id`'s holder leaves: the space goes back to free, logged. */
export function releaseLongRental(db: Db, req: FastifyRequest, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    const s = await lockRow(tx, 'parkingSpace', id);
    if (!s) throw notFound();
    assertLots(req, s.parkingId);
    if (s.spaceType !== 3) throw badRequest('只有长租车位可以办理退租');
    if (!s.holderName) throw badRequest('该长租车位当前没有租户');
    await tx.query(
      `update parking_space set holder_name = '', holder_phone = '', rental_start = null, rental_end = null,
       status = 0, plate_no = '', plate_color = null, last_modify_time = now() where id = $1`,
      [id],
    );
    await writeOperLog(tx, req, {
      action: 'update',
      module: 'parkingSpace',
      recordId: id,
      detail: `${s.spaceNo} 长租退租（${s.holderName}）`,
    });
  });
}
