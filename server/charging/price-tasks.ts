import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { chargingPiles } from '../entities/charging-piles.ts';
import { badRequest, notFound } from '../lib/envelope.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { lotsOf, outOfScope, scopeCondition } from '../resource/lot-scope.ts';
import type { AnyDb } from '../resource/spec.ts';
import { PRICE_TASK_STATUS } from '../../domain/charging-codes.ts';

/**
 * A pile's side of a price-change task (§9.2, yuncitys 调价任务): an online pile takes the new
 * template version and acknowledges; an offline one does not answer and the row fails, to be
 * retried by an operator.
 */
export async function answerPriceTasks(db: Db, at: Date): Promise<void> {
  await db.query(
    `with waiting as (
       select tp.task_id, tp.pile_id, t.price_id, t.version,
              (p.enabled_mark = 1 and coalesce(p.last_heartbeat > $1::timestamptz - make_interval(secs => p.heartbeat_interval * 3), false)) as online
         from charging_price_task_pile tp join charging_price_task t on t.id = tp.task_id join charging_pile p on p.id = tp.pile_id
        where tp.status = 0
     ), answered as (
       update charging_price_task_pile tp set status = case when w.online then 1 else 2 end, respond_time = $1,
              message = case when w.online then '充电桩已确认' else '充电桩离线，未响应' end
         from waiting w where tp.task_id = w.task_id and tp.pile_id = w.pile_id
       returning tp.pile_id, tp.status, w.price_id, w.version
     )
     update charging_pile p set price_id = a.price_id, price_version = a.version, last_modify_time = $1
       from answered a where a.pile_id = p.id and a.status = 1`,
    [at],
  );
}

/**
 * Price changes reach piles as tasks (§9.2): one row per pile waiting for its acknowledgement,
 * done or failed; failed rows can be retried (routes/charging-price-tasks.ts serves them).
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

/** Sends price template `id` to `pileIds` as a new task; answers the task's id. */
export async function applyPriceTemplate(db: Db, req: FastifyRequest, id: string, pileIds: string[]): Promise<string> {
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
  return taskId;
}

/** The tasks of template `priceId`, a row per pile the caller may see, newest first (500 at most). */
/** A pile's price task answered 失败 (PRICE_TASK_STATUS): the one state retryPriceTask sends again. */
const PILE_FAILED = 2;

export async function priceTaskRows(db: Db, req: FastifyRequest, priceId: string) {
  const piles = await scopedPiles(db, req);
  const { rows } = await db.query<{
    taskId: string;
    version: number;
    createBy: string;
    createTime: Date;
    pileId: string;
    pileNo: string;
    status: number;
    attempts: number;
    message: string;
    respondTime: Date | null;
  }>(
    `select t.id as "taskId", t.version, t.create_by as "createBy", t.create_time as "createTime",
            p.id as "pileId", p.pile_no as "pileNo", tp.status, tp.attempts, tp.message, tp.respond_time as "respondTime"
       from charging_price_task t join charging_price_task_pile tp on tp.task_id = t.id join charging_pile p on p.id = tp.pile_id
      where t.price_id = $1 and ($2::text[] is null or p.id = any($2::text[])) order by t.create_time desc, p.pile_no limit 500`,
    [priceId, piles],
  );
  return rows.map((r) => ({
    ...r,
    createTime: new Date(r.createTime).getTime(),
    respondTime: r.respondTime ? new Date(r.respondTime).getTime() : null,
    statusName: PRICE_TASK_STATUS[r.status],
    // what may be done with the row now: the page shows 重试 by it, not by the state's number
    actions: Number(r.status) === PILE_FAILED ? ['retry'] : [],
  }));
}

/** Sends task `id` again to its failed piles the caller may change; answers how many. */
export function retryPriceTask(db: Db, req: FastifyRequest, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    const mine = await scopedPiles(tx, req, true);
    const { rows } = await tx.query<{ pile_id: string }>(
      `update charging_price_task_pile set status = 0, attempts = attempts + 1, message = '', respond_time = null
        where task_id = $1 and status = $3 and ($2::text[] is null or pile_id = any($2::text[])) returning pile_id`,
      [id, mine, PILE_FAILED],
    );
    if (!rows.length && mine) {
      const { rows: failed } = await tx.query('select 1 from charging_price_task_pile where task_id = $1 and status = $2 limit 1', [
        id,
        PILE_FAILED,
      ]);
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
}

/** The archived versions of template `id`, newest first. */
export async function priceVersions(db: Db, id: string) {
  const { rows } = await db.query<{ version: number; snapshot: unknown; archivedBy: string; archiveTime: Date }>(
    `select version, snapshot, archived_by as "archivedBy", archive_time as "archiveTime"
       from charging_price_version where price_id = $1 order by version desc`,
    [id],
  );
  return rows.map((r) => ({ ...r, archiveTime: new Date(r.archiveTime).getTime() }));
}
