import { DAY_MS } from '../../domain/china-time.ts';
import { toMs } from '../fees/clock.ts';

/** When an issued coupon may be used: from `start` until (not including) `end`, epoch ms. */
export interface Validity {
  start: number;
  end: number;
}

/** A template's validity: fixed China calendar days (inclusive), or N days from issue. */
export interface ValidityTerms {
  validMode: number;
  /** 'YYYY-MM-DD' */
  validFrom: string | null;
  validTo: string | null;
  validDays: number;
}

const midnight = (date: string): number => toMs(`${date} 00:00:00`);

/** The validity of a coupon issued at `issued` (null when the template's dates are over: nothing to issue). */
export function validityAt(t: ValidityTerms, issued: number): Validity | null {
  if (t.validMode === 1) {
    if (!t.validFrom || !t.validTo) return null;
    const end = midnight(t.validTo) + DAY_MS;
    if (end <= issued) return null;
    return { start: Math.max(issued, midnight(t.validFrom)), end };
  }
  return { start: issued, end: issued + t.validDays * DAY_MS };
}

/** What the template's list shows: 2026-01-01 至 2026-01-31, or 领取后7天内有效. */
export const validityLabel = (t: ValidityTerms): string =>
  t.validMode === 1 ? `${t.validFrom ?? ''} 至 ${t.validTo ?? ''}` : `领取后${t.validDays}天内有效`;
