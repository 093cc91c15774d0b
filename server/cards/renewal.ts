/**
 * The period a purchase or a renewal buys (money-and-charging.md §7.2). A period of n months from
 * day S ends the day before the same day n months later; a month without that day ends the period
 * on its last day (31 Jan + 1 month → 28 Feb, 29 Feb in a leap year), so chained renewals never
 * drift (1 Jan–31 Jan, 1 Feb–28 Feb, 1 Mar–31 Mar). N-day products count days.
 * A renewal inside the validity starts the day after the old end; after expiry it is allowed for
 * the product's `renewLimitDays`, from the old end or from the payment day (`renewFrom`).
 */

import { PERIOD_MONTHS, type PeriodKind } from '../../domain/card-codes.ts';
import { daysLeft } from './state-machine.ts';

export interface ProductTerms {
  periodKind: PeriodKind;
  /** days per period of an N-day product */
  periodDays: number;
  priceCents: number;
  /** renewal allowed up to this many days after expiry */
  renewLimitDays: number;
  /** after expiry: 1 from the old end, 2 from the payment day */
  renewFrom: 1 | 2;
  maxPeriods: number;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
export const addDays = (date: string, n: number): string => iso(utc(date) + n * DAY);

/** The last day of `periods` periods starting on `start` (YYYY-MM-DD). */
export function periodEnd(start: string, p: Pick<ProductTerms, 'periodKind' | 'periodDays'>, periods: number): string {
  const months = PERIOD_MONTHS[p.periodKind] * periods;
  if (months === 0) return addDays(start, p.periodDays * periods - 1);
  const [y, m, d] = start.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastOfMonth = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  // the same day n months on, the period ends the day before it; no such day: the month's last day
  if (d > lastOfMonth) return iso(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), lastOfMonth));
  return addDays(iso(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), d)), -1);
}

export interface RenewalQuote {
  startDate: string;
  endDate: string;
  periods: number;
  amountCents: number;
  /** a word for the user when the new period starts in the past (renewed from the old end after expiry) */
  note: string;
}

/** What renewing a card ending `endDate` for `periods` periods on `today` buys, or why it may not. */
export function renewalQuote(endDate: string, p: ProductTerms, periods: number, today: string): RenewalQuote | { refused: string } {
  if (!Number.isInteger(periods) || periods < 1 || periods > p.maxPeriods)
    return { refused: `续费周期数必须是1到${p.maxPeriods}之间的整数` };
  const left = daysLeft(endDate, today);
  if (left < -p.renewLimitDays) return { refused: `该卡已过期${-left}天，超过可续费期限${p.renewLimitDays}天，请重新办理` };
  const startDate = left < 0 && p.renewFrom === 2 ? today : addDays(endDate, 1);
  const end = periodEnd(startDate, p, periods);
  const note = startDate < today ? `续费从原到期日次日${startDate}起算，早于今天` : '';
  return { startDate, endDate: end, periods, amountCents: p.priceCents * periods, note };
}
