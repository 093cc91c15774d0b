import { CARD_STATUS, type CardStatus } from '../../domain/card-codes.ts';
import type { ArrearsStatus } from '../../domain/arrears-codes.ts';
import type { RefundState } from '../../domain/refund-codes.ts';
import { cardMachine } from '../cards/state-machine.ts';
import { arrearsMachine } from '../arrears/state-machine.ts';
import { refundEventsFrom } from '../refunds/state-machine.ts';
import { couponEventsFrom } from '../coupons/state-machine.ts';

/**
 * What may be done with a row now, from its state machine, answered with each row of these lists
 * as `actions`: a page shows a row's buttons by them (`${ARRAYINCLUDES(actions, 'approve') && HAS_PERM(…)}`),
 * as 停车订单详情 does with an order's, and never re-encodes the rules as state numbers. check:pages
 * refuses a state compared with a number in a `visibleOn`/`disabledOn` of a page reading one of
 * these lists (domain/pages/check/state-rules.ts).
 */

/** The lists (and their records, `<path>/:id`) whose rows answer `actions`. */
export const LISTS_WITH_ACTIONS = [
  '/api/refund/Refunds',
  '/api/card/MonthCard',
  '/api/card/GroupCard',
  '/api/arrears/ArrearsRecord',
  '/api/coupon/Records',
  // an order's actions (orders/order-actions.ts; charging/order-machine.ts): a parking order's record
  // (停车订单详情, routes/order-details.ts), a charging order's rows and record (充电订单)
  '/api/order/ParkingOrder',
  '/api/charging/Order',
  // a price task's piles: retry a failed one (charging/price-tasks.ts)
  '/api/charging/PriceTask',
] as const;

/** The audit desk's actions on a refund (the channel's own steps are no one's button). */
const REFUND_DESK = new Set(['approve', 'reject', 'retry', 'close']);
export const refundActions = (status: number): string[] => refundEventsFrom(status as RefundState).filter((e) => REFUND_DESK.has(e));

/** A card's: pay, renew, freeze, unfreeze (the status job's and the refunds' steps are no one's button); delete while it is unpaid. */
const CARD_DESK = new Set(['pay', 'renew', 'freeze', 'unfreeze']);
export function cardActions(status: number): string[] {
  const events: string[] = cardMachine.eventsFrom(status).filter((e) => CARD_DESK.has(e));
  // only an unpaid card may be deleted (the resource's delete guard); an unpaid one's price and start may still change
  return (status as CardStatus) === CARD_STATUS.PENDING_PAY ? [...events, 'delete'] : events;
}

/** An arrears record's: pay (in part or in full), writeOff, dispute, resolve (notices are sent from the selection). */
const ARREARS_NAMES: Record<string, string> = {
  payPart: 'pay',
  payAll: 'pay',
  writeOff: 'writeOff',
  dispute: 'dispute',
  resolve: 'resolve',
  resolvePaid: 'resolve',
};
export function arrearsActions(status: number): string[] {
  const names = arrearsMachine.eventsFrom(status as ArrearsStatus).flatMap((e) => (ARREARS_NAMES[e] ? [ARREARS_NAMES[e]] : []));
  return [...new Set(names)];
}

/** A coupon's: void while it is issued (using and expiring are the stay's and the job's). */
export const couponActions = (state: number): string[] => couponEventsFrom(state).filter((e) => e === 'void');
