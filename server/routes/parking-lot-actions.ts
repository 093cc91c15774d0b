import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../lib/envelope.ts';
import Type from 'typebox';
import { writeOperLog } from '../lib/oper-log.ts';
import { bindingOf } from '../services/parking-bind.ts';
import { parkingLots } from '../entities/parking-lots.ts';
import { assertLots, lotsOf } from '../resource/lot-scope.ts';
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
      const lots = parkingLots.rows(db, req.query, lotsOf(req)).compile();
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
      return ok(rows[0]);
    },
  );

  app.get(
    '/api/system/Parking/bindIf/:id',
    { schema: { params: idParams }, config: { access: { menus: ['parkingAdmin'] } } },
    async (req) => {
      const { rows } = await db.query('select 1 from parking where id = $1', [req.params.id]);
      if (!rows.length) throw notFound();
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
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ parking_code: string }>(
          'update parking set enabled_mark = $2, last_modify_time = now() where id = $1 returning parking_code',
          [req.params.id, enabledMark],
        );
        if (!rows[0]) throw notFound();
        await writeOperLog(tx, req, {
          action: 'status',
          module: 'parking',
          recordId: req.params.id,
          detail: `${rows[0].parking_code} ${enabledMark ? '启用' : '停用'}`,
        });
      });
      return ok(null, enabledMark ? '已启用' : '已停用');
    },
  );

  // the id is a space id: the holder leaves, the space goes back to free
  app.put(
    '/api/system/Parking/updateLongRentalSpaceLeave/:id',
    { schema: { params: idParams, body: Type.Object({}) }, config: { access: { buttons: ['space:edit'] } } },
    async (req) => {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ parking_id: string; space_type: number; space_no: string; holder_name: string }>(
          'select parking_id, space_type, space_no, holder_name from parking_space where id = $1 for update',
          [req.params.id],
        );
        const s = rows[0];
        if (!s) throw notFound();
        assertLots(req, s.parking_id);
        if (s.space_type !== 3) throw badRequest('只有长租车位可以办理退租');
        if (!s.holder_name) throw badRequest('该长租车位当前没有租户');
        await tx.query(
          `update parking_space set holder_name = '', holder_phone = '', rental_start = null, rental_end = null,
           status = 0, plate_no = '', plate_color = null, last_modify_time = now() where id = $1`,
          [req.params.id],
        );
        await writeOperLog(tx, req, {
          action: 'update',
          module: 'parkingSpace',
          recordId: req.params.id,
          detail: `${s.space_no} 长租退租（${s.holder_name}）`,
        });
      });
      return ok(null, '退租成功');
    },
  );
}
