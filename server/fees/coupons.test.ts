import { describe, expect, it } from 'vitest';
import { priceStay } from './engine.ts';
import { payableAt, stackingProblem } from './coupons.ts';
import { RULE_A } from './sample-rules.ts';
import type { FeeCoupon, FeeRuleSnapshot } from './types.ts';
import { couponValueLabel, discountLabel } from '../../domain/coupon-codes.ts';

/** Issued coupons in the engine (§2.2 step 9, §6): per-mille discounts, caps, order and stacking, by hand-worked cents. */

// 3.70 yuan an hour, no free minutes, no caps: an odd price so per-mille shares need rounding
const flat: FeeRuleSnapshot = {
  ...RULE_A,
  freeMinutes: 0,
  windows: [{ name: '全天', start: '00:00', end: '00:00', kind: 'unit', unitMinutes: 60, unitPriceCents: 370 }],
  cap24Cents: [],
};
const bill = (hours: number, coupons: FeeCoupon[]) =>
  priceStay({
    rule: flat,
    entry: '2024-05-06T08:00:00+08:00',
    exit: `2024-05-06T${String(8 + hours).padStart(2, '0')}:00:00+08:00`,
    coupons,
  });

describe('per-mille discounts', () => {
  it('shows the payable ratio both ways', () => {
    expect(discountLabel(800)).toBe('8折（−20 %）');
    expect(discountLabel(850)).toBe('8.5折（−15 %）');
    expect(couponValueLabel(4, 875)).toBe('8.75折（−12.5 %）');
    expect(couponValueLabel(1, 500)).toBe('5.00元');
  });

  it('rounds the payable share half up to the cent', () => {
    // 1110 × 0.8 = 888 exactly; 370 × 0.85 = 314.5 → 315; 1850 × 0.333 = 616.05 → 616
    expect(payableAt(1110, 800)).toBe(888);
    expect(payableAt(370, 850)).toBe(315);
    expect(payableAt(1850, 333)).toBe(616);
  });

  it('a 8折 coupon on a 3-hour stay: 11.10 yuan, 2.22 off, 8.88 due', () => {
    const b = bill(3, [{ kind: 'discount', permille: 800, couponNo: 'CP202405060001' }]);
    expect(b).toMatchObject({ totalCents: 1110, discountCents: 222, dueCents: 888 });
    expect(b.discounts).toEqual([{ name: '8折（−20 %）', kind: 'discount', cents: 222, couponNo: 'CP202405060001' }]);
  });

  it("a cap stops a discount at the merchant's limit", () => {
    // 5 h = 18.50; 5折 would take 9.25; the cap is 5.00
    expect(bill(5, [{ kind: 'discount', permille: 500, capCents: 500 }])).toMatchObject({ discountCents: 500, dueCents: 1350 });
  });
});

describe('order and stacking', () => {
  it('minutes first, then the discount, then amounts, whatever order they are given in', () => {
    // 4 h = 14.80; 60 minutes off → 3 h = 11.10 (3.70 off); 8折 of 11.10 → 2.22 off, 8.88 left;
    // 3.00 off → 5.88 due. Discount 3.70 + 2.22 + 3.00 = 8.92
    const coupons: FeeCoupon[] = [
      { kind: 'amount', cents: 300 },
      { kind: 'discount', permille: 800 },
      { kind: 'minutes', minutes: 60 },
    ];
    const b = bill(4, coupons);
    expect(b).toMatchObject({ totalCents: 1480, discountCents: 892, dueCents: 588 });
    expect(b.discounts.map((d) => [d.kind, d.cents])).toEqual([
      ['minutes', 370],
      ['discount', 222],
      ['amount', 300],
    ]);
  });

  it('two amount coupons stack but never take the total below zero', () => {
    // 1 h = 3.70: the first 3.00 coupon takes 3.00, the second only the 0.70 left
    const b = bill(1, [
      { kind: 'amount', cents: 300 },
      { kind: 'amount', cents: 300 },
    ]);
    expect(b).toMatchObject({ discountCents: 370, dueCents: 0 });
    expect(b.discounts.map((d) => d.cents)).toEqual([300, 70]);
  });

  it('a capped free coupon leaves the rest to pay', () => {
    expect(bill(2, [{ kind: 'free', capCents: 500 }])).toMatchObject({ totalCents: 740, discountCents: 500, dueCents: 240 });
  });

  it('refuses two exclusive coupons and a coupon that must be alone', () => {
    expect(
      stackingProblem([
        { kind: 'free', couponNo: 'CPA' },
        { kind: 'discount', permille: 800, couponNo: 'CPB' },
      ]),
    ).toBe('全免券和折扣券每次停车只能使用一张（CPA、CPB）');
    expect(
      stackingProblem([
        { kind: 'amount', cents: 300, alone: true, couponNo: 'CPA' },
        { kind: 'minutes', minutes: 30 },
      ]),
    ).toBe('优惠券CPA不可与其他优惠券叠加使用');
    expect(
      stackingProblem([
        { kind: 'amount', cents: 300 },
        { kind: 'minutes', minutes: 30 },
      ]),
    ).toBeNull();
    expect(() => bill(2, [{ kind: 'free' }, { kind: 'free' }])).toThrow('全免券和折扣券每次停车只能使用一张');
  });
});
