/**
 * The split amounts of an order (money-and-charging.md §1): receivable = discount + payments taken +
 * owed, in integer cents. The receivable is what the stay cost: a refund never changes it nor the
 * payments taken; it raises the refunded amount, and 实收 (net) is payments − refunds (`netPaid`). Every service computes new amounts through these functions, and the
 * table's check constraint refuses a row that breaks the sum.
 */

export interface Split {
  receivableCents: number;
  discountCents: number;
  /** every payment taken (a refund is counted apart, in refundedCents) */
  paidCents: number;
  owedCents: number;
}

export const balanced = (s: Split): boolean =>
  [s.receivableCents, s.discountCents, s.paidCents, s.owedCents].every((n) => Number.isSafeInteger(n) && n >= 0) &&
  s.receivableCents === s.discountCents + s.paidCents + s.owedCents;

/** A split from a priced total, its discount and what was paid; overpayment is not owed back here (refunds are). */
export function split(receivableCents: number, discountCents: number, paidCents: number): Split {
  const discount = Math.min(discountCents, receivableCents);
  const paid = Math.min(paidCents, receivableCents - discount);
  return { receivableCents, discountCents: discount, paidCents: paid, owedCents: receivableCents - discount - paid };
}

/**
 * A new receivable set by hand: discount and payments stay, owed follows. Answers the reason when
 * the new total is below what is already discounted and paid (that money goes back by a refund).
 */
export function withReceivable(s: Split, receivableCents: number): Split | string {
  if (!Number.isSafeInteger(receivableCents) || receivableCents < 0) return '应收金额必须是不小于0的整数（分）';
  const floor = s.discountCents + s.paidCents;
  if (receivableCents < floor) return `调整后的应收金额不能小于已优惠与已支付之和（${(floor / 100).toFixed(2)}元），多收的款项请申请退款`;
  return { ...s, receivableCents, owedCents: receivableCents - floor };
}

/** Forgives what is owed: it becomes discount. */
export const waived = (s: Split): Split => ({ ...s, discountCents: s.discountCents + s.owedCents, owedCents: 0 });

/** A payment of `cents` lowers what is owed (never below zero: the caller refuses more). */
export const withPayment = (s: Split, cents: number): Split => ({ ...s, paidCents: s.paidCents + cents, owedCents: s.owedCents - cents });

/** 实收: what the order kept of its payments. */
export const netPaid = (o: { paidCents: number; refundedCents: number }): number => o.paidCents - o.refundedCents;

/** A completed refund: the refunded amount goes up; the receivable and the payments taken stay. Null when it is more than the order kept. */
export function withRefund<T extends Split & { refundedCents: number }>(o: T, cents: number): T | null {
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents > netPaid(o)) return null;
  return { ...o, refundedCents: o.refundedCents + cents };
}
