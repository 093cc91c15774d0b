/**
 * The arrears record's state machine (money-and-charging.md §5), one table of arrows: a notice moves an
 * open debt to NOTIFIED, a payment to PARTIALLY_PAID or RECOVERED, a dispute freezes it (no notices,
 * no payments) until it is resolved, and a write-off ends it. Below it, its notices' machine.
 * Pure, like orders/state-machine.ts.
 */

import {
  ARREARS_STATUS,
  ARREARS_STATUS_LABEL,
  type ArrearsStatus,
  NOTICE_STATE,
  NOTICE_STATUS,
  type NoticeState,
} from '../../domain/arrears-codes.ts';
import { stateMachine } from '../../domain/state-machine.ts';

export type ArrearsEvent = 'notify' | 'payPart' | 'payAll' | 'writeOff' | 'dispute' | 'resolve' | 'resolvePaid';

const S = ARREARS_STATUS;
const COLLECTING: ArrearsStatus[] = [S.OPEN, S.NOTIFIED, S.PARTIALLY_PAID];

const ARROWS: Record<ArrearsEvent, [from: ArrearsStatus[], to: ArrearsStatus]> = {
  notify: [[S.OPEN], S.NOTIFIED],
  payPart: [COLLECTING, S.PARTIALLY_PAID],
  payAll: [COLLECTING, S.RECOVERED],
  writeOff: [[...COLLECTING, S.DISPUTED], S.WRITTEN_OFF],
  dispute: [COLLECTING, S.DISPUTED],
  // a resolved dispute goes back to collecting: OPEN, or PARTIALLY_PAID when part was already paid
  resolve: [[S.DISPUTED], S.OPEN],
  resolvePaid: [[S.DISPUTED], S.PARTIALLY_PAID],
};

export const ARREARS_EVENT_LABEL: Record<ArrearsEvent, string> = {
  notify: '发送追缴通知',
  payPart: '收款',
  payAll: '收款',
  writeOff: '核销',
  dispute: '标记争议',
  resolve: '解除争议',
  resolvePaid: '解除争议',
};

export const arrearsMachine = stateMachine<ArrearsStatus, ArrearsEvent>(ARROWS, {
  state: ARREARS_STATUS_LABEL,
  event: ARREARS_EVENT_LABEL,
  quote: ['“', '”'],
  subject: '欠费记录',
});

/** Why a notice may not go to a record now, or null: only debts still being collected and not disputed. */
export function noticeRefusal(status: ArrearsStatus): string | null {
  if (COLLECTING.includes(status)) return null;
  return `欠费记录当前状态为“${ARREARS_STATUS_LABEL[status]}”，不能发送追缴通知`;
}

/**
 * A notice's state machine (追缴通知, arrears/notices.ts), one table of arrows. A notice is born
 * SCHEDULED (`schedule`: no arrow leads back to it); the gateway's answer moves it on: `send` (handed
 * over, no receipt yet), `deliver` or `fail` (from SCHEDULED when it answers at once, from SENT when
 * the receipt comes later); a scheduled notice whose debts were settled or frozen first is `cancel`led.
 * DELIVERED, FAILED and CANCELLED have no way out. A notice sent now is scheduled and sent in one write.
 */
export type NoticeEvent = 'schedule' | 'send' | 'deliver' | 'fail' | 'cancel';

const NS = NOTICE_STATE;

const NOTICE_ARROWS: Record<NoticeEvent, [from: NoticeState[], to: NoticeState]> = {
  schedule: [[], NS.SCHEDULED],
  send: [[NS.SCHEDULED], NS.SENT],
  deliver: [[NS.SCHEDULED, NS.SENT], NS.DELIVERED],
  fail: [[NS.SCHEDULED, NS.SENT], NS.FAILED],
  cancel: [[NS.SCHEDULED], NS.CANCELLED],
};

export const NOTICE_EVENT_LABEL: Record<NoticeEvent, string> = {
  schedule: '定时发送',
  send: '发送',
  deliver: '标记送达',
  fail: '标记发送失败',
  cancel: '取消',
};

export const noticeMachine = stateMachine<NoticeState, NoticeEvent>(NOTICE_ARROWS, {
  state: NOTICE_STATUS,
  event: NOTICE_EVENT_LABEL,
  quote: ['“', '”'],
  subject: '追缴通知',
});
