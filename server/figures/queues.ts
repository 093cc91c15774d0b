import type { Db } from '../db/database.ts';
import type { LotScope } from '../resource/lot-scope.ts';
import { CARD_STATUS } from '../../domain/card-codes.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { REFUND_STATE, REFUND_STATUS } from '../../domain/refund-codes.ts';
import { type FigureWindow, lotFilter } from './window.ts';

/** What waits for someone: refunds by state, cards about to lapse, barriers lifted by hand. */

export interface RefundQueueRow {
  status: number;
  name: string;
  count: number;
  amountCents: number;
}

/** Refund requests not yet settled (applied, approved, refunding, failed), every one of those states present. */
export async function refundQueue(db: Db, lots: LotScope): Promise<RefundQueueRow[]> {
  const waiting = [REFUND_STATE.APPLIED, REFUND_STATE.APPROVED, REFUND_STATE.REFUNDING, REFUND_STATE.FAILED];
  const params: unknown[] = [waiting];
  const scope = lotFilter('parking_id', lots, params);
  const { rows } = await db.query<{ status: number; n: number; cents: string }>(
    `select status, count(*)::int as n, sum(amount_cents) as cents from parking_order_refund
      where status = any($1::smallint[])${scope} group by status`,
    params,
  );
  return waiting.map((status) => {
    const r = rows.find((x) => Number(x.status) === status);
    return { status, name: REFUND_STATUS[status], count: r?.n ?? 0, amountCents: Number(r?.cents ?? 0) };
  });
}

/** Monthly and group cards the status job marked as lapsing within EXPIRING_DAYS. */
export async function cardsExpiring(db: Db, lots: LotScope): Promise<{ month: number; group: number }> {
  const params: unknown[] = [CARD_STATUS.EXPIRING];
  const scope = lotFilter('parking_id', lots, params);
  const { rows } = await db.query<{ month: number; grp: number }>(
    `select (select count(*) from month_card where status = $1${scope})::int as month,
            (select count(*) from group_card where status = $1${scope})::int as grp`,
    params,
  );
  return { month: rows[0].month, group: rows[0].grp };
}

export interface ManualLift {
  orderNo: string;
  parkingName: string;
  laneName: string;
  collector: string;
  reason: string;
  /** epoch ms */
  at: number;
}

/** Barriers lifted by hand in the window (a manual release and its reason), the latest first. */
export async function manualLifts(db: Db, w: FigureWindow, limit = 20): Promise<{ count: number; list: ManualLift[] }> {
  const params: unknown[] = [w.from, w.to];
  const scope = lotFilter('o.parking_id', w.lots, params);
  const where = `o.state = ${ORDER_STATE.MANUAL_RELEASE} and o.exit_time >= to_timestamp($1 / 1000.0) and o.exit_time < to_timestamp($2 / 1000.0)${scope}`;
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from parking_order o where ${where}`, params);
  const list = await db.query<{ order_no: string; lot: string; lane: string | null; collector: string; reason: string; at: Date }>(
    `select o.order_no, p.parking_name as lot, l.lane_name as lane, o.collector, o.release_reason as reason, o.exit_time as at
       from parking_order o join parking p on p.id = o.parking_id left join parking_lane l on l.id = o.exit_lane_id
      where ${where} order by o.exit_time desc limit ${Math.max(1, Math.min(limit, 200))}`,
    params,
  );
  return {
    count: rows[0].n,
    list: list.rows.map((r) => ({
      orderNo: r.order_no,
      parkingName: r.lot,
      laneName: r.lane ?? '',
      collector: r.collector,
      reason: r.reason,
      at: new Date(r.at).getTime(),
    })),
  };
}
