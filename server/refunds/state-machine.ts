/**
 * The refund request's state machine (domain.md, money-and-charging.md §4, plus CLOSED): one table
 * of arrows, enforced by every service that changes a refund, so an illegal step answers why and
 * changes nothing.
 */

import { REFUND_STATE, REFUND_STATUS, type RefundState } from '../../domain/refund-codes.ts';
import { type Transition, stateMachine } from '../../domain/state-machine.ts';

export type RefundEvent =
  | 'approve' // a second user agrees
  | 'reject' // … or refuses, with a reason
  | 'send' // handed to the payment's channel under the refund number
  | 'record' // a cash payment: handed back at the counter, recorded only
  | 'succeed' // the channel answered: paid back
  | 'fail' // the channel answered: not paid
  | 'retry' // asked again under the SAME refund number
  | 'close'; // given up (the channel closed it, or the money went back another way)

const S = REFUND_STATE;

const ARROWS: Record<RefundEvent, [from: RefundState[], to: RefundState]> = {
  approve: [[S.APPLIED], S.APPROVED],
  reject: [[S.APPLIED], S.REJECTED],
  send: [[S.APPROVED], S.REFUNDING],
  record: [[S.APPROVED], S.REFUNDED],
  succeed: [[S.REFUNDING], S.REFUNDED],
  fail: [[S.REFUNDING], S.FAILED],
  retry: [[S.FAILED], S.REFUNDING],
  close: [[S.FAILED], S.CLOSED],
};

export const REFUND_EVENT_LABEL: Record<RefundEvent, string> = {
  approve: '通过',
  reject: '驳回',
  send: '提交渠道退款',
  record: '登记现金退款',
  succeed: '退款成功',
  fail: '退款失败',
  retry: '重试',
  close: '关闭',
};

const machine = stateMachine<RefundState, RefundEvent>(ARROWS, {
  state: REFUND_STATUS,
  event: REFUND_EVENT_LABEL,
  quote: ['“', '”'],
  subject: '退款单',
});

export const refundTransition = (from: RefundState, event: RefundEvent): Transition<RefundState> => machine.transition(from, event);

export const refundEventsFrom = (from: RefundState): RefundEvent[] => machine.eventsFrom(from);
