import type { Db } from '../db/database.ts';
import { lockRow } from '../db/lock-row.ts';
import { insertPaymentRow, PAYMENT_PURPOSE } from './payment-row.ts';
import type { FeeBill, FeeCover } from '../fees/types.ts';
import { redeemCoupons } from '../coupons/redeem.ts';
import { leaveGroup } from '../cards/group-slots.ts';
import { ORDER_STATE, type OrderState } from '../../domain/parking-codes.ts';
import { type OrderEvent, transition } from './state-machine.ts';

/**
 * Settlement: the one code that takes a car's order out of the lot at the barrier (the traffic
 * simulator today; the public pay page and the collector's handheld next). It locks the order,
 * reads it again under the lock, asks the caller for the bill of the stay as it now is, moves the
 * order through its machine and checks that every write touched the rows it meant to: an order
 * closed, settled or paid meanwhile is left as it is, with no coupon used and no payment recorded.
 * The console's after-the-fact actions (close by hand, waive, …) are orders/order-actions.ts, under
 * the same lock and the same guarded write (`writeOrderState`).
 */

/** An order still in the lot, as read under its lock. */
export interface OpenOrder {
  id: string;
  orderNo: string;
  parkingId: string;
  state: OrderState;
  plateNo: string;
  plateColor: number | null;
  carClass: number;
  entryTime: Date;
  spaceNo: string;
  collector: string;
  paidCents: number;
}

/** A payment taken at the exit: it must be what the stay owes. */
export interface ExitPayment {
  channel: number;
  amountCents: number;
  serialNo: string;
  operator: string;
}

/** What the caller decided for the exit, from the order read under the lock. */
export interface ExitPlan {
  /** null: nothing to charge (no rule, a whitelisted car) */
  bill: FeeBill | null;
  cover: FeeCover[];
  laneId: string | null;
  /** the payment taken now; none: the car leaves owing what the bill says (or nothing) */
  payment: ExitPayment | null;
  /** the words the coupon's use is recorded with */
  redeemNote?: string;
}

export type Settled = { settled: true; orderId: string; state: OrderState; dueCents: number } | { settled: false; reason: string };

const IN_LOT: readonly OrderState[] = [ORDER_STATE.IN_PARK, ORDER_STATE.PAID_IN_PARK];

/** Order `id` if it is still in the lot, locked until the transaction ends; null when it is not (or none). */
export async function lockOpenOrder(tx: Db, id: string): Promise<OpenOrder | null> {
  const r = await lockRow(tx, 'parkingOrder', id);
  if (!r || r.exitTime !== null || !IN_LOT.includes(Number(r.state) as OrderState)) return null;
  return {
    id: r.id,
    orderNo: r.orderNo,
    parkingId: r.parkingId,
    state: Number(r.state) as OrderState,
    plateNo: r.plateNo,
    plateColor: r.plateColor === null ? null : Number(r.plateColor),
    carClass: Number(r.carClass),
    entryTime: r.entryTime,
    spaceNo: r.spaceNo,
    collector: r.collector,
    paidCents: Number(r.paidCents),
  };
}

/** The exit's event: paid now or before and owing nothing, free, or leaving owing. */
function exitEvent(o: OpenOrder, dueCents: number, payment: ExitPayment | null): OrderEvent {
  if (payment) return 'exitPaid';
  if (dueCents > 0) return 'exitUnpaid';
  return o.state === ORDER_STATE.PAID_IN_PARK || o.paidCents > 0 ? 'exitPaid' : 'exitFree';
}

/**
 * An update of one order that must find it as it was read (`from`): any other count means the
 * lock did not hold, and the transaction is undone rather than writing over someone else's change.
 */
export async function writeOrderState(tx: Db, id: string, from: OrderState, set: string, params: readonly unknown[]): Promise<void> {
  const moved = await tx.query(`update parking_order set ${set}, last_modify_time = now() where id = $1 and state = $2`, [
    id,
    from,
    ...params,
  ]);
  if (moved.rowCount !== 1) throw new Error(`order ${id} was not in state ${from} under its lock`);
}

/** The kerb space order `id` held, if any, is free again (the order has left). */
export async function freeSpace(tx: Db, id: string): Promise<void> {
  await tx.query(
    `update parking_space s set status = 0, plate_no = '', plate_color = null, last_modify_time = now()
       from parking_order o
      where o.id = $1 and o.space_no <> '' and s.parking_id = o.parking_id and s.space_no = o.space_no and s.plate_no = o.plate_no`,
    [id],
  );
}

