import { describe, expect, it } from 'vitest';
import { chargingActions, chargingTransition, payStatusAfterRefund } from './order-machine.ts';
import { ORDER_STATE as S, PAY_STATUS } from '../../domain/charging-codes.ts';

const offered = (state: number, paidCents = 0, refundCents = 0) => chargingActions({ state, paidCents, refundCents });

describe('the charging order state machine', () => {
  it.each([
    [S.starting, ['stop', 'close']],
    [S.charging, ['stop', 'close']],
    [S.stopping, ['close']],
    [S.finished, []],
    [S.abnormal, ['settle']],
    [S.handled, []],
    [S.unknown, []],
  ])('state %i offers %j (nothing paid)', (state, actions) => {
    expect(offered(state)).toEqual(actions);
  });

  it('offers a refund only on an ended order with money left to give back', () => {
    expect(offered(S.finished, 500, 0)).toEqual(['refund']);
    expect(offered(S.handled, 500, 200)).toEqual(['refund']);
    expect(offered(S.finished, 500, 500)).toEqual([]);
    expect(offered(S.charging, 500, 0)).not.toContain('refund');
  });

  it('refuses an arrow the machine does not have, naming the state', () => {
    expect(chargingTransition(S.finished, 'stopRequested')).toEqual({ ok: false, msg: '订单当前状态为「已完成」，不能远程停止' });
    expect(chargingTransition(S.stopping, 'stopped')).toEqual({ ok: true, to: S.finished });
    expect(chargingTransition(S.charging, 'failed')).toEqual({ ok: true, to: S.abnormal });
    expect(chargingTransition(S.abnormal, 'settled')).toEqual({ ok: true, to: S.handled });
  });

  it('says refunded when all of the payment is back, partly refunded before', () => {
    expect(payStatusAfterRefund(500, 500)).toBe(PAY_STATUS.refunded);
    expect(payStatusAfterRefund(200, 500)).toBe(PAY_STATUS.partRefunded);
  });
});
