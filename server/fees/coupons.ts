import { MINUTE_MS } from '../../domain/china-time.ts';
import { COUPON_FROM, COUPON_KIND } from '../../domain/fee-codes.ts';
import { yuan } from '../../domain/money.ts';
import { priceSpan } from './span.ts';
import type { FeeCoupon, FeeDiscountLine, FeeRuleBody } from './types.ts';

/** Bounds of what a coupon may take off: a week of time, ten thousand yuan. */
export const COUPON_LIMITS = { minutes: 10_080, cents: 1_000_000 } as const;

const KIND_NAMES: Record<string, string> = COUPON_KIND;
const list = (codes: object) =>
  Object.keys(codes)
    .join('、')
    .replace(/、([^、]*)$/, '或$1');

const whole = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * Null when the coupon can be priced, else what is wrong with it, naming the coupon (第n张) and its
 * field: a coupon the engine cannot price is refused, never read as "waive everything".
 */
export function couponProblem(c: FeeCoupon, n: number): string | null {
  const who = `第${n}张优惠券（${KIND_NAMES[c.kind] ?? c.kind}）`;
  switch (c.kind) {
    case 'minutes':
      if (c.minutes === undefined) return `${who}须填写减免时长minutes（分钟）`;
      if (!whole(c.minutes, 1, COUPON_LIMITS.minutes)) return `${who}的减免时长必须是1到${COUPON_LIMITS.minutes}之间的整数（分钟）`;
      if (c.from !== undefined && c.from !== 'start' && c.from !== 'end') return `${who}的减免位置只能是${list(COUPON_FROM)}`;
      return null;
    case 'amount':
      if (c.cents === undefined) return `${who}须填写减免金额cents（分）`;
      if (!whole(c.cents, 1, COUPON_LIMITS.cents)) return `${who}的减免金额必须是1到${COUPON_LIMITS.cents}之间的整数（分）`;
      return null;
    case 'percent':
      if (c.percent === undefined) return `${who}须填写折扣percent（80即八折）`;
      if (!whole(c.percent, 0, 100)) return `${who}的折扣必须是0到100之间的整数（80即八折）`;
      return null;
    case 'free':
      return null;
    default:
      return `第${n}张优惠券的类型只能是${list(COUPON_KIND)}`;
  }
}

export const couponName = (c: FeeCoupon): string =>
  c.name ??
  (c.kind === 'minutes'
    ? `减免${c.minutes}分钟`
    : c.kind === 'amount'
      ? `减免${yuan(c.cents)}元`
      : c.kind === 'percent'
        ? `${c.percent / 10}折`
        : '全免');

/**
 * What coupons take off a priced span (§2.2 step 9): time coupons first (the span re-priced without
 * their minutes at its start or end; the difference is the discount), then percentage, amount and
 * free coupons in the order given, each on what is left. Never more than the fee.
 */
export function applyCoupons(
  rule: FeeRuleBody,
  from: number,
  to: number,
  totalCents: number,
  coupons: FeeCoupon[],
): { discountCents: number; discounts: FeeDiscountLine[] } {
  coupons.forEach((c, i) => {
    const problem = couponProblem(c, i + 1);
    if (problem) throw new RangeError(problem);
  });
  let discountCents = 0;
  const discounts: FeeDiscountLine[] = [];
  const timeCoupons = coupons.filter((c): c is Extract<FeeCoupon, { kind: 'minutes' }> => c.kind === 'minutes');
  if (timeCoupons.length) {
    let a = from;
    let b = to;
    for (const c of timeCoupons) {
      if (c.from === 'end') b -= c.minutes * MINUTE_MS;
      else a += c.minutes * MINUTE_MS;
    }
    const off = totalCents - (b > a ? priceSpan(rule, a, b).totalCents : 0);
    discountCents += off;
    discounts.push({ name: timeCoupons.map(couponName).join('、'), kind: 'minutes', cents: off });
  }
  for (const c of coupons) {
    if (c.kind === 'minutes') continue;
    const left = totalCents - discountCents;
    const off = c.kind === 'percent' ? left - Math.round((left * c.percent) / 100) : c.kind === 'amount' ? Math.min(left, c.cents) : left;
    discountCents += off;
    discounts.push({ name: couponName(c), kind: c.kind, cents: off });
  }
  return { discountCents, discounts };
}
