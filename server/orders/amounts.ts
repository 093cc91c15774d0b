/**
 * The split amounts of an order (money-and-charging.md §1): receivable = discount + net payments +
 * owed, in integer cents. Every service computes new amounts through these functions, and the
 * table's check constraint refuses a row that breaks the sum.
 */

export interface Split {
  receivableCents: number;
  discountCents: number;
  /** payments net of completed refunds */
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

/** A completed refund lowers net payments and the receivable alike, so nothing becomes owed. */
export const withRefund = (s: Split, cents: number): Split => ({
  ...s,
  paidCents: s.paidCents - cents,
  receivableCents: s.receivableCents - cents,
});
