import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { lockRow } from '../db/lock-row.ts';
import { chargingOrders } from '../entities/charging-orders.ts';
import { badRequest, notFound } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { newId } from '../lib/ids.ts';
import { assertRecordLot, canSee, outOfScope } from '../resource/lot-scope.ts';
import { ORDER_STATE_LABELS, PAY_STATUS, STOP_REASON } from '../../domain/charging-codes.ts';
import { yuan } from '../../domain/money.ts';
import { type ChargingAction, chargingActionRefusal, chargingTransition, payStatusAfterRefund } from './order-machine.ts';
import { finishSession } from './sessions.ts';

/**
 * The actions on a charging order (§9.3, SteVe #235): remote stop asks the pile and waits for it;
 * administrative close ends the record without the pile (audited, with a reason); an abnormal
 * order is settled with a final amount; a refund gives back part of what was paid. Each checks the
 * state on the server and changes nothing when the order is not in a state that allows it
 * (routes/charging-order-actions.ts serves them).
 */

interface OrderRow {
  id: string;
  orderNo: string;
  stationId: string;
  state: number;
  totalCents: number;
  paidCents: number;
  refundCents: number;
}

const lot = chargingOrders.spec.lot!;

/** The order, locked; with `req`, refused (403) when its station's lot is not the caller's to change. */
async function lockOrder(tx: Db, id: string, req?: FastifyRequest): Promise<OrderRow> {
  const r = await lockRow(tx, 'chargingOrder', id);
  if (!r) throw notFound();
  if (req) await assertRecordLot(tx, req, lot, { stationId: r.stationId });
  return {
    id: r.id,
    orderNo: r.orderNo,
    stationId: r.stationId,
    state: Number(r.state),
    totalCents: Number(r.totalCents),
    paidCents: Number(r.paidCents),
    refundCents: Number(r.refundCents),
  };
}

const stateWord = (s: number): string => ORDER_STATE_LABELS[s] ?? String(s);

/** Refuses an action the order's state (and money) does not allow: the machine's message, nothing changed. */
function assertAllowed(o: OrderRow, action: ChargingAction): void {
  const refused = chargingActionRefusal({ state: o.state, paidCents: o.paidCents, refundCents: o.refundCents }, action);
  if (refused) throw badRequest(refused);
}

/** The state an event leads to from the order's (assertAllowed ran first). */
function next(o: OrderRow, event: Parameters<typeof chargingTransition>[1]): number {
  const t = chargingTransition(o.state, event);
  if (!t.ok) throw badRequest(t.msg);
  return t.to;
}

const audit = (tx: Db, req: FastifyRequest, o: OrderRow, detail: string) =>
  writeOperLog(tx, req, { action: 'status', module: 'chargingOrder', recordId: o.id, detail: `${o.orderNo} ${detail}` });

/** The order's meter readings, oldest first: power, voltage, current, state of charge, energy since the start. */
export async function chargingCurve(db: Db, req: FastifyRequest, id: string) {
  const order = await db.query<{ station_id: string }>('select station_id from charging_order where id = $1', [id]);
  if (order.rows[0] && !(await canSee(db, req, lot, { stationId: order.rows[0].station_id }))) throw outOfScope();
  const { rows } = await db.query<{
    at: Date;
    energy_wh: string;
    power_w: number;
    voltage_dv: number;
    current_da: number;
    soc: number | null;
    start: string;
  }>(
    `select m.at, m.energy_wh - o.meter_start_wh as energy_wh, m.power_w, m.voltage_dv, m.current_da, m.soc
       from charging_meter m join charging_order o on o.id = m.order_id where m.order_id = $1 order by m.at`,
    [id],
  );
  return rows.map((r) => ({
    at: new Date(r.at).getTime(),
    powerKw: r.power_w / 1000,
    voltage: r.voltage_dv / 10,
    current: r.current_da / 10,
    soc: r.soc,
    energyKwh: Number(r.energy_wh) / 1000,
  }));
}

/** Remote stop: the order waits for the pile's answer (stopping). */
export function stopChargingOrder(db: Db, req: FastifyRequest, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    const o = await lockOrder(tx, id, req);
    assertAllowed(o, 'stop');
    await tx.query('update charging_order set state = $2, stop_request_time = now(), last_modify_time = now() where id = $1', [
      id,
      next(o, 'stopRequested'),
    ]);
    await audit(tx, req, o, `远程停止：${stateWord(o.state)}→停止中，等待充电桩响应`);
  });
}

/** Administrative close: the session ends without the pile, audited with `why`. */
export function closeChargingOrder(db: Db, req: FastifyRequest, id: string, why: string): Promise<void> {
  return db.transaction(async (tx) => {
    const o = await lockOrder(tx, id, req);
    assertAllowed(o, 'close');
    // the pile is not asked: its connector keeps the status it last reported
    await finishSession(tx, id, new Date(), STOP_REASON.adminClose, { event: 'closed', gunStatus: null });
    const after = await lockOrder(tx, id);
    await tx.query('update charging_order set handle_by = $2, handle_reason = $3 where id = $1', [id, req.auth?.account ?? '', why]);
    await audit(tx, req, o, `管理员关闭：${stateWord(o.state)}→已完成，金额${yuan(after.totalCents)}元；原因：${why}`);
  });
}

/** An abnormal order settled at `amountCents`, paid. */
export function settleChargingOrder(db: Db, req: FastifyRequest, id: string, amountCents: number, why: string): Promise<void> {
  return db.transaction(async (tx) => {
    const o = await lockOrder(tx, id, req);
    assertAllowed(o, 'settle');
    await tx.query(
      `update charging_order set state = $5, total_cents = $2, paid_cents = $2, pay_status = $6, handle_by = $3, handle_reason = $4,
          pay_time = now(), pay_channel = case when pay_channel = 0 then 1 else pay_channel end, last_modify_time = now() where id = $1`,
      [id, amountCents, req.auth?.account ?? '', why, next(o, 'settled'), PAY_STATUS.paid],
    );
    await audit(tx, req, o, `异常结算：异常→异常已处理，金额${yuan(o.totalCents)}→${yuan(amountCents)}元；原因：${why}`);
  });
}

/** Part of what was paid given back (never more than is left). */
export function refundChargingOrder(db: Db, req: FastifyRequest, id: string, amountCents: number, why: string): Promise<void> {
  return db.transaction(async (tx) => {
    const o = await lockOrder(tx, id, req);
    assertAllowed(o, 'refund');
    const refundable = o.paidCents - o.refundCents;
    if (amountCents <= 0) throw badRequest('退款金额须大于0');
    if (amountCents > refundable) throw badRequest(`退款金额不能超过可退金额${yuan(refundable)}元`);
    const refunded = o.refundCents + amountCents;
    await tx.query(`update charging_order set refund_cents = $2, pay_status = $3, last_modify_time = now() where id = $1`, [
      id,
      refunded,
      payStatusAfterRefund(refunded, o.paidCents),
    ]);
    // the dated row finance counts (the order keeps only the running total)
    await tx.query(
      `insert into charging_refund (id, order_id, parking_id, channel, amount_cents, operator, reason)
       select $1, id, parking_id, greatest(pay_channel, 1), $2, $3, $4 from charging_order where id = $5`,
      [newId('crf'), amountCents, req.auth?.account ?? '', why, id],
    );
    await audit(tx, req, o, `退款${yuan(amountCents)}元，累计退款${yuan(o.refundCents)}→${yuan(refunded)}元；原因：${why}`);
  });
}
