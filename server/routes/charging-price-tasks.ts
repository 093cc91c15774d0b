import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import { chargingPiles } from '../entities/charging-piles.ts';
import { badRequest, notFound, ok } from '../lib/envelope.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { idParams } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { lotsOf, outOfScope, scopeCondition } from '../resource/lot-scope.ts';
import type { AnyDb } from '../resource/spec.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { PRICE_TASK_STATUS } from '../../domain/charging-codes.ts';

/**
 * Price changes reach piles as tasks (§9.2): one row per pile waiting for its acknowledgement,
 * done or failed; failed rows can be retried. A template's archived versions are listed too.
 */

/**
 * The piles a lot-restricted caller may see (or with `change`, change): a task spans the piles of
 * any lots, and each caller sees and retries only its own. Null when unrestricted.
 */
async function scopedPiles(db: Db, req: FastifyRequest, change = false): Promise<string[] | null> {
  const lots = lotsOf(req);
  if (!lots) return null;
  const rows = await (db.kysely as AnyDb)
    .selectFrom('chargingPile')
    .select('id')
    .where(scopeCondition('chargingPile', chargingPiles.spec.lot!, lots, change))
    .execute();
  return rows.map((r) => r.id);
}

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
      const { id } = req.params;
      const pileIds = [...new Set(req.body.pileIds)];
      const taskId = newId('cpt');
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ price_name: string; version: number; enabled_mark: number }>(
          'select price_name, version, enabled_mark from charging_price where id = $1',
          [id],
        );
        if (!rows[0]) throw notFound();
        if (rows[0].enabled_mark !== 1) throw badRequest('电价模板已停用，不能下发');
        const found = await tx.query<{ id: string }>('select id from charging_pile where id = any($1::text[])', [pileIds]);
        const missing = pileIds.filter((p) => !found.rows.some((r) => r.id === p));
        if (missing.length) throw badRequest(`充电桩不存在: ${missing.join(',')}`);
        // a template sent to a pile reaches its lot's sessions: every pile must be the caller's to change
        const mine = await scopedPiles(tx, req, true);
        if (mine && pileIds.some((p) => !mine.includes(p))) throw outOfScope();
        await tx.query('insert into charging_price_task (id, price_id, version, create_by) values ($1, $2, $3, $4)', [
          taskId,
          id,
          rows[0].version,
          req.auth?.account ?? '',
        ]);
        await tx.query('insert into charging_price_task_pile (task_id, pile_id) select $1, unnest($2::text[])', [taskId, pileIds]);
        await writeOperLog(tx, req, {
          action: 'update',
          module: 'chargingPrice',
          recordId: id,
          detail: `${rows[0].price_name} V${rows[0].version} 下发到${pileIds.length}个充电桩`,
        });
      });
      return ok({ id: taskId }, '调价任务已创建，等待充电桩响应');
    },
  );

  app.get(
    '/api/charging/PriceTask',
    { schema: { querystring: Type.Object({ priceId: Type.String({ title: '电价模板', maxLength: 64 }) }) }, config: { access: view } },
    async (req) => {
      const { priceId } = req.query;
      const piles = await scopedPiles(db, req);
      const { rows } = await db.query<Record<string, unknown>>(
        `select t.id as "taskId", t.version, t.create_by as "createBy", t.create_time as "createTime",
                p.id as "pileId", p.pile_no as "pileNo", tp.status, tp.attempts, tp.message, tp.respond_time as "respondTime"
           from charging_price_task t join charging_price_task_pile tp on tp.task_id = t.id join charging_pile p on p.id = tp.pile_id
          where t.price_id = $1 and ($2::text[] is null or p.id = any($2::text[])) order by t.create_time desc, p.pile_no limit 500`,
        [priceId, piles],
      );
      const list = rows.map((r) => ({
        ...r,
        createTime: new Date(r.createTime as Date).getTime(),
        respondTime: r.respondTime ? new Date(r.respondTime as Date).getTime() : null,
        statusName: PRICE_TASK_STATUS[r.status as number],
      }));
      return ok({ list, pagination: { currentPage: 1, pageSize: list.length, total: list.length } });
    },
  );

  app.post(
    '/api/charging/PriceTask/:id/Actions/Retry',
    { schema: { params: idParams, body: Type.Object({}) }, config: { access: apply } },
    async (req) => {
      const { id } = req.params;
      const n = await db.transaction(async (tx) => {
        const mine = await scopedPiles(tx, req, true);
        const { rows } = await tx.query<{ pile_id: string }>(
          `update charging_price_task_pile set status = 0, attempts = attempts + 1, message = '', respond_time = null
            where task_id = $1 and status = 2 and ($2::text[] is null or pile_id = any($2::text[])) returning pile_id`,
          [id, mine],
        );
        if (!rows.length && mine) {
          const { rows: failed } = await tx.query('select 1 from charging_price_task_pile where task_id = $1 and status = 2 limit 1', [id]);
          if (failed.length) throw outOfScope();
        }
        if (!rows.length) throw badRequest('该任务没有失败的充电桩，无需重试');
        await writeOperLog(tx, req, {
          action: 'update',
          module: 'chargingPrice',
          recordId: id,
          detail: `调价任务重试${rows.length}个充电桩`,
        });
        return rows.length;
      });
      return ok({ count: n }, `已重新下发到${n}个充电桩`);
    },
  );

  app.get('/api/charging/Price/:id/Versions', { schema: { params: idParams }, config: { access: view } }, async (req) => {
    const { id } = req.params;
    const { rows } = await db.query<Record<string, unknown>>(
      `select version, snapshot, archived_by as "archivedBy", archive_time as "archiveTime"
         from charging_price_version where price_id = $1 order by version desc`,
      [id],
    );
    const list = rows.map((r) => ({ ...r, archiveTime: new Date(r.archiveTime as Date).getTime() }));
    return ok({ list, pagination: { currentPage: 1, pageSize: list.length, total: list.length } });
  });
}
