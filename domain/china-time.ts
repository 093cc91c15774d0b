/**
 * Every time the platform shows or bills is China Standard Time (+08:00, no daylight saving),
 * whatever the zone of the server or the browser. Pure arithmetic on epoch milliseconds.
 */

export const CHINA_OFFSET_MS = 8 * 3600_000;
export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/** 'YYYY-MM-DD' of the China calendar day holding `ms`. */
export function chinaDate(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Epoch ms of 00:00 China time on the day holding `ms`. */
export function chinaMidnight(ms: number): number {
  return Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
}

/** '2024-05-06T10:00:00+08:00' */
export function chinaIso(ms: number): string {
  return `${new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}
