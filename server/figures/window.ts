import type { LotScope } from '../resource/lot-scope.ts';
import { CHINA_OFFSET_MS, DAY_MS, chinaDate, chinaMidnight } from '../../domain/china-time.ts';

/**
 * What a figure is asked over: the caller's lots (null = every lot) and a time window [from, to)
 * in epoch ms. Days are China calendar days whatever the server's zone.
 */
export interface FigureWindow {
  lots: LotScope;
  from: number;
  to: number;
}

/** The China day `day` ('YYYY-MM-DD') as a window. */
export function dayWindow(lots: LotScope, day: string): FigureWindow {
  const from = Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS;
  return { lots, from, to: from + DAY_MS };
}

/** Today so far: midnight (China) to `now`. */
export function todayWindow(lots: LotScope, now: number): FigureWindow {
  return { lots, from: chinaMidnight(now), to: now };
}

/** The same stretch of yesterday (midnight to this time of day), for a fair comparison. */
export function yesterdaySoFar(w: FigureWindow): FigureWindow {
  return { lots: w.lots, from: w.from - DAY_MS, to: w.to - DAY_MS };
}

/** The days 'YYYY-MM-DD' from `first` to `last`, inclusive. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(`${first}T00:00:00Z`); ms <= Date.parse(`${last}T00:00:00Z`); ms += DAY_MS)
    days.push(new Date(ms).toISOString().slice(0, 10));
  return days;
}

export const today = (now: number): string => chinaDate(now);

/**
 * `and <column> = any($n)` for a scoped caller, '' for an unrestricted one; pushes the lots onto
 * `params`. Every figure filters its rows through this, so a lot-limited user's numbers are theirs.
 */
export function lotFilter(column: string, lots: LotScope, params: unknown[]): string {
  if (lots === null) return '';
  params.push(lots);
  return ` and ${column} = any($${params.length}::text[])`;
}
