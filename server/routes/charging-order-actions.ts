import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import {
  chargingCurve,
  closeChargingOrder,
  refundChargingOrder,
  settleChargingOrder,
  stopChargingOrder,
} from '../charging/order-actions.ts';
import type { Db } from '../db/database.ts';
import { ok } from '../lib/envelope.ts';
import { idParams } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';

/** The actions on a charging order, each behind its button (charging/order-actions.ts does them), and its meter curve. */

const reason = Type.String({ title: '原因', minLength: 1, maxLength: 200, 'x-msg': '请填写原因（200字以内）' });

export function registerChargingOrderActions(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  app.get(
    '/api/charging/Order/:id/Curve',
    { schema: { params: idParams }, config: { access: { menus: ['chargingOrder'] } } },
    async (req) => {
      const points = await chargingCurve(db, req, req.params.id);
      return ok({ rows: points, count: points.length });
    },
  );

  app.post(
    '/api/charging/Order/:id/Actions/Stop',
    { schema: { params: idParams, body: Type.Object({}) }, config: { access: { buttons: ['chargingOrder:stop'] } } },
    async (req) => {
      await stopChargingOrder(db, req, req.params.id);
      return ok(null, '已向充电桩发送停止指令，等待充电桩响应后订单结束');
    },
  );

  app.post(
    '/api/charging/Order/:id/Actions/Close',
    { schema: { params: idParams, body: Type.Object({ reason }) }, config: { access: { buttons: ['chargingOrder:close'] } } },
    async (req) => {
      await closeChargingOrder(db, req, req.params.id, req.body.reason);
      return ok(null, '订单已关闭（未经充电桩确认）');
    },
  );

  app.post(
    '/api/charging/Order/:id/Actions/Settle',
    {
      schema: { params: idParams, body: Type.Object({ amountCents: f.cents('结算金额'), reason }) },
      config: { access: { buttons: ['chargingOrder:settle'] } },
    },
    async (req) => {
      await settleChargingOrder(db, req, req.params.id, req.body.amountCents, req.body.reason);
      return ok(null, '异常订单已结算');
    },
  );

  app.post(
    '/api/charging/Order/:id/Actions/Refund',
    {
      schema: { params: idParams, body: Type.Object({ amountCents: f.cents('退款金额'), reason }) },
      config: { access: { buttons: ['chargingOrder:refund'] } },
    },
    async (req) => {
      await refundChargingOrder(db, req, req.params.id, req.body.amountCents, req.body.reason);
      return ok(null, '退款成功');
    },
  );
}
