import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import { ok } from '../lib/envelope.ts';
import { idParams } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { applyPriceTemplate, priceTaskRows, priceVersions, retryPriceTask } from '../charging/price-tasks.ts';

/**
 * Price changes reach piles as tasks (§9.2, charging/price-tasks.ts): sending a template, the tasks
 * per pile, retrying the failed ones. A template's archived versions are listed too.
 */

const page = <T>(list: T[]) => ({ list, pagination: { currentPage: 1, pageSize: list.length, total: list.length } });

export function registerChargingPriceTasks(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const apply = { buttons: ['chargingPrice:apply'] };
  const view = { menus: ['chargingPrice'] };

  app.post(
    '/api/charging/Price/:id/Actions/Apply',
    {
      schema: { params: idParams, body: Type.Object({ pileIds: { ...f.ids('充电桩'), minItems: 1, 'x-msg': '请选择充电桩' } }) },
      config: { access: apply },
    },
    async (req) => {
      const taskId = await applyPriceTemplate(db, req, req.params.id, [...new Set(req.body.pileIds)]);
      return ok({ id: taskId }, '调价任务已创建，等待充电桩响应');
    },
  );

  app.get(
    '/api/charging/PriceTask',
    { schema: { querystring: Type.Object({ priceId: Type.String({ title: '电价模板', maxLength: 64 }) }) }, config: { access: view } },
    async (req) => ok(page(await priceTaskRows(db, req, req.query.priceId))),
  );

  app.post(
    '/api/charging/PriceTask/:id/Actions/Retry',
    { schema: { params: idParams, body: Type.Object({}) }, config: { access: apply } },
    async (req) => {
      const n = await retryPriceTask(db, req, req.params.id);
      return ok({ count: n }, `已重新下发到${n}个充电桩`);
    },
  );

  app.get('/api/charging/Price/:id/Versions', { schema: { params: idParams }, config: { access: view } }, async (req) =>
    ok(page(await priceVersions(db, req.params.id))),
  );
}
