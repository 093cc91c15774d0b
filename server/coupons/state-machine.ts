/**
 * The issued coupon's state machine (money-and-charging.md §6): ISSUED → USED on a stay, → EXPIRED
 * by the expiry job, → VOID by a user with a reason. One table of arrows, enforced by every service
 * that changes a coupon, so an illegal step answers why and changes nothing.
 */

import { COUPON_STATE, COUPON_STATES, type CouponState } from '../../domain/coupon-codes.ts';
import { type Transition, stateMachine } from '../../domain/state-machine.ts';

export type CouponEvent = 'use' | 'expire' | 'void';

const S = COUPON_STATE;

const ARROWS: Record<CouponEvent, [from: CouponState[], to: CouponState]> = {
  use: [[S.ISSUED], S.USED],
  expire: [[S.ISSUED], S.EXPIRED],
  void: [[S.ISSUED], S.VOID],
};

export const COUPON_EVENT_LABEL: Record<CouponEvent, string> = { use: '使用', expire: '过期', void: '作废' };

const machine = stateMachine<CouponState, CouponEvent>(ARROWS, {
  state: COUPON_STATES,
  event: COUPON_EVENT_LABEL,
  quote: ['“', '”'],
  subject: '优惠券',
});

export const couponTransition = (from: number, event: CouponEvent): Transition<CouponState> => machine.transition(from, event);
export const couponEventsFrom = (from: number): CouponEvent[] => machine.eventsFrom(from);
export const couponStatesBefore = (event: CouponEvent): CouponState[] => machine.statesBefore(event);
