/**
 * The codes of coupons (money-and-charging.md §6): a template's type and validity, an issued
 * coupon's states (the arrows between them are server/coupons/state-machine.ts), and how a discount
 * is written. The console's dictionaries (coupon_type, coupon_state, coupon_valid_mode) carry the same codes.
 */

export const COUPON_TYPE_CODE = { AMOUNT: 1, MINUTES: 2, FREE: 3, DISCOUNT: 4 } as const;

/** Same words as domain/parking-codes.ts COUPON_TYPE (the orders' coupon rows). */
export const COUPON_TYPES: Record<number, string> = { 1: '金额券', 2: '时长券', 3: '全免券', 4: '折扣券' };

export const COUPON_STATE = { ISSUED: 0, USED: 1, EXPIRED: 2, VOID: 3 } as const;
export type CouponState = (typeof COUPON_STATE)[keyof typeof COUPON_STATE];
export const COUPON_STATES: Record<number, string> = { 0: '已发放', 1: '已抵扣', 2: '已过期', 3: '已作废' };

export const COUPON_VALID_MODE: Record<number, string> = { 1: '固定日期', 2: '领取后N天' };

export const COUPON_STACKABLE: Record<number, string> = { 0: '不可叠加', 1: '可叠加' };

/**
 * A discount is stored as the payable ratio in per mille (800: the driver pays 80 %). It is shown
 * both ways, because "8折" alone is read as 80 % off by some (yunqi's bug, §6): "8折（−20 %）".
 */
export function discountLabel(permille: number): string {
  return `${permille / 100}折（−${(1000 - permille) / 10} %）`;
}

/** How a template's or coupon's value reads: 5.00元, 60分钟, 全免, 8折（−20 %）. */
export function couponValueLabel(type: number, faceValue: number): string {
  switch (type) {
    case COUPON_TYPE_CODE.AMOUNT:
      return `${(faceValue / 100).toFixed(2)}元`;
    case COUPON_TYPE_CODE.MINUTES:
      return `${faceValue}分钟`;
    case COUPON_TYPE_CODE.FREE:
      return '全免';
    default:
      return discountLabel(faceValue);
  }
}

/** A merchant's balance movement (merchant_ledger.kind): a coupon used, or money paid in. */
export const LEDGER_KIND = { COUPON_USED: 1, TOP_UP: 2 } as const;
