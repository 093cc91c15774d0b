/**
 * The codes of monthly and group cards (月卡, 团体卡; money-and-charging.md §7): a product's period and
 * time window, a card's status (the arrows between them are server/cards/state-machine.ts), a group
 * card plate's place (holds a slot, waits as temporary). The console's dictionaries carry the same codes.
 */

export const PERIOD_KIND = { 1: '月', 2: '季', 3: '年', 4: '按天' } as const;
export type PeriodKind = 1 | 2 | 3 | 4;
/** months per period (a period of N days counts days instead) */
export const PERIOD_MONTHS: Record<PeriodKind, number> = { 1: 1, 2: 3, 3: 12, 4: 0 };

/** When a card covers a stay: all day, day only (07:00–19:00), night only (19:00–07:00), working days of the state calendar. */
export const TIME_WINDOW = { 1: '全天', 2: '仅白天（07:00–19:00）', 3: '仅夜间（19:00–07:00）', 4: '仅工作日' } as const;
export type TimeWindow = 1 | 2 | 3 | 4;
export const DAY_WINDOW = { start: 7, end: 19 } as const;

/** After expiry a renewal runs from the old end (default), or from the payment date. */
export const RENEW_FROM = { 1: '从原到期日续期', 2: '从缴费日起算' } as const;

/** REFUNDED: every payment of the card was paid back; the card is ended for good (no unfreeze, renewal or cover) */
export const CARD_STATUS = { PENDING_PAY: 0, ACTIVE: 1, EXPIRING: 2, EXPIRED: 3, FROZEN: 4, REFUNDED: 5 } as const;
export type CardStatus = (typeof CARD_STATUS)[keyof typeof CARD_STATUS];
export const CARD_STATUS_LABEL: Record<CardStatus, string> = {
  0: '待支付',
  1: '有效',
  2: '即将过期',
  3: '已过期',
  4: '已冻结',
  5: '已退卡',
};
/** a card this many days or fewer before its end is EXPIRING */
export const EXPIRING_DAYS = 7;
/** the statuses whose validity covers stays (an expired card still covered the days it was valid) */
export const COVERING_STATUSES: readonly CardStatus[] = [1, 2, 3];
/** the statuses that hold a plate: a plate may be on one such card per lot */
export const HOLDING_STATUSES: readonly CardStatus[] = [0, 1, 2, 4];

/** A group card plate's stay: 1 holds a slot, 2 waits (billed as temporary), 3 left. */
export const SLOT_STATE = { 1: '占用车位', 2: '排队（临时计费）', 3: '已离场' } as const;

/** Pay channels of a card payment: those of parking payments (domain/parking-codes.ts PAY_CHANNEL). */
export const CARD_PAY_CHANNELS = [1, 2, 3, 4] as const;

/** A stay piece next to a card's time shorter than this is not charged (yunqi ignores overlaps under 15 min). */
export const CARD_EDGE_MINUTES = 15;
