// the package is CommonJS: under Node's ESM loader (tsx) only its default export is seen
import chineseDays from 'chinese-days';
import calendarData from 'chinese-days/dist/chinese-days.json' with { type: 'json' };
import type { Instant } from './types.ts';

/** Fees are read on the China Standard Time wall clock (domain/china-time.ts), whatever the server's zone. */

/** A date, with an optional time and offset: 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm[:ss[.fff]]', ISO 8601 with 'T' or a zone. */
const INSTANT_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** Thrown for a time that is not one (a 30 February, a 25th hour): the caller names the field. */
export class InstantError extends RangeError {}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * An instant as epoch milliseconds; a string without an offset is read as +08:00 wall-clock time.
 * Strict: Date.parse would roll '2024-02-30' over to 1 March, which prices a day nobody parked.
 */
export function toMs(at: Instant): number {
  if (at instanceof Date) return at.getTime();
  if (typeof at === 'number') return at;
  const m = INSTANT_RE.exec(at.trim());
  if (!m) throw new InstantError(`无法识别的时间：${at}`);
  const [, y, mo, d, h = '00', mi = '00', sec = '00'] = m;
  if (+mo < 1 || +mo > 12 || +d < 1 || +d > daysIn(+y, +mo)) throw new InstantError(`没有${y}-${mo}-${d}这一天`);
  if (+h > 23 || +mi > 59 || +sec > 59) throw new InstantError(`${h}:${mi}:${sec}不是一天中的时刻`);
  const zone = m[7] ? m[7].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : '+08:00';
  const rest = at
    .trim()
    .slice(10, m[7] ? at.trim().length - m[7].length : undefined)
    .trim()
    .replace(/^[T ]/, '');
  return Date.parse(`${y}-${mo}-${d}T${rest || '00:00'}${zone.toUpperCase()}`);
}

/** 'HH:mm' → minutes after midnight. */
export function clockMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/** The years the state holiday calendar (chinese-days) knows; outside them a plain Mon–Fri week is assumed. */
const knownDates = Object.keys(calendarData.holidays).sort();
export const CALENDAR_YEARS = { first: Number(knownDates[0].slice(0, 4)), last: Number(knownDates[knownDates.length - 1].slice(0, 4)) };

/** Whether the state holiday calendar covers this date's year. */
export function calendarKnows(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return year >= CALENDAR_YEARS.first && year <= CALENDAR_YEARS.last;
}

const workdays = new Map<string, boolean>();

/**
 * Working day of the state calendar (chinese-days): holidays are not, make-up Saturdays/Sundays (调休) are.
 * A year the calendar does not know is an ordinary week (Monday to Friday). Memoised: seeding prices
 * many thousands of stays over the same few dates.
 */
export function isWorkingDay(date: string): boolean {
  let v = workdays.get(date);
  if (v === undefined) {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    v = calendarKnows(date) ? chineseDays.isWorkday(date) : weekday >= 1 && weekday <= 5;
    workdays.set(date, v);
  }
  return v;
}
