import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { badRequest, notFound } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { assertLots } from '../resource/lot-scope.ts';
import { CHANNEL_REFUND_RULES, REFUND_STATE, type RefundState } from '../../domain/refund-codes.ts';
import { PAY_CHANNEL } from '../../domain/parking-codes.ts';
import { REFUND_EVENT_LABEL, type RefundEvent, refundTransition } from './state-machine.ts';
import { type RefundRow, lockRefund } from './store.ts';
import { type RefundSubject, lockSubject } from './subject.ts';
import { operatorOf } from '../lib/operator.ts';

/**
 * Every change of a refund after it was applied for: approve (by another user), reject, retry,
 * close by the audit desk; succeed or fail by the channel's answer. Each runs in one transaction
 * with the refund row locked first, checks the state machine, writes the refund, the order's amounts
 * when money left, and one audit row per step. The refund number never changes, so a retry asks the
 * channel for the same refund and it can never pay twice.
 */

export type RefundAction = 'approve' | 'reject' | 'retry' | 'close';

export const REFUND_ACTION_BUTTON: Record<RefundAction, string> = {
  approve: 'refund:approve',
  reject: 'refund:reject',
  retry: 'refund:retry',
  close: 'refund:close',
};

/** The audit actions of refund steps (parking_order_audit.action) and the words the details page shows. */
export const REFUND_AUDIT_LABEL: Record<`refund.${RefundEvent}`, string> = {
  'refund.approve': '退款审核通过',
  'refund.reject': '退款驳回',
  'refund.send': '提交渠道退款',
  'refund.record': '登记现金退款',
  'refund.succeed': '退款成功',
  'refund.fail': '退款失败',
  'refund.retry': '退款重试',
  'refund.close': '退款关闭',
};

interface Step {
  event: RefundEvent;
  operator: string;
  reason: string;
  /** more columns of the refund row to set */
  set?: Record<string, unknown>;
}

/** One arrow of the machine: the refund row written, one audit row on its subject. Answers the moved refund. */
async function move(tx: Db, r: RefundRow, subject: RefundSubject, step: Step, subjectAfter = subject): Promise<RefundRow> {
  const t = refundTransition(r.status, step.event);
  if (!t.ok) throw badRequest(t.msg);
  const set: Record<string, unknown> = { ...step.set, status: t.to };
  const columns = Object.keys(set);
  await tx.query(
    `update parking_order_refund set ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')}, last_modify_time = now() where id = $1`,
    [r.id, ...Object.values(set)],
  );
  const after: RefundRow = { ...r, status: t.to, attempts: (set.attempts as number | undefined) ?? r.attempts };
  await subject.audit(tx, `refund.${step.event}`, step.operator, subject.snapshot(r), subjectAfter.snapshot(after), step.reason);
  return after;
}

/** The money left: the subject pays it back (the order's split, or the card payment's refunded amount). */
async function complete(tx: Db, r: RefundRow, subject: RefundSubject, step: Step): Promise<RefundRow> {
  const after = await subject.complete(tx, r, step.operator);
  return move(tx, r, subject, { ...step, set: { ...step.set, refund_time: new Date() } }, after);
}

const channelName = (channel: number): string => `${PAY_CHANNEL[channel] ?? ''}支付渠道`;

/** After approval: cash is recorded as handed back; any other channel is asked under the refund number. */
async function dispatch(tx: Db, r: RefundRow, o: RefundSubject, operator: string): Promise<RefundRow> {
  if (CHANNEL_REFUND_RULES[r.channel]?.recordOnly)
    return complete(tx, r, o, { event: 'record', operator, reason: '现金退款，线下退还并登记' });
  return move(tx, r, o, {
    event: 'send',
    operator,
    reason: `提交${channelName(r.channel)}，退款单号${r.refundNo}`,
    set: { attempts: r.attempts + 1 },
  });
}

/** Runs an audit-desk action on refund `id` for the caller of `req`; answers the refund's new state. */
export async function runRefundAction(db: Db, req: FastifyRequest, id: string, action: RefundAction, comment = ''): Promise<RefundState> {
  const words = comment.trim();
  if ((action === 'reject' || action === 'close') && !words) throw badRequest('原因不能为空');
  const operator = operatorOf(req, '');
  return db.transaction(async (tx) => {
    const r = await lockRefund(tx, { id });
    if (!r) throw notFound();
    assertLots(req, r.parkingId);
    const t = refundTransition(r.status, action);
    if (!t.ok) throw badRequest(t.msg);
    if (action === 'approve' && r.applicantId === req.auth?.userId)
      throw badRequest('申请人不能审核自己的退款申请，请由其他有审核权限的用户审核');
    const o = await lockSubject(tx, r);
    const judged = { approver: operator, approver_id: req.auth?.userId ?? '', approve_time: new Date(), audit_comment: words };
    let after: RefundRow;
    switch (action) {
      case 'approve':
        await o.assertPayable?.(tx, r);
        after = await dispatch(
          tx,
          await move(tx, r, o, { event: 'approve', operator, reason: words || '审核通过', set: judged }),
          o,
          operator,
        );
        break;
      case 'reject':
        after = await move(tx, r, o, { event: 'reject', operator, reason: words, set: judged });
        break;
      case 'retry':
        after = await move(tx, r, o, {
          event: 'retry',
          operator,
          reason: words || `重试，沿用退款单号${r.refundNo}`,
          set: { attempts: r.attempts + 1, fail_reason: '' },
        });
        break;
      case 'close':
        after = await move(tx, r, o, { event: 'close', operator, reason: words, set: { audit_comment: words } });
        break;
    }
    await writeOperLog(tx, req, {
      action: 'status',
      module: 'refund',
      recordId: id,
      detail: `${o.name} 退款${r.refundNo} ${REFUND_EVENT_LABEL[action]}${words ? `：${words}` : ''}`,
    });
    return after.status;
  });
}

/** A channel's answer about one attempt of one refund number. */
export interface ChannelAnswer {
  refundNo: string;
  attempt: number;
  outcome: 'SUCCESS' | 'FAIL';
  channelSerial: string;
  failReason?: string;
}

/**
 * Takes a channel's answer. An answer for a refund no longer waiting for it (already refunded, an
 * older attempt's answer after a retry, the same answer twice) changes nothing: 'ignored'.
 */
export async function takeChannelAnswer(db: Db, a: ChannelAnswer): Promise<'applied' | 'ignored'> {
  return db.transaction(async (tx) => {
    const r = await lockRefund(tx, { refundNo: a.refundNo });
    if (!r || r.status !== REFUND_STATE.REFUNDING || r.attempts !== a.attempt) return 'ignored';
    const operator = channelName(r.channel);
    const o = await lockSubject(tx, r);
    if (a.outcome === 'SUCCESS') {
      await complete(tx, r, o, {
        event: 'succeed',
        operator,
        reason: `渠道退款成功，流水号${a.channelSerial}`,
        set: { channel_serial: a.channelSerial },
      });
    } else {
      const why = a.failReason || '渠道退款失败';
      await move(tx, r, o, { event: 'fail', operator, reason: why, set: { fail_reason: why, channel_serial: a.channelSerial } });
    }
    return 'applied';
  });
}
