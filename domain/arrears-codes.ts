/**
 * The codes of arrears recovery (欠费追缴, money-and-charging.md §5): a record's status (the arrows
 * between them are server/arrears/state-machine.ts), its ageing bucket, a notice's channel and
 * delivery result, and the scope of the hunt. The console's dictionaries carry the same codes.
 */

export const ARREARS_STATUS = {
  OPEN: 0,
  NOTIFIED: 1,
  PARTIALLY_PAID: 2,
  RECOVERED: 3,
  WRITTEN_OFF: 4,
  DISPUTED: 5,
} as const;

export type ArrearsStatus = (typeof ARREARS_STATUS)[keyof typeof ARREARS_STATUS];
export const ARREARS_STATUSES = Object.values(ARREARS_STATUS) as ArrearsStatus[];

export const ARREARS_STATUS_LABEL: Record<ArrearsStatus, string> = {
  0: '待追缴',
  1: '已通知',
  2: '部分追缴',
  3: '已追缴',
  4: '已核销',
  5: '有争议',
};

/** Statuses whose debt is still to be collected (the exit's bill lists them; notices may go). */
export const OPEN_STATUSES: readonly ArrearsStatus[] = [0, 1, 2, 5];

/** Ageing buckets by whole days since the exit: 1 ≤ 7 d, 2 ≤ 30 d, 3 ≤ 90 d, 4 older. */
export const AGE_BUCKET: Record<number, string> = { 1: '7天内', 2: '8-30天', 3: '31-90天', 4: '90天以上' };
export const AGE_BUCKETS = [1, 2, 3, 4] as const;
/** the last day (inclusive) of buckets 1..3 */
export const AGE_BUCKET_LIMITS = [7, 30, 90] as const;

const DAY = 86_400_000;

/** Whole days a debt has aged since the exit at `exitMs`. */
export const ageDays = (exitMs: number, nowMs: number): number => Math.max(0, Math.floor((nowMs - exitMs) / DAY));

export function ageBucketOf(days: number): number {
  const i = AGE_BUCKET_LIMITS.findIndex((limit) => days <= limit);
  return i < 0 ? 4 : i + 1;
}

export const NOTICE_CHANNEL: Record<number, string> = { 1: '短信', 2: '微信模板消息' };
export const NOTICE_CHANNELS = [1, 2] as const;

/** A notice: scheduled, sent (no receipt yet), delivered, failed, cancelled (its record settled before the send time). */
export const NOTICE_STATE = { SCHEDULED: 0, SENT: 1, DELIVERED: 2, FAILED: 3, CANCELLED: 4 } as const;
export type NoticeState = (typeof NOTICE_STATE)[keyof typeof NOTICE_STATE];
export const NOTICE_STATUS: Record<NoticeState, string> = { 0: '待发送', 1: '已发送', 2: '已送达', 3: '发送失败', 4: '已取消' };

/** Where a plate's debts are hunted: 1 the lot that lost the money, 2 the lots of its operator, 3 every lot. */
export const HUNT_SCOPE: Record<number, string> = { 1: '本车场', 2: '同运营方车场', 3: '全部车场' };
export const HUNT_SCOPES = [1, 2, 3] as const;
