/**
 * The codes of a refund request (money-and-charging.md §4): its states (the arrows between them are
 * server/refunds/state-machine.ts), the reasons an applicant picks from, and each pay channel's
 * limits. The console's dictionaries (refund_status, refund_reason) carry the same codes.
 */

export const REFUND_STATE = {
  APPLIED: 0,
  APPROVED: 1,
  REFUNDING: 2,
  REFUNDED: 3,
  FAILED: 4,
  REJECTED: 5,
  CLOSED: 6,
} as const;

export type RefundState = (typeof REFUND_STATE)[keyof typeof REFUND_STATE];

export const REFUND_STATUS: Record<number, string> = {
  0: '已申请',
  1: '已通过',
  2: '退款中',
  3: '已退款',
  4: '退款失败',
  5: '已驳回',
  6: '已关闭',
};

export const REFUND_STATES = Object.values(REFUND_STATE) as RefundState[];

/**
 * States whose amount is still held against the payment: it may be paid out (a failed refund is
 * retried with the same number), so it may not be asked for again. Rejected and closed give it back;
 * refunded has left.
 */
export const HELD_REFUND_STATES: readonly RefundState[] = [
  REFUND_STATE.APPLIED,
  REFUND_STATE.APPROVED,
  REFUND_STATE.REFUNDING,
  REFUND_STATE.FAILED,
];

/** Why the money goes back: the applicant picks one and adds words of their own. */
export const REFUND_REASON: Record<number, string> = {
  1: '重复支付',
  2: '多收费用',
  3: '计费规则错误',
  4: '设备故障',
  5: '车主投诉',
  9: '其他',
};
export const REFUND_REASONS = [1, 2, 3, 4, 5, 9] as const;

export interface ChannelRefundRule {
  /** refunds one payment may have (partial refunds count each) */
  maxRefunds?: number;
  /** days after the payment past which the channel refuses a refund */
  maxDays?: number;
  /** the money is handed back at the counter: the refund is recorded, no channel is asked */
  recordOnly?: boolean;
  /** seconds between two refunds of one order (or card payment) handed to the channel */
  minGapSeconds?: number;
}

/** Per pay channel (domain/parking-codes.ts PAY_CHANNEL): WeChat Pay's documented limits, cash recorded only. */
export const CHANNEL_REFUND_RULES: Record<number, ChannelRefundRule> = {
  // WeChat Pay: refunds of one order at least a minute apart (money-and-charging.md §4)
  1: { maxRefunds: 50, maxDays: 365, minGapSeconds: 60 },
  3: { recordOnly: true },
};
