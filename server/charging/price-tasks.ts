import type { Db } from '../db/database.ts';

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
