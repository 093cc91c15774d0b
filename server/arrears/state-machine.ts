/**
 * The arrears record's state machine (money-and-charging.md §5), one table of arrows: a notice moves an
 * open debt to NOTIFIED, a payment to PARTIALLY_PAID or RECOVERED, a dispute freezes it (no notices,
 * no payments) until it is resolved, and a write-off ends it. Pure, like orders/state-machine.ts.
 */

import { ARREARS_STATUS, ARREARS_STATUS_LABEL, type ArrearsStatus } from '../../domain/arrears-codes.ts';
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
