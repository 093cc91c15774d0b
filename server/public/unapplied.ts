import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { ApiError, badRequest } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { operatorOf } from '../lib/operator.ts';
import { assertLots, lotsOf } from '../resource/lot-scope.ts';
import { yuan } from '../../domain/money.ts';
import { chinaIso } from '../../domain/china-time.ts';

/**
 * 未入账支付: money a driver paid from a phone or a collector's handheld that could be applied to
 * nothing (the car left paid before the notify, a debt paid meanwhile at the desk): the payment's
 * `unapplied_cents` (migration 029), counted by the finance ledger as money held ('unapplied', 'in')
 * until the console gives it back once: a conditional update from refund_state 0 whose row count is
 * checked, the ledger's 'refund' at `refunded_at`, the operation log saying who, when and why.
 */

export const UNAPPLIED_REFUND_BUTTON = 'refund:approve';

export interface UnappliedRow {
  outTradeNo: string;
  orderNo: string;
  plateNo: string;
  parkingId: string;
  parkingName: string;
  channel: number;
  amountCents: number;
  unappliedCents: number;
  paidAt: number | null;
  outcome: string;
  refundState: number;
  refundedAt: number | null;
  refundOperator: string;
  refundReason: string;
}

/** The payments holding unapplied money: to refund (state 0), refunded (1), or both; newest first, in the caller's lots. */
export async function listUnapplied(
  db: Db,
  req: FastifyRequest,
  q: { refundState?: number; parkingId?: string; page?: number; perPage?: number },
): Promise<{ items: UnappliedRow[]; total: number; unappliedCents: number }> {
  const lots = lotsOf(req);
  const where = ["p.status = 'paid'", 'p.unapplied_cents > 0'];
  const params: unknown[] = [];
  if (q.refundState === 0 || q.refundState === 1) where.push(`p.refund_state = $${params.push(q.refundState)}`);
  if (q.parkingId) where.push(`o.parking_id = $${params.push(q.parkingId)}`);
  if (lots) where.push(`o.parking_id = any($${params.push(lots)}::text[])`);
  const from = `from public_payment p join parking_order o on o.id = p.order_id left join parking l on l.id = o.parking_id where ${where.join(' and ')}`;
  const perPage = Math.min(Math.max(q.perPage ?? 20, 1), 100);
  const offset = (Math.max(q.page ?? 1, 1) - 1) * perPage;
  const [{ rows }, sum] = await Promise.all([
    db.query<Record<string, unknown>>(
      `select p.out_trade_no, o.order_no, o.plate_no, o.parking_id, coalesce(l.parking_name, '') as parking_name, p.channel,
              p.amount_cents, p.unapplied_cents, p.paid_at, p.outcome, p.refund_state, p.refunded_at, p.refund_operator, p.refund_reason
         ${from} order by p.paid_at desc, p.out_trade_no limit ${perPage} offset ${offset}`,
      params,
    ),
    db.query<{ n: number; cents: string | null }>(`select count(*)::int as n, sum(p.unapplied_cents) as cents ${from}`, params),
  ]);
  return {
    total: Number(sum.rows[0].n),
    unappliedCents: Number(sum.rows[0].cents ?? 0),
    items: rows.map((r) => ({
      outTradeNo: String(r.out_trade_no),
      orderNo: String(r.order_no),
      plateNo: String(r.plate_no),
      parkingId: String(r.parking_id),
      parkingName: String(r.parking_name),
      channel: Number(r.channel),
      amountCents: Number(r.amount_cents),
      unappliedCents: Number(r.unapplied_cents),
      paidAt: r.paid_at ? (r.paid_at as Date).getTime() : null,
      outcome: String(r.outcome),
      refundState: Number(r.refund_state),
      refundedAt: r.refunded_at ? (r.refunded_at as Date).getTime() : null,
      refundOperator: String(r.refund_operator),
      refundReason: String(r.refund_reason),
    })),
  };
}

/**
 * Gives back the unapplied part of payment `outTradeNo`, once: the row moves from refund_state 0 to 1
 * by a conditional update whose count is checked; any other caller (a retry, a second click, another
 * operator) finds it refunded and is told by whom and when, and nothing moves twice.
 */
export async function refundUnapplied(
  db: Db,
  req: FastifyRequest,
  outTradeNo: string,
  reason: string,
): Promise<{ outTradeNo: string; refundedCents: number; refundedAt: number }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ parking_id: string; status: string; unapplied_cents: string; channel: number }>(
      `select o.parking_id, p.status, p.unapplied_cents, p.channel from public_payment p join parking_order o on o.id = p.order_id
        where p.out_trade_no = $1`,
      [outTradeNo],
    );
    if (!rows[0]) throw new ApiError(404, '支付单不存在');
    assertLots(req, rows[0].parking_id);
    const operator = operatorOf(req, '系统');
    const done = await tx.query<{ unapplied_cents: string; refunded_at: Date }>(
      `update public_payment set refund_state = 1, refunded_at = now(), refund_operator = $2, refund_reason = $3
        where out_trade_no = $1 and status = 'paid' and unapplied_cents > 0 and refund_state = 0
        returning unapplied_cents, refunded_at`,
      [outTradeNo, operator, reason],
    );
    if (done.rowCount !== 1) {
      const { rows: now } = await tx.query<{ refund_state: number; refunded_at: Date | null; refund_operator: string }>(
        'select refund_state, refunded_at, refund_operator from public_payment where out_trade_no = $1',
        [outTradeNo],
      );
      const r = now[0];
      if (r && Number(r.refund_state) === 1)
        throw badRequest(
          `该笔未入账款项已于${chinaIso(r.refunded_at!.getTime()).slice(0, 19).replace('T', ' ')}由${r.refund_operator}退回，不能重复退款`,
        );
      throw badRequest('该支付没有待退回的未入账款项');
    }
    const cents = Number(done.rows[0].unapplied_cents);
    await writeOperLog(tx, req, {
      action: 'status',
      module: 'refund',
      recordId: outTradeNo,
      detail: `退回未入账支付${outTradeNo}：${yuan(cents)}元原路退回车主；原因：${reason}`,
    });
    return { outTradeNo, refundedCents: cents, refundedAt: done.rows[0].refunded_at.getTime() };
  });
}
