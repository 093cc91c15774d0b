import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import { badRequest, ok } from '../lib/envelope.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { assertLots } from '../resource/lot-scope.ts';
import { idParams } from '../resource/define.ts';
import { PLATE_MESSAGE, PLATE_RE } from '../../domain/field-rules.ts';
import { plateQuery } from '../entities/parking-orders.ts';
import { findLane } from '../orders/lanes.ts';
import { entryCameraSees } from '../public/unplated.ts';

/** 车道管理 › 模拟入场: the entry camera's simulated sight (`lane:barrier`, as 模拟到达). */
export function registerLaneEntryRoute(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.post(
    '/api/system/ParkingLane/:id/Actions/Enter',
    {
      schema: {
        params: idParams,
        body: Type.Object({ plateNo: Type.String({ title: '车牌', minLength: 1, maxLength: 12, 'x-msg': PLATE_MESSAGE }) }),
        summary: '模拟车牌识别：车辆从入口道闸驶入',
      },
      config: { access: { buttons: ['lane:barrier'] } },
    },
    async (req) => {
      const plateNo = plateQuery(req.body.plateNo);
      if (!PLATE_RE.test(plateNo)) throw badRequest(PLATE_MESSAGE);
      assertLots(req, (await findLane(db, req.params.id)).parkingId);
      const r = await entryCameraSees(db, req.params.id, plateNo, Date.now());
      return ok(r, r.waiting ? '无牌车已到达入口道闸，请车主扫描入口二维码入场' : `${plateNo}已入场`);
    },
  );
}
