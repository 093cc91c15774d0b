import { CALENDAR_YEARS, calendarKnows, toMs } from './clock.ts';
import { DAY_MS, MINUTE_MS, chinaIso, chinaDate, chinaMidnight } from '../../domain/china-time.ts';
import { applyCoupons } from './coupons.ts';
import { priceSpan } from './span.ts';
import { priceCovered } from './card-cover.ts';
import type { FeeBill, FeeCoupon, FeeCover, FeeDiscountLine, FeeLine, FeeRuleBody, FeeRuleSnapshot, FeeStayInput } from './types.ts';

export type { FeeBill, FeeStayInput } from './types.ts';

interface Priced {
  from: number;
  to: number;
  lines: FeeLine[];
  totalCents: number;
  discountCents: number;
  discounts: FeeDiscountLine[];
  notes: string[];
}

/**
 * The fee of entry → exit before payments (§2.2 steps 1, 2, 9): exempt car classes, free minutes
 * ('whole': a stay shorter than F is free, else it is billed from entry; 'deduct': billed from
 * entry + F), the priced span, then coupons: time coupons move the billed start or end, then
 * percentage, amount and free coupons take off what is left. `noFree` re-bills without free minutes.
 */
function priceStayOnly(
  rule: FeeRuleSnapshot,
  entry: number,
  exit: number,
  carClass: number | undefined,
  coupons: FeeCoupon[],
  noFree = false,
  cover: FeeCover[] = [],
): Priced {
  const notes: string[] = [];
  const empty = (note: string, kind: FeeLine['kind'], piece: string): Priced => ({
    from: entry,
    to: exit,
    lines: [
      { piece, kind, from: chinaIso(entry), to: chinaIso(exit), units: 0, unitPriceCents: 0, feeCents: 0, part: note, calendar: null },
    ],
    totalCents: 0,
    discountCents: 0,
    discounts: [],
    notes: [note],
  });
  if (carClass !== undefined && rule.freeCarClasses.includes(carClass)) return empty('该车辆类别免费停放', 'exempt', '免费车辆');
  const free = noFree ? 0 : rule.freeMinutes * MINUTE_MS;
  if (free > 0 && exit - entry < free) return empty(`停放不足${rule.freeMinutes}分钟，免费`, 'free', '免费时长');
  let from = entry;
  if (free > 0 && rule.freeMode === 'deduct') {
    from = entry + free;
    notes.push(`扣除免费时长${rule.freeMinutes}分钟后计费`);
  } else if (free > 0) {
    notes.push(`停放超过${rule.freeMinutes}分钟，从入场时间起计费`);
  }
  // a card's time is not charged: the pieces outside it are priced each as a temporary stay (§7.3)
  const price = (a: number, b: number) => (cover.length ? priceCovered(rule, a, b, cover) : priceSpan(rule, a, b));
  const base = price(from, exit);
  if (cover.length) notes.push('卡覆盖的时段不计费，其余时段按临时车计费');
  // a time coupon re-prices the shortened stay the same way: with a card, only its charged time is taken off
  const { discountCents, discounts } = applyCoupons(from, exit, base.totalCents, coupons, (a, b) => price(a, b).totalCents);
  return { from, to: exit, lines: base.lines, totalCents: base.totalCents, discountCents, discounts, notes };
}

/**
 * Prices a stay: the one fee function of the platform, used by the calculator, exits, the public
 * pay pages, order details and the seeded history. Pure: the same input gives the same bill (a car
 * still inside is priced with `exit` = now, which the caller reads).
 *
 * - `totalCents` is the receivable before coupons, `discountCents` what coupons take off,
 *   `paidCents` the prior payments, `dueCents = total − discount − paid`, never negative.
 * - Grace after payment (§2.3): leaving within `graceMinutes` of the last payment bills the stay
 *   as if it ended at the payment. Past it, 'totalMinusPaid' bills the whole stay and asks for the
 *   difference; 'rebillFromPayment' keeps the stay up to the payment and adds a new bill from the
 *   payment time without free minutes.
 * - `lines` are the fee lines (§2.2 step 11); their fees add up to `totalCents`.
 */
export function priceStay(input: FeeStayInput): FeeBill {
  const rule = input.rule;
  const entry = toMs(input.entry);
  const exit = Math.max(entry, toMs(input.exit));
  const coupons = input.coupons ?? [];
  const cover = input.cover ?? [];
  const payments = (input.payments ?? []).map((p) => ({ at: toMs(p.at), cents: p.cents }));
  const paidCents = payments.reduce((s, p) => s + p.cents, 0);
  const lastPay = payments.length ? Math.min(exit, Math.max(...payments.map((p) => p.at))) : null;

  let priced: Priced;
  let extra: Priced | null = null;
  let inGrace = false;
  if (lastPay !== null && exit <= lastPay + rule.graceMinutes * MINUTE_MS) {
    inGrace = true;
    priced = priceStayOnly(rule, entry, lastPay, input.carClass, coupons, false, cover);
    priced.notes.push(`缴费后${rule.graceMinutes}分钟内离场，不再收费`);
  } else if (lastPay !== null && rule.afterGrace === 'rebillFromPayment') {
    priced = priceStayOnly(rule, entry, lastPay, input.carClass, coupons, false, cover);
    extra = priceStayOnly(rule, lastPay, exit, input.carClass, [], true, cover);
    priced.notes.push(`缴费后超过${rule.graceMinutes}分钟未离场，从缴费时间起重新计费（无免费时长）`);
  } else {
    priced = priceStayOnly(rule, entry, exit, input.carClass, coupons, false, cover);
    if (lastPay !== null) priced.notes.push(`缴费后超过${rule.graceMinutes}分钟未离场，补缴差额`);
  }

  const firstDue = Math.max(0, priced.totalCents - priced.discountCents - paidCents);
  const totalCents = priced.totalCents + (extra?.totalCents ?? 0);
  return {
    ruleId: rule.ruleId,
    version: rule.version,
    ruleName: rule.ruleName,
    totalCents,
    discountCents: priced.discountCents,
    paidCents,
    dueCents: firstDue + (extra?.totalCents ?? 0),
    billedFrom: chinaIso(priced.from),
    billedTo: chinaIso(extra ? extra.to : priced.to),
    stayMinutes: Math.floor((exit - entry) / MINUTE_MS),
    inGrace,
    lines: extra ? [...priced.lines, ...extra.lines] : priced.lines,
    discounts: priced.discounts,
    notes: [...priced.notes, ...(extra?.notes ?? []), ...calendarNotes(rule, entry, exit)],
  };
}

/** Says when a rule with a non-working-day tariff priced days the state holiday calendar does not know. */
function calendarNotes(rule: FeeRuleBody, entry: number, exit: number): string[] {
  if (!rule.nonWorkingWindows?.length) return [];
  for (let day = chinaMidnight(entry); day < exit; day += DAY_MS) {
    const date = chinaDate(day);
    if (!calendarKnows(date))
      return [`节假日日历只收录${CALENDAR_YEARS.first}–${CALENDAR_YEARS.last}年，${date}起按普通周计价（周一至周五为工作日）`];
  }
  return [];
}
