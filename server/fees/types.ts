/**
 * Fee rules (计费规则) and the fee engine's input and output.
 *
 * Money is integer cents everywhere; times are instants, read on the +08:00 wall clock.
 * The shapes follow `notes/money-and-charging.md` §2: a rule is a set of clock windows (day, night,
 * free hours, custom), each priced per unit (with a first-period ladder), per visit, or free, plus
 * free minutes, caps, the boundary-unit behaviour, a non-working-day variant and grace after payment.
 */

import type { AFTER_GRACE, BOUNDARY, COUPON_FROM, FREE_MODE, LADDER_SCOPE, WINDOW_KIND } from '../../domain/fee-codes.ts';

/** How a clock window prices the part of a stay that falls in it. */
export type FeeWindowKind = keyof typeof WINDOW_KIND;

/** One step of a first-period ladder: the next `minutes` of chargeable time cost `unitPriceCents` per unit. */
export interface FeeLadderStep {
  /** a multiple of the window's unit minutes */
  minutes: number;
  unitPriceCents: number;
}

interface FeeWindowBase {
  /** shown on the fee lines: 白天, 夜间, 免费时段 */
  name: string;
  /** 'HH:mm' */
  start: string;
  /** 'HH:mm' */
  end: string;
  /** cap of one occurrence of this window (e.g. day 07:00–19:00 of one date at most 15 yuan); null = none */
  capCents?: number | null;
}

/** Priced per unit of time: a part unit counts as a whole unit, the first units may follow a ladder. */
export interface FeeUnitWindow extends FeeWindowBase {
  kind: 'unit';
  /** minutes per unit */
  unitMinutes: number;
  /** price of each unit after the ladder */
  unitPriceCents: number;
  /** first-period prices, counted over the stay or per day (`ladderScope`) */
  ladder?: FeeLadderStep[];
}

/** A flat price per contiguous piece of the stay in this window (按次). */
export interface FeeVisitWindow extends FeeWindowBase {
  kind: 'visit';
  visitPriceCents: number;
  /** charge again every N minutes inside one piece (重新计费时长); null = once */
  visitRepeatMinutes?: number | null;
}

export interface FeeFreeWindow extends FeeWindowBase {
  kind: 'free';
}

/**
 * A clock window of the day. `end` before `start` crosses midnight; `start === end` is all day
 * (one occurrence runs from `start` to `start` the next day). The windows of one rule cover the
 * 24 hours without overlap (`validate.ts`), and each has the prices of its kind.
 */
export type FeeWindow = FeeUnitWindow | FeeVisitWindow | FeeFreeWindow;

/** Everything that prices a stay; what the rule form edits and what a version freezes. */
export interface FeeRuleBody {
  /** stays shorter than this are free ('whole'), or this much is deducted from the start ('deduct') */
  freeMinutes: number;
  /** 'whole': stay < F → 0, else charge from entry (the F minutes count); 'deduct': bill from entry + F */
  freeMode: keyof typeof FREE_MODE;
  /**
   * A unit cut by the end of its window: 'perPiece' rounds each piece up on its own (跨时段合计);
   * 'completeAtEarlier' completes the unit at the earlier window's price and starts the next
   * window's piece after it (ParkingOS is_fulldaytime=0, yunqi rangeTime carry).
   */
  boundary: keyof typeof BOUNDARY;
  /** first-period ladder counts the chargeable units of the whole stay, or restarts each calendar day */
  ladderScope: keyof typeof LADDER_SCOPE;
  /** windows on working days (or every day when there is no non-working variant) */
  windows: FeeWindow[];
  /** windows on non-working days of the state calendar (weekends and holidays, not make-up working days) */
  nonWorkingWindows?: FeeWindow[] | null;
  /** caps per 24 h from the billed start: [3000, 4000, 5000] = first 30, second 40, from the third 50 yuan; [] = none */
  cap24Cents: number[];
  /** after a payment the car may leave within this many minutes without paying more */
  graceMinutes: number;
  /** past the grace window: pay what the longer stay adds, or re-bill from payment time without free minutes */
  afterGrace: keyof typeof AFTER_GRACE;
  /** car classes that park free under this rule (e.g. whitelist) */
  freeCarClasses: number[];
}

