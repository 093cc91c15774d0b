/** Numbers as the walls show them: China time, grouped digits, yuan with two decimals. */

const CHINA = 8 * 3_600_000;

const two = (n: number) => String(n).padStart(2, '0');

/** 2026-11-27 14:05:09 in China time */
export function formatClock(ms: number): string {
  const d = new Date(ms + CHINA);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** 14:05 in China time */
export function formatHm(ms: number): string {
  const d = new Date(ms + CHINA);
  return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

export function formatYuan(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export function formatKwh(wh: number): string {
  return (wh / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 });
}
