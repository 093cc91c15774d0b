import { MINUTE_MS } from '../../domain/china-time.ts';
import { COUPON_FROM, COUPON_KIND } from '../../domain/fee-codes.ts';
import { yuan } from '../../domain/money.ts';
import { discountLabel } from '../../domain/coupon-codes.ts';
import type { FeeCoupon, FeeDiscountLine } from './types.ts';

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
  const who = `第${n}张优惠券（${c.couponNo ?? KIND_NAMES[c.kind] ?? c.kind}）`;
  if (c.capCents !== undefined && !whole(c.capCents, 0, COUPON_LIMITS.cents))
    return `${who}的最高抵扣金额必须是0到${COUPON_LIMITS.cents}之间的整数（分）`;
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
    case 'discount':
      if (!whole(c.permille, 1, 999)) return `${who}的折扣必须是1到999之间的整数（应付千分比，800即8折）`;
      return null;
    case 'free':
      return null;
    default:
      return `第${n}张优惠券的类型只能是${list(COUPON_KIND)}`;
  }
}

/** Full-free and discount coupons take a share of the whole fee: one of them per stay (§6, yunqi). */
const EXCLUSIVE: ReadonlySet<FeeCoupon['kind']> = new Set(['free', 'discount', 'percent']);

/** Null when the coupons may be used together on one stay (§6), else why not. */
export function stackingProblem(coupons: FeeCoupon[]): string | null {
  const named = (c: FeeCoupon) => c.couponNo ?? couponName(c);
  const alone = coupons.find((c) => c.alone);
  if (alone && coupons.length > 1) return `优惠券${named(alone)}不可与其他优惠券叠加使用`;
  const exclusive = coupons.filter((c) => EXCLUSIVE.has(c.kind));
  if (exclusive.length > 1) return `全免券和折扣券每次停车只能使用一张（${exclusive.map(named).join('、')}）`;
  return null;
}

export const couponName = (c: FeeCoupon): string =>
  c.name ??
  (c.kind === 'minutes'
    ? `减免${c.minutes}分钟`
    : c.kind === 'amount'
      ? `减免${yuan(c.cents)}元`
      : c.kind === 'percent'
        ? `${c.percent / 10}折`
        : c.kind === 'discount'
          ? discountLabel(c.permille)
          : '全免');

/** The payable share of `left` cents at `permille` per mille, rounded half up to the cent. */
export const payableAt = (left: number, permille: number): number => Math.floor((left * permille + 500) / 1000);

/** Non-time coupons apply in this order whatever order they were given in: ratios, then amounts, then free. */
const RANK: Record<FeeCoupon['kind'], number> = { minutes: 0, discount: 1, percent: 1, amount: 2, free: 3 };

/**
 * What coupons take off a priced span (§2.2 step 9): time coupons first, one by one (the span
 * re-priced without their minutes at its start or end; the difference is the discount), then
 * discount, amount and free coupons, each on what is left. Each coupon takes at most its cap; all
 * of them together never more than the fee, so the total is never negative.
 */
export function applyCoupons(
  from: number,
  to: number,
  totalCents: number,
  coupons: FeeCoupon[],
  /** the fee of a shortened stay, priced as the stay was (a card's cover included) */
  reprice: (from: number, to: number) => number,
): { discountCents: number; discounts: FeeDiscountLine[] } {
  coupons.forEach((c, i) => {
    const problem = couponProblem(c, i + 1);
    if (problem) throw new RangeError(problem);
  });
  const stacking = stackingProblem(coupons);
  if (stacking) throw new RangeError(stacking);
  let discountCents = 0;
  const discounts: FeeDiscountLine[] = [];
  const take = (c: FeeCoupon, off: number) => {
    const cents = Math.max(0, Math.min(off, c.capCents ?? off, totalCents - discountCents));
    discountCents += cents;
    discounts.push({ name: couponName(c), kind: c.kind, cents, ...(c.couponNo ? { couponNo: c.couponNo } : {}) });
  };
  let a = from;
  let b = to;
  let priced = totalCents;
  for (const c of coupons) {
    if (c.kind !== 'minutes') continue;
    if (c.from === 'end') b -= c.minutes * MINUTE_MS;
    else a += c.minutes * MINUTE_MS;
    const now = b > a ? reprice(a, b) : 0;
    take(c, priced - now);
    priced = now;
  }
  const rest = coupons.filter((c) => c.kind !== 'minutes').sort((x, y) => RANK[x.kind] - RANK[y.kind]);
  for (const c of rest) {
    const left = totalCents - discountCents;
    take(
      c,
      c.kind === 'percent'
        ? left - Math.round((left * c.percent) / 100)
        : c.kind === 'discount'
          ? left - payableAt(left, c.permille)
          : c.kind === 'amount'
            ? c.cents
            : left,
    );
  }
  return { discountCents, discounts };
}
