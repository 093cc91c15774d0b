import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import { parkingLanes } from '../entities/parking-lanes.ts';
import { ok } from '../lib/envelope.ts';
import { idParams, registerResource } from '../resource/define.ts';
import { setLaneQr } from '../services/lane-qr.ts';
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
      await setLaneQr(db, req, req.params.id, status, msg);
      return ok(null, msg);
    });
  }
}
