/**
 * The parking order's state machine (domain.md, with the refinements of money-and-charging.md §3.1:
 * free exit, manual release, pay later, unpaid waiting). Pure: given a state and an event it answers
 * the next state or the Chinese reason it may not happen, so services refuse before writing anything.
 */

import { ORDER_STATE, type OrderState, STATE_LABEL } from '../../domain/parking-codes.ts';
import { type Transition as DomainTransition, stateMachine } from '../../domain/state-machine.ts';

/** What happens to an order; each is an arrow of the machine. */
export type OrderEvent =
  | 'payInPark' // paid at a pay station or by QR before driving to the barrier
  | 'graceExpired' // paid in park but stayed past the grace: owes the extra
  | 'exitPaid' // left having paid (or paid at the barrier)
  | 'exitFree' // left owing nothing and having paid nothing (free minutes, whitelist)
  | 'manualRelease' // barrier opened by hand
  | 'exitPayLater' // 先离后付: left, the contactless payment follows
  | 'exitUnpaid' // left without paying
  | 'payAfterExit' // paid after leaving
  | 'toArrears' // sent to arrears recovery
  | 'recover' // arrears paid
  | 'writeOff' // arrears written off
  | 'reentry' // the same plate entered again while this order was open
  | 'close' // closed by hand (a car that never left by camera)
  | 'waive'; // the amount owed forgiven

const S = ORDER_STATE;

const ARROWS: Record<OrderEvent, [from: OrderState[], to: OrderState]> = {
  payInPark: [[S.IN_PARK], S.PAID_IN_PARK],
  graceExpired: [[S.PAID_IN_PARK], S.IN_PARK],
  exitPaid: [[S.IN_PARK, S.PAID_IN_PARK], S.COMPLETED],
  exitFree: [[S.IN_PARK], S.EXITED_FREE],
  manualRelease: [[S.IN_PARK, S.PAID_IN_PARK], S.MANUAL_RELEASE],
  exitPayLater: [[S.IN_PARK], S.PAY_LATER],
  exitUnpaid: [[S.IN_PARK], S.UNPAID_WAITING],
  payAfterExit: [[S.UNPAID_WAITING, S.PAY_LATER, S.MANUAL_RELEASE], S.COMPLETED],
  toArrears: [[S.UNPAID_WAITING, S.PAY_LATER, S.MANUAL_RELEASE], S.ARREARS],
  recover: [[S.ARREARS], S.RECOVERED],
  writeOff: [[S.ARREARS], S.WRITTEN_OFF],
  reentry: [[S.IN_PARK, S.PAID_IN_PARK], S.ABNORMAL],
  close: [[S.IN_PARK, S.PAID_IN_PARK, S.ABNORMAL], S.CLOSED],
  waive: [[S.UNPAID_WAITING, S.PAY_LATER, S.MANUAL_RELEASE], S.COMPLETED],
};

export const EVENT_LABEL: Record<OrderEvent, string> = {
  payInPark: '场内支付',
  graceExpired: '超时补缴',
  exitPaid: '缴费离场',
  exitFree: '免费离场',
  manualRelease: '手动放行',
  exitPayLater: '先离后付',
  exitUnpaid: '未付离场',
  payAfterExit: '离场后补缴',
  toArrears: '转欠费',
  recover: '追缴',
  writeOff: '核销',
  reentry: '重复入场',
  close: '手动结单',
  waive: '免单',
};

const machine = stateMachine<OrderState, OrderEvent>(ARROWS, { state: STATE_LABEL, event: EVENT_LABEL, quote: ['“', '”'] });

export type Transition = DomainTransition<OrderState>;

export const transition = (from: OrderState, event: OrderEvent): Transition => machine.transition(from, event);

/** Why the event may not happen in `from`, or null. */
export const refusal = (from: OrderState, event: OrderEvent): string | null => machine.refusal(from, event);

/** The events that may happen in a state (the details page offers their actions). */
export const eventsFrom = (from: OrderState): OrderEvent[] => machine.eventsFrom(from);

/** The car has left (or the order is closed): the stay's end is known. */
export const hasLeft = (s: OrderState): boolean => s !== S.IN_PARK && s !== S.PAID_IN_PARK && s !== S.ABNORMAL;

/**
 * A change of amount by hand is allowed while the money is the order's own (not yet with the
 * arrears desk, whose recovery and write-off settle it).
 */
export const amountEditable = (s: OrderState): boolean => s !== S.ARREARS && s !== S.RECOVERED && s !== S.WRITTEN_OFF;

/**
 * The state after an amount change leaves `owed` cents: a car gone owing nothing is completed;
 * a settled exit that now owes waits for payment; in-park states keep theirs.
 */
export function stateAfterAmount(s: OrderState, owed: number): OrderState {
  if (owed === 0 && (s === S.UNPAID_WAITING || s === S.PAY_LATER || s === S.MANUAL_RELEASE)) return S.COMPLETED;
  if (owed > 0 && (s === S.COMPLETED || s === S.EXITED_FREE)) return S.UNPAID_WAITING;
  return s;
}
