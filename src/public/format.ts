import { t, type TextKey } from './i18n';

/** Money, times and plates as the public pages write them. Money is integer cents (docs/public-api.md). */

/** 1200 → '12.00' (yuan, two decimals, no float arithmetic). */
export function yuan(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1200 → '¥12.00' */
export const money = (cents: number): string => `¥${yuan(cents)}`;

const pad = (n: number) => String(n).padStart(2, '0');

/** epoch ms → '2025-11-27 10:05' (the reader's clock) */
export function dateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** epoch ms → '10:05', or with the date when not today */
export function clock(ms: number, now = Date.now()): string {
  const d = new Date(ms);
  const sameDay = new Date(now).toDateString() === d.toDateString();
  return sameDay ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : dateTime(ms);
}

/** 8100 s → '2小时15分钟' / '2 h 15 min' */
export function duration(sec: number): string {
  const total = Math.max(0, Math.floor(sec / 60));
  const d = Math.floor(total / 1440);
  const h = Math.floor((total % 1440) / 60);
  const m = total % 60;
  if (d) return t('duration.days', { d, h, m });
  if (h) return t('duration.hours', { h, m });
  return t('duration.minutes', { m });
}

/** The colour of a plate by its label (server: domain/parking-codes.ts PLATE_COLOR, 白黄绿黑蓝). */
export type PlateTone = 'white' | 'yellow' | 'green' | 'black' | 'blue' | 'other';
const TONES: Record<string, PlateTone> = { 白: 'white', 黄: 'yellow', 绿: 'green', 黑: 'black', 蓝: 'blue' };

export function plateTone(label: string): PlateTone {
  const ch = Object.keys(TONES).find((c) => label.includes(c));
  return ch ? TONES[ch] : 'other';
}

/** '蓝' → '蓝牌' / 'Blue plate'; a label the pages do not know is shown as the server wrote it. */
export function plateColorText(label: string): string {
  if (!label) return '';
  const ch = Object.keys(TONES).find((c) => label.includes(c));
  const color = ch ? t(`plate.${ch}` as TextKey) : label.replace(/牌$/, '');
  return t('bill.plateColor', { color });
}

/** An RFC 4122 v4 id: crypto.randomUUID where the page is a secure context, else from getRandomValues (a LAN http address). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(b);
  else for (let i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
