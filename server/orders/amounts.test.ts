import { describe, expect, it } from 'vitest';
import { balanced, split, waived, withPayment, withReceivable, netPaid, withRefund } from './amounts.ts';

/** receivable = discount + net payments + owed, through every change an order can go through. */
describe('order split amounts', () => {
  it('a priced stay splits into discount, paid and owed that add up to the receivable', () => {
    const s = split(1250, 300, 500);
    expect(s).toEqual({ receivableCents: 1250, discountCents: 300, paidCents: 500, owedCents: 450 });
    expect(balanced(s)).toBe(true);
  });

  it('a discount larger than the fee is capped at the fee, and nothing is owed', () => {
    expect(split(200, 500, 0)).toEqual({ receivableCents: 200, discountCents: 200, paidCents: 0, owedCents: 0 });
  });

  it('payments, a new receivable, a waiver and a refund keep the sum', () => {
    let s = split(3000, 0, 0);
    s = withPayment(s, 1000);
    expect(balanced(s)).toBe(true);
    const raised = withReceivable(s, 3500);
    expect(typeof raised).toBe('object');
    s = raised as typeof s;
    expect(s.owedCents).toBe(2500);
    s = waived(s);
    expect(s).toMatchObject({ discountCents: 2500, owedCents: 0 });
    const refunded = withRefund({ ...s, refundedCents: 0 }, 400)!;
    // what the stay cost and the payments taken stay; the refund is counted apart
    expect(refunded).toMatchObject({ receivableCents: 3500, paidCents: 1000, refundedCents: 400 });
    expect(netPaid(refunded)).toBe(600);
    expect(balanced(refunded)).toBe(true);
  });

  it('a new receivable below what is already discounted and paid is refused, pointing to a refund', () => {
    expect(withReceivable(split(3000, 500, 1000), 1200)).toBe(
      '调整后的应收金额不能小于已优惠与已支付之和（15.00元），多收的款项请申请退款',
    );
  });

  it('a receivable that is not whole cents is refused', () => {
    expect(withReceivable(split(100, 0, 0), 12.5)).toBe('应收金额必须是不小于0的整数（分）');
  });

  it('an unbalanced or negative split is not balanced', () => {
    expect(balanced({ receivableCents: 100, discountCents: 0, paidCents: 50, owedCents: 40 })).toBe(false);
    expect(balanced({ receivableCents: 0, discountCents: 50, paidCents: 0, owedCents: -50 })).toBe(false);
  });
});
