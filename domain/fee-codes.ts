/**
 * The choices of a fee rule and of the fee calculator, with the words the rule form, the
 * calculator and the server's messages use (server/seed/system-dicts.ts seeds a dictionary of
 * each; server/fees/rule-schema.ts and the calculator's body are built from the codes).
 */

/** 'whole': a stay shorter than the free minutes is free, a longer one is charged from entry; 'deduct': billed from entry + free minutes. */
export const FREE_MODE = { whole: '不足免费，超过从入场计费', deduct: '扣除免费时长后计费' } as const;

/** A unit cut by the end of its window: rounded up per piece, or completed at the earlier window's price. */
export const BOUNDARY = { perPiece: '各时段分别取整', completeAtEarlier: '按前一时段补足单位' } as const;

/** The first-period ladder counts over the whole stay or restarts each day. */
export const LADDER_SCOPE = { stay: '整次停放', day: '每天重新计算' } as const;

/** Past the grace minutes after a payment: pay the difference, or be billed again from the payment. */
export const AFTER_GRACE = { totalMinusPaid: '补缴差额', rebillFromPayment: '从缴费时间重新计费（无免费时长）' } as const;

/** How a clock window prices the part of a stay in it. */
export const WINDOW_KIND = { unit: '按时长', visit: '按次', free: '免费' } as const;

/** 1 small, 2 large, 3 extra large, 4 medium, 5 e-bike (P云 vehicle_type). */
export const VEHICLE_TYPE: Record<number, string> = { 1: '小型车', 2: '大型车', 3: '超大型车', 4: '中型车', 5: '电动自行车' };
export const VEHICLE_TYPES = [1, 2, 3, 4, 5] as const;

/** A coupon of the fee calculator. */
export const COUPON_KIND = { minutes: '减时长', amount: '减金额', percent: '折扣', free: '全免' } as const;

/** Which end of the stay a minutes coupon takes off. */
export const COUPON_FROM = { start: '减免前面', end: '减免后面' } as const;
