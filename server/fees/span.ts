import { apply24hCaps, applyWindowCaps } from './caps.ts';
import { piecesOf } from './timeline.ts';
import { pricePiece, type Charge, type PricingState } from './window-pricers.ts';
import type { FeeLine, FeeRuleBody } from './types.ts';

export interface PricedSpan {
  lines: FeeLine[];
  totalCents: number;
}

/**
 * Prices [from, to) under a rule (§2.2 steps 3–6): the span in pieces along the clock windows, each
 * piece priced by its window's kind (units rounded up once per piece, the first-period ladder,
 * per-visit prices), the boundary-unit behaviour between pieces, then the caps in their own pass:
 * each window occurrence's cap, then the 24-hour caps from `from`. Free minutes, coupons and
 * payments are the caller's (`engine.ts`).
 */
export function priceSpan(rule: FeeRuleBody, from: number, to: number): PricedSpan {
  if (to <= from) return { lines: [], totalCents: 0 };
  const state: PricingState = { rule, cap24From: rule.cap24Cents.length ? from : null, ladderCount: 0, ladderDate: '', carry: 0 };
  const charges: Charge[] = piecesOf(rule, from, to).flatMap((piece) => pricePiece(piece, state));
  const lines = apply24hCaps(rule.cap24Cents, from, to, applyWindowCaps(charges));
  return { lines, totalCents: lines.reduce((s, l) => s + l.feeCents, 0) };
}
