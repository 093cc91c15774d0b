import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { lockRow } from '../db/lock-row.ts';
import { badRequest, notFound } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { assertLots, assertLotsExist } from '../resource/lot-scope.ts';
import { yuan } from '../../domain/money.ts';
import { ARREARS_STATUS_LABEL, type ArrearsStatus } from '../../domain/arrears-codes.ts';
import { ORDER_STATE, type OrderState, PAY_CHANNEL } from '../../domain/parking-codes.ts';
import { transition as orderTransition } from '../orders/state-machine.ts';
import { type LockedOrder, lockOrder } from '../orders/order-lock.ts';
import { type ArrearsEvent, arrearsMachine } from './state-machine.ts';
import { cancelScheduledNotices } from './notices.ts';
import { serialOf } from '../seed/traffic-model.ts';
import { operatorOf } from '../lib/operator.ts';
import { auditOrder } from '../orders/order-audit.ts';
import { insertPaymentRow, PAYMENT_PURPOSE } from '../orders/payment-row.ts';

/**
 * The console's actions on a debt (欠费记录): a payment (in part or in full), a write-off, a dispute
 * and its resolution. Each runs in one transaction with the record and its order locked, the
 * machine checked first (a refusal answers its message and writes nothing); a payment is a
 * parking_order_payment row like any other and the order's split follows it; the order's audit
 * (who, when, before, after, why) and the operation log keep every change.
 */

export type ArrearsAction = 'pay' | 'writeOff' | 'dispute' | 'resolve';

export const ARREARS_ACTION_LABEL: Record<ArrearsAction, string> = {
  pay: '收款',
  writeOff: '核销',
  dispute: '标记争议',
  resolve: '解除争议',
};
/** What the order's audit and timeline call each action (its audit rows' action is `arrears:<action>`). */
export const ARREARS_AUDIT_LABEL: Record<string, string> = {
  'arrears:pay': '追缴收款',
  'arrears:writeOff': '欠费核销',
  'arrears:dispute': '欠费争议',
  'arrears:resolve': '解除欠费争议',
};

export const ARREARS_ACTION_BUTTON: Record<ArrearsAction, string> = {
  pay: 'arrears:pay',
  writeOff: 'arrears:writeOff',
  dispute: 'arrears:dispute',
  resolve: 'arrears:dispute',
};

const REASON_TITLE: Record<ArrearsAction, string> = { pay: '备注', writeOff: '核销原因', dispute: '争议原因', resolve: '解除说明' };

export interface ArrearsActionInput {
  reason?: string;
  amountCents?: number;
  channel?: number;
  /** where the money was taken: the collecting lot (default the record's own) */
  recoveredLotId?: string;
}

interface RecordRow {
  id: string;
  orderId: string;
  orderNo: string;
  parkingId: string;
  status: ArrearsStatus;
  owedCents: number;
  recoveredCents: number;
}

/** The debt, then its order, each locked until the transaction ends (the order as refunds read it). */
async function lock(tx: Db, id: string): Promise<{ r: RecordRow; o: LockedOrder }> {
  const x = await lockRow(tx, 'arrearsRecord', id);
  if (!x) throw notFound();
  const r: RecordRow = {
    id: x.id,
    orderId: x.orderId,
    orderNo: x.orderNo,
    parkingId: x.parkingId,
    status: Number(x.status) as ArrearsStatus,
    owedCents: Number(x.owedCents),
    recoveredCents: Number(x.recoveredCents),
  };
  return { r, o: await lockOrder(tx, r.orderId) };
}

function step(status: ArrearsStatus, event: ArrearsEvent): ArrearsStatus {
  const t = arrearsMachine.transition(status, event);
  if (!t.ok) throw badRequest(t.msg);
  return t.to;
}

/** The event a payment of `amount` is, or why it is refused (pure: the unit tests call it). */
export function paymentEvent(status: ArrearsStatus, owedCents: number, amountCents: number): ArrearsEvent {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw badRequest('收款金额必须是大于0的整数（分）');
  const event: ArrearsEvent = amountCents === owedCents ? 'payAll' : 'payPart';
  step(status, event);
  if (amountCents > owedCents) throw badRequest(`收款金额不能超过欠费金额${yuan(owedCents)}元`);
  return event;
}

export interface DebtPayment {
  amountCents: number;
  channel: number;
  /** the lot that took the money (the debt's own by default) */
  lotId: string;
  operator: string;
  reason?: string;
  /** refuses a lot outside the caller's scope */
  inScope?: (lotId: string) => void;
}

/**
 * A payment on a debt: the console's 收款, a driver paying at the barrier, the collector's
 * handheld. One code path: the debt and its order locked, the machine's arrow, a payment row, the
 * order's split, the debt's amounts, one audit row.
 */
export async function payDebt(tx: Db, id: string, p: DebtPayment): Promise<{ status: ArrearsStatus; why: string }> {
  const { r, o } = await lock(tx, id);
  return payLockedDebt(tx, r, o, p);
}

