/**
 * A card's status (monthly and group cards alike; domain.md, money-and-charging.md §7), one table of
 * arrows: paid → ACTIVE; the status job moves it to EXPIRING (≤ 7 days left) and EXPIRED; a renewal
 * brings an active, expiring or recently expired card back; FROZEN only from ACTIVE or EXPIRING;
 * REFUNDED, once every payment is paid back, has no way out.
 * Pure: the unit tests call it; server/cards/actions.ts checks it before every write.
 */

import { CARD_STATUS, CARD_STATUS_LABEL, type CardStatus, EXPIRING_DAYS } from '../../domain/card-codes.ts';
import { stateMachine } from '../../domain/state-machine.ts';

export type CardEvent = 'pay' | 'remind' | 'expire' | 'renew' | 'freeze' | 'unfreeze' | 'refundAll';

const S = CARD_STATUS;

const ARROWS: Record<CardEvent, [from: CardStatus[], to: CardStatus]> = {
  pay: [[S.PENDING_PAY], S.ACTIVE],
  remind: [[S.ACTIVE], S.EXPIRING],
  expire: [[S.ACTIVE, S.EXPIRING], S.EXPIRED],
  renew: [[S.ACTIVE, S.EXPIRING, S.EXPIRED], S.ACTIVE],
  freeze: [[S.ACTIVE, S.EXPIRING], S.FROZEN],
  unfreeze: [[S.FROZEN], S.ACTIVE],
  // the last of its payments paid back (refunds/subject.ts): ended for good, whatever it was; a
  // channel's success is not refused, so an active card that reaches it (unfrozen meanwhile) ends too
  refundAll: [[S.ACTIVE, S.EXPIRING, S.EXPIRED, S.FROZEN], S.REFUNDED],
};

export const CARD_EVENT_LABEL: Record<CardEvent, string> = {
  pay: '支付开卡',
  remind: '标记即将到期',
  expire: '标记过期',
  renew: '续费',
  freeze: '冻结',
  unfreeze: '解冻',
  refundAll: '全额退款退卡',
};

export const cardMachine = stateMachine<CardStatus, CardEvent>(ARROWS, {
  state: CARD_STATUS_LABEL,
  event: CARD_EVENT_LABEL,
  quote: ['“', '”'],
  subject: '卡',
});

/** Whole China days from `today` to `endDate` (both YYYY-MM-DD): 0 on the last day, negative after it. */
export function daysLeft(endDate: string, today: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The status an ACTIVE card has on `today` by its end date: ACTIVE, EXPIRING (≤ 7 days left) or EXPIRED. */
export function statusByDate(endDate: string, today: string): CardStatus {
  const left = daysLeft(endDate, today);
  if (left < 0) return S.EXPIRED;
  if (left <= EXPIRING_DAYS) return S.EXPIRING;
  return S.ACTIVE;
}

/**
 * An event, then what the calendar says: a card paid, renewed or unfrozen lands ACTIVE and at once
 * EXPIRING or EXPIRED when its end says so. Answers the new status or the refusal's message.
 */
export function stepCard(
  from: number,
  event: CardEvent,
  endDate: string,
  today: string,
): { ok: true; to: CardStatus } | { ok: false; msg: string } {
  const t = cardMachine.transition(from, event);
  if (!t.ok || t.to !== S.ACTIVE) return t;
  return { ok: true, to: statusByDate(endDate, today) };
}
