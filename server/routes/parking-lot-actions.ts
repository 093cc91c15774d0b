import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { notFound, ok } from '../lib/envelope.ts';
import Type from 'typebox';
import { bindingOf } from '../services/parking-bind.ts';
import { parkingLots } from '../entities/parking-lots.ts';
import { assertLots, lotExists } from '../resource/lot-scope.ts';
import { lotFigures, releaseLongRental, setLotState } from '../services/parking-lot-actions.ts';
import { idParams } from '../resource/define.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';

/** Lot-level figures and actions: list header totals, bindIf, enable/disable, long-rental release. */

export function registerParkingLotActions(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  // same filters as the list, so the figures describe what the table shows
  app.get(
    '/api/system/Parking/sum',
    { schema: { querystring: parkingLots.querySchema }, config: { access: { menus: ['parkingAdmin'] } } },
    async (req) => {
      return ok(await lotFigures(db, req, req.query));
    },
  );

  app.get(
    '/api/system/Parking/bindIf/:id',
    { schema: { params: idParams }, config: { access: { menus: ['parkingAdmin'] } } },
    async (req) => {
      if (!(await lotExists(db, req.params.id))) throw notFound();
      assertLots(req, req.params.id);
      return ok(await bindingOf(db, req.params.id));
    },
  );

  const stateBody = Type.Object({ enabledMark: parkingLots.spec.fields.enabledMark });
  app.put(
    '/api/system/Parking/:id/Actions/State',
    { schema: { params: idParams, body: stateBody }, config: { access: { buttons: ['parking:edit'] } } },
    async (req) => {
      const { enabledMark } = req.body;
      assertLots(req, req.params.id);
      await setLotState(db, req, req.params.id, enabledMark);
      return ok(null, enabledMark ? '已启用' : '已停用');
    },
  );

  // the id is a space id: the holder leaves, the space goes back to free
  app.put(
    '/api/system/Parking/updateLongRentalSpaceLeave/:id',
    { schema: { params: idParams, body: Type.Object({}) }, config: { access: { buttons: ['space:edit'] } } },
    async (req) => {
      await releaseLongRental(db, req, req.params.id);
      return ok(null, '退租成功');
    },
  );
}
