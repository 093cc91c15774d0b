/**
 * What one payment may still give back (money-and-charging.md §4): its value minus what was refunded
 * and what is still held by refunds under way, within its channel's limits. Pure, so the apply
 * screen, the details page and the server's refusal say the same.
 */

import { CHANNEL_REFUND_RULES, HELD_REFUND_STATES, REFUND_STATE, type RefundState } from '../../domain/refund-codes.ts';
import { PAY_CHANNEL } from '../../domain/parking-codes.ts';
import { yuan } from '../../domain/money.ts';

const DAY = 86_400_000;

export interface PaymentRefunds {
  channel: number;
  payTime: Date;
  valueCents: number;
  /** the payment's earlier refund requests */
  refunds: { amountCents: number; status: RefundState }[];
}

const sum = (p: PaymentRefunds, states: readonly RefundState[]): number =>
  p.refunds.filter((r) => states.includes(r.status)).reduce((s, r) => s + r.amountCents, 0);

export const refundedOf = (p: PaymentRefunds): number => sum(p, [REFUND_STATE.REFUNDED]);
export const heldOf = (p: PaymentRefunds): number => sum(p, HELD_REFUND_STATES);
export const refundableOf = (p: PaymentRefunds): number => Math.max(0, p.valueCents - refundedOf(p) - heldOf(p));

/** Requests that count against a channel's refund limit: all but the rejected and closed. */
const countedRefunds = (p: PaymentRefunds): number =>
  p.refunds.filter((r) => r.status !== REFUND_STATE.REJECTED && r.status !== REFUND_STATE.CLOSED).length;

/** Why the payment takes no refund at all now (channel limits, nothing left), or null. */
export function paymentRefusal(p: PaymentRefunds, now: Date): string | null {
  const rule = CHANNEL_REFUND_RULES[p.channel] ?? {};
  const channel = PAY_CHANNEL[p.channel] ?? '该渠道';
  if (rule.maxDays !== undefined && now.getTime() - p.payTime.getTime() > rule.maxDays * DAY)
    return `${channel}支付超过${rule.maxDays}天不能退款（渠道限制）`;
  const count = countedRefunds(p);
  if (rule.maxRefunds !== undefined && count >= rule.maxRefunds)
    return `${channel}每笔支付最多退款${rule.maxRefunds}次（渠道限制），该笔已有${count}次退款`;
  if (refundableOf(p) === 0) return '该笔支付已无可退金额';
  return null;
}

/** Why `amountCents` may not be refunded from the payment now, or null. */
export function refundRefusal(p: PaymentRefunds, amountCents: number, now: Date): string | null {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return '退款金额必须是大于0的整数（分）';
  const refused = paymentRefusal(p, now);
  if (refused) return refused;
  const refundable = refundableOf(p);
  if (amountCents > refundable)
    return `退款金额不能超过该笔支付的可退金额${yuan(refundable)}元（支付${yuan(p.valueCents)}元，已退${yuan(refundedOf(p))}元，退款中${yuan(heldOf(p))}元）`;
  return null;
}
