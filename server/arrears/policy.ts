import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { lotsOf } from '../resource/lot-scope.ts';
import { HUNT_SCOPE, OPEN_STATUSES } from '../../domain/arrears-codes.ts';
import { type ArrearsPolicy, loadPolicy } from './create.ts';
import { operatorOf } from '../lib/operator.ts';

/** The recovery policy (one row) and what it means at an exit: the plate's open debts within the hunt's scope. */

export async function savePolicy(db: Db, req: FastifyRequest, p: ArrearsPolicy): Promise<ArrearsPolicy> {
  return db.transaction(async (tx) => {
    const before = await loadPolicy(tx);
    const by = operatorOf(req);
    await tx.query(
      `update arrears_policy set delay_hours = $1, hunt_scope = $2, block_entry = $3, show_on_exit = $4, modified_by = $5,
              last_modify_time = now() where id = 1`,
      [p.delayHours, p.huntScope, p.blockEntry, p.showOnExit, by],
    );
    const yesNo = (b: boolean) => (b ? '是' : '否');
    await writeOperLog(tx, req, {
      action: 'update',
      module: 'arrearsPolicy',
      recordId: '1',
      detail:
        `追缴策略：转欠费时限${before.delayHours}→${p.delayHours}小时，追缴范围${HUNT_SCOPE[before.huntScope]}→${HUNT_SCOPE[p.huntScope]}，` +
        `入场拦截${yesNo(before.blockEntry)}→${yesNo(p.blockEntry)}，出场提示${yesNo(before.showOnExit)}→${yesNo(p.showOnExit)}`,
    });
    return loadPolicy(tx);
  });
}

/** Whether a plate owes money still being collected (the entry barrier's check when the policy blocks). */
export async function hasOpenDebts(db: Db, plateNo: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from arrears_record where plate_no = $1 and status = any($2) limit 1', [
    plateNo,
    OPEN_STATUSES,
  ]);
  return rows.length > 0;
}

export interface OpenDebt {
  id: string;
  orderNo: string;
  parkingId: string;
  parkingName: string;
  exitTime: Date;
  owedCents: number;
  status: number;
}

/**
 * A plate's debts still to collect, as the exit bill shows them: none when the policy hides them;
 * from the exit's lot only (scope 1), the caller's lots (2: the operator's lots), or every lot (3).
 * With no lot named (the collector's handheld, the car not in), scope 1 reads the caller's lots.
 */
export async function openDebts(
  db: Db,
  req: FastifyRequest,
  plateNo: string,
  lotId: string | undefined,
): Promise<{ shown: boolean; blockEntry: boolean; totalCents: number; records: OpenDebt[] }> {
  const policy = await loadPolicy(db);
  if (!policy.showOnExit) return { shown: false, blockEntry: policy.blockEntry, totalCents: 0, records: [] };
  const lots = policy.huntScope === 1 ? (lotId ? [lotId] : lotsOf(req)) : policy.huntScope === 2 ? lotsOf(req) : null;
  let debts = db.kysely
    .selectFrom('arrearsRecord as a')
    .innerJoin('parking as p', 'p.id', 'a.parkingId')
    .select(['a.id', 'a.orderNo', 'a.parkingId', 'p.parkingName', 'a.exitTime', 'a.owedCents', 'a.status'])
    .where('a.plateNo', '=', plateNo)
    .where('a.status', '=', (eb) => eb.fn.any(eb.val([...OPEN_STATUSES])))
    .orderBy('a.exitTime');
  if (lots) debts = debts.where('a.parkingId', '=', (eb) => eb.fn.any(eb.val(lots)));
  const records = (await debts.execute()).map((r) => ({
    id: r.id,
    orderNo: r.orderNo,
    parkingId: r.parkingId,
    parkingName: r.parkingName,
    exitTime: r.exitTime,
    owedCents: Number(r.owedCents),
    status: Number(r.status),
  }));
  return { shown: true, blockEntry: policy.blockEntry, totalCents: records.reduce((s, r) => s + r.owedCents, 0), records };
}
