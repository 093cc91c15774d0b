import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/envelope.ts';
import { ORDER_ACTIONS, type OrderAction, type OrderFacts, offeredActions, planAction } from './order-actions.ts';
import { ORDER_STATE, ORDER_STATES, STATE_LABEL } from '../../domain/parking-codes.ts';

/** An order in `state` with a split that makes money actions meaningful: paid, owing, or both. */
const orderIn = (state: number, split: { paid: number; owed: number }, pendingRefundCents = 0) => ({
  facts: { state, owedCents: split.owed, paidCents: split.paid, refundedCents: 0, pendingRefundCents } as OrderFacts,
  row: {
    id: 'o1',
    orderNo: 'P1',
    parkingId: 'p1',
    state: state as OrderFacts['state'],
    exitTime: null,
    refundedCents: 0,
    receivableCents: split.paid + split.owed,
    discountCents: 0,
    paidCents: split.paid,
    owedCents: split.owed,
  },
});

/** An input each action accepts when its state allows it. */
const INPUT: Record<OrderAction, { reason: string; receivableCents?: number; amountCents?: number }> = {
  close: { reason: 'r' },
  changeAmount: { reason: 'r', receivableCents: 1234 },
  waive: { reason: 'r' },
  arrears: { reason: 'r' },
  refund: { reason: 'r', amountCents: 1 },
};

const accepted = (o: ReturnType<typeof orderIn>, action: OrderAction) => {
  try {
    planAction(o.row, action, INPUT[action], o.facts.pendingRefundCents);
    return true;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return false;
  }
};

describe('what the details page offers is what the server accepts', () => {
  const splits = [
    { paid: 500, owed: 0 },
    { paid: 0, owed: 500 },
    { paid: 300, owed: 200 },
    { paid: 0, owed: 0 },
  ];
  for (const state of ORDER_STATES) {
    it(`in ${STATE_LABEL[state]} (${state}), for every split and pending refund`, () => {
      for (const split of splits) {
        for (const pending of [0, split.paid]) {
          const o = orderIn(state, split, pending);
          const offered = offeredActions(o.facts);
          for (const action of ORDER_ACTIONS) expect([action, accepted(o, action)]).toEqual([action, offered.includes(action)]);
        }
      }
    });
  }

  it('refuses a refund on an abnormal order, which the page never offered', () => {
    const o = orderIn(ORDER_STATE.ABNORMAL, { paid: 500, owed: 0 });
    expect(offeredActions(o.facts)).not.toContain('refund');
    expect(() => planAction(o.row, 'refund', INPUT.refund)).toThrow('订单当前状态为“异常”，不能申请退款');
  });
});
