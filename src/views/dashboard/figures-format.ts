import { dt } from '../../i18n/dashboard-texts';

/** How the dashboard writes its figures: yuan with two decimals, percentages, the change against yesterday. */

export const yuan = (cents: number): string =>
  (cents / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const pct = (share: number): string => `${(share * 100).toFixed(1)}%`;

export const kwh = (wh: number): string => `${(wh / 1000).toLocaleString('zh-CN', { maximumFractionDigits: 1 })} kWh`;

/** "较昨日同期 +12.5%" / "−3" when yesterday was 0 nothing to divide by: the plain difference. */
export function versus(today: number, yesterday: number, wholeDay = false): string {
  if (today === yesterday) return dt('sameAsYesterday');
  if (yesterday === 0) return dt('yesterdayNone');
  const change = (today - yesterday) / Math.abs(yesterday);
  const delta = `${change > 0 ? '+' : '−'}${Math.abs(change * 100).toFixed(1)}%`;
  return dt(wholeDay ? 'vsYesterdayDay' : 'vsYesterday', { delta });
}

/** 'HH:mm:ss' China time */
export const clock = (ms: number): string => new Date(ms + 8 * 3_600_000).toISOString().slice(11, 19);
