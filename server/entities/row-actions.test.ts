import { describe, expect, it } from 'vitest';
import { arrearsActions, cardActions, couponActions, refundActions } from './row-actions';
import { CARD_STATUS } from '../../domain/card-codes';
import { ARREARS_STATUS } from '../../domain/arrears-codes';
import { REFUND_STATE } from '../../domain/refund-codes';

describe("a row's actions, from its state machine", () => {
  it('refunds: approve or reject an application, retry or close a failure, nothing else', () => {
    expect(refundActions(REFUND_STATE.APPLIED)).toEqual(['approve', 'reject']);
    expect(refundActions(REFUND_STATE.FAILED)).toEqual(['retry', 'close']);
    expect(refundActions(REFUND_STATE.APPROVED)).toEqual([]);
    expect(refundActions(REFUND_STATE.REFUNDED)).toEqual([]);
  });

  it('cards: pay or delete an unpaid card, renew and freeze an active one, unfreeze a frozen one', () => {
    expect(cardActions(CARD_STATUS.PENDING_PAY)).toEqual(['pay', 'delete']);
    expect(cardActions(CARD_STATUS.ACTIVE)).toEqual(['renew', 'freeze']);
    expect(cardActions(CARD_STATUS.EXPIRED)).toEqual(['renew']);
    expect(cardActions(CARD_STATUS.FROZEN)).toEqual(['unfreeze']);
    expect(cardActions(CARD_STATUS.REFUNDED)).toEqual([]);
  });

  it('arrears: collect, write off or dispute an open debt; resolve or write off a disputed one', () => {
    expect(arrearsActions(ARREARS_STATUS.OPEN)).toEqual(['pay', 'writeOff', 'dispute']);
    expect(arrearsActions(ARREARS_STATUS.DISPUTED)).toEqual(['writeOff', 'resolve']);
    expect(arrearsActions(ARREARS_STATUS.WRITTEN_OFF)).toEqual([]);
  });

  it('coupons: void an issued one', () => {
    expect(couponActions(0)).toEqual(['void']);
    expect(couponActions(1)).toEqual([]);
  });
});
