import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { parkingLanes } from '../entities/parking-lanes.ts';
import { notFound } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { assertLots } from '../resource/lot-scope.ts';

/**
 * A lane's QR code's life: `status` 1 regenerates it (a new version, valid again from now), 0 voids
 * it (downloads refused); logged with `msg`.
 */
export function setLaneQr(db: Db, req: FastifyRequest, id: string, status: 0 | 1, msg: string): Promise<void> {
  return db.transaction(async (tx) => {
    const lane = await parkingLanes.find(tx, id);
    if (!lane) throw notFound();
    assertLots(req, lane.parkingId);
    const { rows } = await tx.query<{ lane_code: string }>(
      `update parking_lane set qr_status = $2::smallint, qr_version = qr_version + $2::int,
         qr_time = case when $2::int = 1 then now() else qr_time end, last_modify_time = now() where id = $1 returning lane_code`,
      [id, status],
    );
    if (!rows[0]) throw notFound();
    await writeOperLog(tx, req, { action: 'status', module: 'parkingLane', recordId: id, detail: `${rows[0].lane_code} ${msg}` });
  });
}
