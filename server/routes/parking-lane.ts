import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import { parkingLanes } from '../entities/parking-lanes.ts';
import { notFound, ok } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { idParams, registerResource } from '../resource/define.ts';
import { assertLots } from '../resource/lot-scope.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';

/** Lanes: the resource, and their QR code's life: regenerate (a new version, valid again) and void (downloads refused). */

export function registerParkingLaneRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  registerResource(app, db, parkingLanes);

  for (const [action, status, msg] of [
    ['RegenerateQr', 1, '二维码已重新生成'],
    ['VoidQr', 0, '二维码已作废'],
  ] as const) {
    const schema = { params: idParams, body: Type.Object({}) };
    app.put(`/api/system/ParkingLane/:id/Actions/${action}`, { schema, config: { access: { buttons: ['lane:qrcode'] } } }, async (req) => {
      const { id } = req.params;
      await db.transaction(async (tx) => {
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
      return ok(null, msg);
    });
  }
}
