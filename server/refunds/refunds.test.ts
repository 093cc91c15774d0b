import { describe, expect, it } from 'vitest';
import { REFUND_STATE, REFUND_STATES, REFUND_STATUS, type RefundState } from '../../domain/refund-codes.ts';
import { balanced, split, netPaid, withRefund } from '../orders/amounts.ts';
import { type PaymentRefunds, refundRefusal, refundableOf } from './refundable.ts';
import { type RefundEvent, refundEventsFrom, refundTransition } from './state-machine.ts';

/** What a payment may still give back, the channels' limits, and the refund's state machine. */

const S = REFUND_STATE;
const NOW = new Date('2026-03-02T08:00:00+08:00');
const DAY = 86_400_000;

const wechat = (refunds: [number, RefundState][], valueCents = 1000, daysAgo = 1): PaymentRefunds => ({
  channel: 1,
  payTime: new Date(NOW.getTime() - daysAgo * DAY),
  valueCents,
  refunds: refunds.map(([amountCents, status]) => ({ amountCents, status })),
});

describe('refundable amount of one payment', () => {
  it('is the value less earlier refunds done and under way; rejected and closed ones give theirs back', () => {
    const p = wechat([
      [200, S.REFUNDED],
      [100, S.APPLIED],
      [50, S.FAILED], // a failed refund is retried under its number: still held
      [300, S.REJECTED],
      [400, S.CLOSED],
    ]);
    expect(refundableOf(p)).toBe(650);
    expect(refundRefusal(p, 650, NOW)).toBeNull();
    expect(refundRefusal(p, 651, NOW)).toBe('退款金额不能超过该笔支付的可退金额6.50元（支付10.00元，已退2.00元，退款中1.50元）');
  });

  it('refuses a payment refunded in full, and an amount that is not a positive whole number of cents', () => {
    expect(refundRefusal(wechat([[1000, S.REFUNDED]]), 1, NOW)).toBe('该笔支付已无可退金额');
    expect(refundRefusal(wechat([]), 0, NOW)).toBe('退款金额必须是大于0的整数（分）');
    expect(refundRefusal(wechat([]), 1.5, NOW)).toBe('退款金额必须是大于0的整数（分）');
  });

  it("enforces WeChat Pay's limits by name: 50 refunds per payment, none after 365 days", () => {
    const fifty = wechat(Array.from({ length: 50 }, () => [1, S.REFUNDED] as [number, RefundState]));
    expect(refundRefusal(fifty, 1, NOW)).toBe('微信每笔支付最多退款50次（渠道限制），该笔已有50次退款');
    const fortyNineAndRejected = wechat([...Array.from({ length: 49 }, () => [1, S.REFUNDED] as [number, RefundState]), [1, S.REJECTED]]);
    expect(refundRefusal(fortyNineAndRejected, 1, NOW)).toBeNull();
    expect(refundRefusal(wechat([], 1000, 366), 100, NOW)).toBe('微信支付超过365天不能退款（渠道限制）');
    expect(refundRefusal(wechat([], 1000, 364), 100, NOW)).toBeNull();
    // cash has no such limits (it is recorded only)
    expect(refundRefusal({ ...wechat([], 1000, 400), channel: 3 }, 100, NOW)).toBeNull();
  });
});

describe('refund state machine', () => {
  const LEGAL: [RefundState, RefundEvent, RefundState][] = [
    [S.APPLIED, 'approve', S.APPROVED],
    [S.APPLIED, 'reject', S.REJECTED],
    [S.APPROVED, 'send', S.REFUNDING],
    [S.APPROVED, 'record', S.REFUNDED],
    [S.REFUNDING, 'succeed', S.REFUNDED],
    [S.REFUNDING, 'fail', S.FAILED],
    [S.FAILED, 'retry', S.REFUNDING],
    [S.FAILED, 'close', S.CLOSED],
  ];

  it.each(LEGAL)('%s --%s--> %s', (from, event, to) => {
    expect(refundTransition(from, event)).toEqual({ ok: true, to });
  });

  it('refuses every other arrow, naming the state, and ends nowhere after refunded, rejected or closed', () => {
    const events: RefundEvent[] = ['approve', 'reject', 'send', 'record', 'succeed', 'fail', 'retry', 'close'];
    for (const from of REFUND_STATES)
      for (const event of events) {
        if (LEGAL.some(([f, e]) => f === from && e === event)) continue;
        const t = refundTransition(from, event);
        expect(t.ok, `${from} ${event}`).toBe(false);
        if (!t.ok) expect(t.msg).toMatch(new RegExp(`^退款单当前状态为“${REFUND_STATUS[from]}”，不能`));
      }
    expect(refundTransition(S.REFUNDED, 'approve')).toEqual({ ok: false, msg: '退款单当前状态为“已退款”，不能通过' });
    for (const end of [S.REFUNDED, S.REJECTED, S.CLOSED]) expect(refundEventsFrom(end)).toEqual([]);
  });
});

describe('amount invariant with refunds', () => {
  it('partial refunds keep receivable = discount + payments + owed, and 实收 is payments less refunds', () => {
    let s = { ...split(2000, 300, 1500), refundedCents: 0 }; // owes 200
    for (const cents of [400, 100, 1000]) {
      s = withRefund(s, cents)!;
      expect(balanced(s)).toBe(true);
    }
    expect(s).toEqual({ receivableCents: 2000, discountCents: 300, paidCents: 1500, owedCents: 200, refundedCents: 1500 });
    expect(netPaid(s)).toBe(0);
    // more than the order kept is refused
    expect(withRefund(s, 1)).toBeNull();
  });
});
