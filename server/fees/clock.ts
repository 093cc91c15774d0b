// the package is CommonJS: under Node's ESM loader (tsx) only its default export is seen
import chineseDays from 'chinese-days';
import type { Instant } from './types.ts';

/** Fees are read on the China Standard Time wall clock (+08:00, no daylight saving), whatever the server's zone. */
export const OFFSET_MS = 8 * 3600_000;
export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/** An instant as epoch milliseconds; a string without an offset is read as +08:00 wall-clock time. */
export function toMs(at: Instant): number {
  if (at instanceof Date) return at.getTime();
  if (typeof at === 'number') return at;
  const s = at.trim();
  const hasZone = /(Z|[+-]\d\d:?\d\d)$/i.test(s);
  const ms = Date.parse(hasZone ? s : `${s.replace(' ', 'T')}+08:00`);
  if (Number.isNaN(ms)) throw new RangeError(`无法识别的时间：${at}`);
  return ms;
}

/** 'YYYY-MM-DD' of the +08:00 calendar day holding `ms`. */
export function localDate(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

/** Epoch ms of 00:00 +08:00 on the calendar day holding `ms`. */
export function localMidnight(ms: number): number {
  return Math.floor((ms + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;
}

/** '2024-05-06T10:00:00+08:00' */
export function isoLocal(ms: number): string {
  return `${new Date(ms + OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

/** 'HH:mm' → minutes after midnight. */
export function clockMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

const workdays = new Map<string, boolean>();

/**
 * Working day of the state calendar (chinese-days): holidays are not, make-up Saturdays/Sundays (调休) are.
 * Memoised: seeding prices many thousands of stays over the same few dates.
 */
export function isWorkingDay(date: string): boolean {
  let v = workdays.get(date);
  if (v === undefined) {
    v = chineseDays.isWorkday(date);
    workdays.set(date, v);
  }
  return v;
}

/** 150 → '1.50' */
export function yuan(cents: number): string {
  return (cents / 100).toFixed(2);
}
