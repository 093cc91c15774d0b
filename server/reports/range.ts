import { badRequest } from '../lib/envelope.ts';
import { chinaDate } from '../../domain/china-time.ts';
import { daysBetween } from '../figures/window.ts';

/** A report's days: 'YYYY-MM-DD' first and last (China days, inclusive), a month at most. */
export interface ReportRange {
  first: string;
  last: string;
  days: string[];
  /** today (China), for marking a day that is not over */
  today: string;
}

export const MAX_REPORT_DAYS = 31;
export const RANGE_TOO_LONG = `查询范围最多${MAX_REPORT_DAYS}天（一个月），请缩小日期范围`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayOf(v: string | undefined, title: string, fallback: string): string {
  if (v === undefined || v === '') return fallback;
  // amis's date range sends epoch seconds; the screens' links send days
  if (/^\d{9,11}$/.test(v)) return dayOf(chinaDate(Number(v) * 1000), title, fallback);
  if (!DAY.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)) || new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) !== v)
    throw badRequest(`${title}格式不正确，应为 YYYY-MM-DD`);
  // the platform's records start long after 2000; a year 0 is no date PostgreSQL knows
  if (v < '2000-01-01' || v > '2099-12-31') throw badRequest(`${title}超出范围（2000-01-01 至 2099-12-31）`);
  return v;
}

/**
 * The range asked for, as `dateRange=a,b` (amis) or `from`/`to`; today when absent. Refused with a
 * clear message when reversed or longer than a month.
 */
export function reportRange(q: { dateRange?: string; from?: string; to?: string }, now = Date.now()): ReportRange {
  const today = chinaDate(now);
  const [a, b] = q.dateRange ? q.dateRange.split(',') : [q.from, q.to];
  const first = dayOf(a, '开始日期', today);
  const last = dayOf(b, '结束日期', first);
  if (last < first) throw badRequest('结束日期不能早于开始日期');
  const days = daysBetween(first, last);
  if (days.length > MAX_REPORT_DAYS) throw badRequest(RANGE_TOO_LONG);
  return { first, last, days, today };
}