/** Settles order `orderId` at `at` (ms) with the plan `decide` makes from it under the lock. */
export async function settleExit(
  db: Db,
  orderId: string,
  at: number,
  decide: (tx: Db, o: OpenOrder) => Promise<ExitPlan>,
): Promise<Settled> {
  return db.transaction(async (tx) => {
    const o = await lockOpenOrder(tx, orderId);
    if (!o) return { settled: false, reason: '订单已离场或已结束' };
    const plan = await decide(tx, o);
    const bill = plan.bill;
    const receivable = bill?.totalCents ?? 0;
    const discount = bill?.discountCents ?? 0;
    const dueCents = Math.max(0, receivable - discount - o.paidCents);
    if (plan.payment && plan.payment.amountCents !== dueCents)
      return { settled: false, reason: `支付金额${plan.payment.amountCents}分与应付${dueCents}分不符` };
    const t = transition(o.state, exitEvent(o, dueCents, plan.payment));
    if (!t.ok) return { settled: false, reason: t.msg };
    const paid = o.paidCents + (plan.payment?.amountCents ?? 0);
    await writeOrderState(
      tx,
      o.id,
      o.state,
      `exit_time = to_timestamp($3 / 1000.0), exit_lane_id = $4, state = $5, receivable_cents = $6, discount_cents = $7,
       paid_cents = $8, owed_cents = $9, pay_channel = case when $10::int > 0 then $10::int else pay_channel end,
       pay_time = case when $10::int > 0 then to_timestamp($3 / 1000.0) else pay_time end, rule_id = $11, rule_version = $12,
       fee_lines = $13, card_cover = $14`,
      [
        at,
        plan.laneId,
        t.to,
        receivable,
        discount,
        paid,
        Math.max(0, receivable - discount - paid),
        plan.payment?.channel ?? 0,
        bill?.ruleId ?? null,
        bill?.version ?? null,
        JSON.stringify(bill?.lines ?? []),
        plan.cover.length ? JSON.stringify(plan.cover) : null,
      ],
    );
    // the coupon is used: the order's coupon row, the merchant pays what it took off
    if (bill?.discounts.length)
      await redeemCoupons(
        tx,
        { id: o.id, parkingId: o.parkingId, plateNo: o.plateNo },
        bill.discounts,
        new Date(at),
        plan.redeemNote ?? '出口收费',
      );
    if (plan.payment) {
      const p = plan.payment;
      await insertPaymentRow(tx, { orderId: o.id, parkingId: o.parkingId, ...p, at, purpose: PAYMENT_PURPOSE.stay });
    }
    await freeSpace(tx, o.id);
    // a group card's slot it held goes to the plate waiting longest (a no-op when already left)
    await leaveGroup(tx, o.id, at);
    return { settled: true, orderId: o.id, state: t.to, dueCents };
  });
}

/**
 * A stay paid while the car is still in the lot (a receipt's QR, the collector's handheld): the
 * order, locked, moves IN_PARK → PAID_IN_PARK by the machine's payInPark, with the stay priced as
 * the payer saw it (`decide`); the payment must be exactly what it owes. The exit later finds it
 * paid (inside the rule's grace it owes nothing more) through settleExit.
 */
export async function payInPark(
  db: Db,
  orderId: string,
  at: number,
  decide: (tx: Db, o: OpenOrder) => Promise<{ bill: FeeBill | null; payment: ExitPayment }>,
): Promise<Settled> {
  return db.transaction(async (tx) => {
    const o = await lockOpenOrder(tx, orderId);
    if (!o) return { settled: false, reason: '订单已离场或已结束' };
    const { bill, payment } = await decide(tx, o);
    const receivable = bill?.totalCents ?? 0;
    const discount = bill?.discountCents ?? 0;
    const dueCents = Math.max(0, receivable - discount - o.paidCents);
    if (payment.amountCents !== dueCents || dueCents === 0)
      return { settled: false, reason: `支付金额${payment.amountCents}分与应付${dueCents}分不符` };
    // paid again after the grace ran out: the order is back IN_PARK and pays what the longer stay adds
    const t = o.state === ORDER_STATE.PAID_IN_PARK ? transition(o.state, 'graceExpired') : null;
    const from = t?.ok ? t.to : o.state;
    const paid = transition(from, 'payInPark');
    if (!paid.ok) return { settled: false, reason: paid.msg };
    await writeOrderState(
      tx,
      o.id,
      o.state,
      `state = $3, receivable_cents = $4, discount_cents = $5, paid_cents = $6, owed_cents = 0, pay_channel = $7,
       pay_time = to_timestamp($8 / 1000.0), rule_id = $9, rule_version = $10, fee_lines = $11`,
      [
        paid.to,
        receivable,
        discount,
        o.paidCents + payment.amountCents,
        payment.channel,
        at,
        bill?.ruleId ?? null,
        bill?.version ?? null,
        JSON.stringify(bill?.lines ?? []),
      ],
    );
    await insertPaymentRow(tx, { orderId: o.id, parkingId: o.parkingId, ...payment, at, purpose: PAYMENT_PURPOSE.stay });
    return { settled: true, orderId: o.id, state: paid.to, dueCents };
  });
}