/** A rule as priced: its body plus which saved rule and version it is (null for an unsaved body). */
export interface FeeRuleSnapshot extends FeeRuleBody {
  ruleId: string | null;
  version: number | null;
  ruleName: string;
}

/** What an issued coupon (server/coupons) adds: its number, the most it takes off, whether it must be alone. */
export interface FeeCouponTerms {
  name?: string;
  couponNo?: string;
  /** the most this coupon takes off, in cents (the merchant's cap) */
  capCents?: number;
  /** may not be used with any other coupon on the stay */
  alone?: boolean;
}

/** A coupon applied after the fee (§2.2 step 9). */
export type FeeCoupon = FeeCouponTerms &
  (
    | { kind: 'minutes'; minutes: number; from?: keyof typeof COUPON_FROM }
    | { kind: 'amount'; cents: number }
    /** pay `percent` per cent of the fee left (80 = 八折) */
    | { kind: 'percent'; percent: number }
    /** pay `permille` per mille of the fee left (800 = 8折, −20 %) */
    | { kind: 'discount'; permille: number }
    | { kind: 'free' }
  );

export interface FeePriorPayment {
  at: Date | string | number;
  cents: number;
}

export type Instant = Date | string | number;

export interface FeeStayInput {
  rule: FeeRuleSnapshot;
  entry: Instant;
  /** the exit, or now for a car still inside: the engine never reads the clock */
  exit: Instant;
  carClass?: number;
  plateColor?: number;
  coupons?: FeeCoupon[];
  payments?: FeePriorPayment[];
  /** parts of the stay a monthly or group card covers (fees/card-cover.ts): not charged, shown as lines of 0 */
  cover?: FeeCover[];
}

/** A part of a stay a card covers, and why (月卡YK0001有效（全天）). */
export interface FeeCover {
  from: Instant;
  to: Instant;
  reason: string;
}

export type FeeLineKind = 'unit' | 'ladder' | 'visit' | 'free' | 'periodCap' | 'cap24' | 'exempt' | 'card';

/** One fee line (§2.2 step 11): a piece of the stay at one price, or a cap taken off. */
export interface FeeLine {
  /** the window's name, or 封顶 / 24小时封顶 */
  piece: string;
  kind: FeeLineKind;
  /** ISO instants with +08:00 */
  from: string;
  to: string;
  units: number;
  unitPriceCents: number;
  /** negative for caps */
  feeCents: number;
  /** a short Chinese description: 首时段, 每30分钟1.50元, 白天封顶15.00元 */
  part: string;
  /**
   * which tariff of a rule with a non-working-day variant priced this piece (the one in force at
   * its start); null when the rule prices every day alike, and on cap lines
   */
  calendar: FeeCalendar;
}

export type FeeCalendar = 'working' | 'nonWorking' | null;

export interface FeeDiscountLine {
  name: string;
  kind: FeeCoupon['kind'];
  cents: number;
  /** the issued coupon this line is (absent for an ad-hoc calculator coupon) */
  couponNo?: string;
}

export interface FeeBill {
  ruleId: string | null;
  version: number | null;
  ruleName: string;
  /** receivable: the fee of the stay before coupons */
  totalCents: number;
  discountCents: number;
  paidCents: number;
  /** total − discount − paid, never negative (re-bill: the fee since the last payment) */
  dueCents: number;
  /** the priced span, after the free-minute deduction (time coupons show as a discount, not here) */
  billedFrom: string;
  billedTo: string;
  stayMinutes: number;
  /** the exit is inside the grace window of the last payment */
  inGrace: boolean;
  lines: FeeLine[];
  discounts: FeeDiscountLine[];
  /** why parts are free or re-billed, in Chinese */
  notes: string[];
}
