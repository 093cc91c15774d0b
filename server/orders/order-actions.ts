import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { assertLots } from '../resource/lot-scope.ts';
import { type LockedOrder, lockOrder } from './order-lock.ts';
import { type Split, balanced, netPaid, waived, withReceivable } from './amounts.ts';
import { yuan } from '../../domain/money.ts';
import { type OrderEvent, amountEditable, hasLeft, refusal, stateAfterAmount, transition } from './state-machine.ts';
import { actionTable } from '../../domain/state-machine.ts';
import { recordOrder } from '../arrears/create.ts';
import { HELD_REFUND_STATES } from '../../domain/refund-codes.ts';
import { ORDER_STATE, type OrderState, STATE_LABEL } from '../../domain/parking-codes.ts';
import { leaveGroup } from '../cards/group-slots.ts';
import { operatorOf } from '../lib/operator.ts';
import { auditOrder, orderSnapshot } from './order-audit.ts';
import { freeSpace, writeOrderState } from './settlement.ts';

/**
 * The after-the-fact changes of an order (close by hand, change amount, waive, send to arrears,
 * apply for a refund). Each runs in one transaction: the order row locked, the state machine and
 * the split checked, the order written, one audit row (who, when, before, after, why) and one
 * operation-log row. A refusal answers a clear message and writes nothing.
 */

export type OrderAction = 'close' | 'changeAmount' | 'waive' | 'arrears' | 'refund';

export const ACTION_LABEL: Record<OrderAction, string> = {
  close: '手动结单',
  changeAmount: '调整金额',
  waive: '免单',
  arrears: '转欠费',
  refund: '申请退款',
};

/** The button each action needs (server/seed/menu-tree.ts, 停车订单). */
export const ACTION_BUTTON: Record<OrderAction, string> = {
  close: 'order:close',
  changeAmount: 'order:adjust',
  waive: 'order:waive',
  arrears: 'order:arrears',
  refund: 'order:refund',
};

export interface ActionInput {
  reason: string;
  receivableCents?: number;
  amountCents?: number;
}

type OrderRow = LockedOrder;

/** What the audit keeps of an order before and after a change. */
/** Refund statuses still holding money back (applied, approved, refunding, failed): what may not be refunded again. */
export const PENDING_REFUND_STATUSES = HELD_REFUND_STATES;

/** What an order looks like to the action rules: its state, its split, and the refunds still pending. */
export interface OrderFacts {
  state: OrderState;
  owedCents: number;
  paidCents: number;
  refundedCents: number;
  pendingRefundCents: number;
}

/**
 * Whether each action may run on an order now, before its input is read: null, or why not. The one
 * table behind both what the details page offers and what the server accepts.
 */
const ACTIONS = actionTable<OrderAction, OrderFacts>({
  close: (o) => refusal(o.state, 'close'),
  changeAmount: (o) => (amountEditable(o.state) ? null : `订单当前状态为“${STATE_LABEL[o.state]}”，不能调整金额，请在欠费追缴中处理`),
  waive: (o) => refusal(o.state, 'waive') ?? (o.owedCents === 0 ? '订单没有欠款，无需免单' : null),
  arrears: (o) => refusal(o.state, 'toArrears') ?? (o.owedCents === 0 ? '订单没有欠款，不能转欠费' : null),
  refund: (o) => {
    if (o.state === ORDER_STATE.IN_PARK || o.state === ORDER_STATE.PAID_IN_PARK) return '车辆尚在场内，离场后才能申请退款';
    if (!hasLeft(o.state)) return `订单当前状态为“${STATE_LABEL[o.state]}”，不能申请退款`;
    return netPaid(o) - o.pendingRefundCents <= 0 ? '订单没有可退的已付金额' : null;
  },
});

export const ORDER_ACTIONS = ACTIONS.actions;

/** Why `action` may not run on the order now, or null. */
export const actionRefusal = ACTIONS.refusal;

/** The actions an order offers now (the details answer's `actions`). */
export const offeredActions = ACTIONS.offered;

function step(o: OrderRow, event: OrderEvent): OrderState {
  const t = transition(o.state, event);
  if (!t.ok) throw badRequest(t.msg);
  return t.to;
}

/** The new state and split an action gives, or a refusal; pure apart from the pending refunds it is told. */
export function planAction(
  o: OrderRow,
  action: OrderAction,
  input: ActionInput,
  pendingRefundCents = 0,
): { state: OrderState; split: Split; closeNow?: boolean } {
  const refused = actionRefusal({ ...o, pendingRefundCents }, action);
  if (refused) throw badRequest(refused);
  const current: Split = o;
  switch (action) {
    case 'close':
      return { state: step(o, 'close'), split: current, closeNow: true };
    case 'changeAmount': {
      if (input.receivableCents === o.receivableCents) throw badRequest('调整后的应收金额与原金额相同');
      const next = withReceivable(current, input.receivableCents ?? -1);
      if (typeof next === 'string') throw badRequest(next);
      return { state: stateAfterAmount(o.state, next.owedCents), split: next };
    }
    case 'waive':
      return { state: step(o, 'waive'), split: waived(current) };
    case 'arrears':
      return { state: step(o, 'toArrears'), split: current };
    case 'refund': {
      const refundable = netPaid(o) - pendingRefundCents;
      if ((input.amountCents ?? 0) > refundable) throw badRequest(`退款金额不能超过可退金额${yuan(refundable)}元`);
      return { state: o.state, split: current };
    }
  }
}

/** Runs one action on order `id` for the caller of `req`; answers the order's new state. */
export async function runOrderAction(
  db: Db,
  req: FastifyRequest,
  id: string,
  action: OrderAction,
  input: ActionInput,
): Promise<OrderState> {
  const reason = input.reason.trim();
  if (!reason) throw badRequest('原因不能为空');
  return db.transaction(async (tx) => {
    const o = await lockOrder(tx, id);
    assertLots(req, o.parkingId);
    // a refund is a request against one payment, approved by another user: refunds/apply.ts
    if (action === 'refund') throw badRequest('退款申请请在退款流程中提交');
    const plan = planAction(o, action, input);
    if (!balanced(plan.split)) throw badRequest('金额拆分不平衡，操作未执行');
    const after = { ...o, ...plan.split, state: plan.state };
    await writeOrderState(
      tx,
      id,
      o.state,
      `state = $3, receivable_cents = $4, discount_cents = $5, paid_cents = $6, owed_cents = $7,
       exit_time = case when $8 then coalesce(exit_time, now()) else exit_time end,
       close_reason = case when $8 then $9 else close_reason end`,
      [plan.state, after.receivableCents, after.discountCents, after.paidCents, after.owedCents, Boolean(plan.closeNow), reason],
    );
    // a closed stay frees the kerb space it held, as an exit does
    if (plan.closeNow) await freeSpace(tx, id);
    const operator = operatorOf(req);
    if (action === 'arrears') await recordOrder(tx, id, reason); // the debt is on 欠费记录 at once
    // a closed stay has left: a group card's slot it held goes to the plate waiting longest
    if (plan.closeNow) await leaveGroup(tx, id, Date.now());
    await auditOrder(tx, id, { action, operator, before: orderSnapshot(o), after: orderSnapshot(after), reason });
    await writeOperLog(tx, req, {
      action: plan.state === o.state ? 'update' : 'status',
      module: 'parkingOrder',
      recordId: id,
      detail: `${o.orderNo} ${ACTION_LABEL[action]}：${reason}`,
    });
    return plan.state;
  });
}