async function payLockedDebt(tx: Db, r: RecordRow, o: LockedOrder, p: DebtPayment): Promise<{ status: ArrearsStatus; why: string }> {
  const amount = p.amountCents;
  const event = paymentEvent(r.status, r.owedCents, amount);
  const status = step(r.status, event);
  p.inScope?.(p.lotId);
  await assertLotsExist(tx, p.lotId, '收款车场');
  const orderState = event === 'payAll' ? orderStep(o.state, 'recover') : o.state;
  const now = Date.now();
  await insertPaymentRow(tx, {
    orderId: r.orderId,
    parkingId: p.lotId,
    channel: p.channel,
    serialNo: serialOf(p.channel, now, Math.floor(Math.random() * 1e5)),
    amountCents: amount,
    operator: p.operator,
    purpose: PAYMENT_PURPOSE.arrears,
  });
  await tx.query(
    `update parking_order set state = $2, paid_cents = paid_cents + $3, owed_cents = owed_cents - $3, pay_channel = $4,
            pay_time = now(), last_modify_time = now() where id = $1`,
    [r.orderId, orderState, amount, p.channel],
  );
  await tx.query(
    `update arrears_record set status = $2, recovered_cents = recovered_cents + $3, owed_cents = owed_cents - $3,
            recovered_time = now(), recovered_channel = $4, recovered_lot_id = $5, recovered_by = $6, last_modify_time = now()
      where id = $1`,
    [r.id, status, amount, p.channel, p.lotId, p.operator],
  );
  const why = p.reason || `追缴收款${yuan(amount)}元（${PAY_CHANNEL[p.channel]}）`;
  const before = { status: r.status, owedCents: r.owedCents, recoveredCents: r.recoveredCents, orderState: o.state };
  const after = { status, owedCents: r.owedCents - amount, recoveredCents: r.recoveredCents + amount, orderState, paidCents: amount };
  await auditOrder(tx, r.orderId, { action: 'arrears:pay', operator: p.operator, before, after, reason: why });
  return { status, why };
}

/** Runs one action on record `id`; answers the record's new status. */
export async function runArrearsAction(
  db: Db,
  req: FastifyRequest,
  id: string,
  action: ArrearsAction,
  input: ArrearsActionInput,
): Promise<ArrearsStatus> {
  const reason = (input.reason ?? '').trim();
  if (action !== 'pay' && !reason) throw badRequest(`${REASON_TITLE[action]}不能为空`);
  if (action === 'pay' && !(input.channel !== undefined && input.channel in PAY_CHANNEL && input.channel !== 0))
    throw badRequest('请选择收款渠道');
  return db.transaction(async (tx) => {
    const { r, o } = await lock(tx, id);
    assertLots(req, r.parkingId);
    const operator = operatorOf(req);
    const before = { status: r.status, owedCents: r.owedCents, recoveredCents: r.recoveredCents, orderState: o.state };
    let status: ArrearsStatus;
    let after: Record<string, unknown>;
    const why = reason;
    if (action === 'pay') {
      const paid = await payLockedDebt(tx, r, o, {
        amountCents: input.amountCents ?? 0,
        channel: input.channel!,
        lotId: input.recoveredLotId || r.parkingId,
        operator,
        reason,
        inScope: (lotId) => assertLots(req, lotId),
      });
      await writeOperLog(tx, req, {
        action: 'status',
        module: 'arrearsRecord',
        recordId: r.id,
        detail: `${r.orderNo} ${ARREARS_ACTION_LABEL[action]}：${paid.why}（${ARREARS_STATUS_LABEL[r.status]}→${ARREARS_STATUS_LABEL[paid.status]}）`,
      });
      return paid.status;
    } else if (action === 'writeOff') {
      status = step(r.status, 'writeOff');
      const orderState = orderStep(o.state, 'writeOff');
      // written off: what was still owed is forgiven, so it counts as discount and the split still adds up
      await tx.query(
        `update parking_order set state = $2, discount_cents = discount_cents + owed_cents, owed_cents = 0, last_modify_time = now()
          where id = $1`,
        [r.orderId, orderState],
      );
      await tx.query(
        `update arrears_record set status = $2, write_off_reason = $3, handled_by = $4, written_off_cents = written_off_cents + owed_cents,
                owed_cents = 0, last_modify_time = now() where id = $1`,
        [r.id, status, reason, operator],
      );
      await cancelScheduledNotices(tx, r.id);
      // what was owed is now written off: nothing is left to collect
      after = { status, owedCents: 0, writtenOffCents: r.owedCents, orderState };
    } else if (action === 'dispute') {
      status = step(r.status, 'dispute');
      await tx.query(
        `update arrears_record set status = $2, dispute_reason = $3, handled_by = $4, last_modify_time = now() where id = $1`,
        [r.id, status, reason, operator],
      );
      // a dispute freezes the notices: the ones waiting for their send time are cancelled
      await cancelScheduledNotices(tx, r.id);
      after = { status };
    } else {
      status = step(r.status, r.recoveredCents > 0 ? 'resolvePaid' : 'resolve');
      await tx.query(`update arrears_record set status = $2, handled_by = $3, last_modify_time = now() where id = $1`, [
        r.id,
        status,
        operator,
      ]);
      after = { status };
    }
    await auditOrder(tx, r.orderId, { action: `arrears:${action}`, operator, before, after, reason: why });
    await writeOperLog(tx, req, {
      action: 'status',
      module: 'arrearsRecord',
      recordId: r.id,
      detail: `${r.orderNo} ${ARREARS_ACTION_LABEL[action]}：${why}（${ARREARS_STATUS_LABEL[r.status]}→${ARREARS_STATUS_LABEL[status]}）`,
    });
    return status;
  });
}

function orderStep(state: OrderState, event: 'recover' | 'writeOff'): OrderState {
  // a debt whose order is not in 欠费 (an order changed outside arrears) keeps its order's state
  if (state !== ORDER_STATE.ARREARS) return state;
  const t = orderTransition(state, event);
  if (!t.ok) throw badRequest(t.msg);
  return t.to;
}
