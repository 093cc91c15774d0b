import dayjs from 'dayjs';
import { yuan } from './money';
import utc from 'dayjs/plugin/utc';
/** The console's languages (src/i18n/messages.ts has the same two). */
export type Locale = 'zh-CN' | 'en-US';

dayjs.extend(utc);

/** Display offset of the platform: China Standard Time, whatever the browser's zone. */
const DISPLAY_OFFSET_MINUTES = 8 * 60;

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** Amounts are integer cents on the wire; shown as yuan with 2 decimals. */
export function centsToYuan(value: unknown): string {
  if (isBlank(value)) return '';
  const cents = Number(value);
  if (!Number.isFinite(cents)) return String(value);
  return yuan(cents);
}

const NO_PLATE = '无牌';

/** 粤B12345 → 粤B·12345; plates not starting with a Chinese character, and 无牌, stay as they are. */
export function formatPlate(value: unknown): string {
  if (isBlank(value)) return '';
  const plate = String(value).trim();
  if (!/^[\u4e00-\u9fa5]/.test(plate) || plate.startsWith(NO_PLATE) || plate.length <= 2 || plate[2] === '·') return plate;
  return `${plate.slice(0, 2)}·${plate.slice(2)}`;
}

export type PlateColorKey = 'white' | 'yellow' | 'green' | 'black' | 'blue';

const COLOR_LABELS: Record<Locale, Record<PlateColorKey, string>> = {
  'zh-CN': { white: '白色', yellow: '黄色', green: '绿色', black: '黑色', blue: '蓝色' },
  'en-US': { white: 'White', yellow: 'Yellow', green: 'Green', black: 'Black', blue: 'Blue' },
};
const COLOR_WORDS: [RegExp, PlateColorKey][] = [
  [/^白/, 'white'],
  [/^黄/, 'yellow'],
  [/^绿|新能源/, 'green'],
  [/^黑/, 'black'],
];

/** Plate colour codes (spec §3): 1 white, 2 yellow, 3 green, 4 black, anything else blue; Chinese colour words accepted. */
export function plateColorKey(value: unknown): PlateColorKey {
  const text = isBlank(value) ? '' : String(value).trim();
  switch (text) {
    case '1':
      return 'white';
    case '2':
      return 'yellow';
    case '3':
      return 'green';
    case '4':
      return 'black';
  }
  for (const [word, key] of COLOR_WORDS) if (word.test(text)) return key;
  return 'blue';
}

export function plateColorLabel(value: unknown, locale: Locale = 'zh-CN'): string {
  return COLOR_LABELS[locale][plateColorKey(value)];
}

/** CSS class for a plate tag of that colour (styles in src/amis/renderers/plate-tag.css). */
export function plateColorClass(value: unknown): string {
  return `pc-plate--${plateColorKey(value)}`;
}

const DURATION_UNITS: Record<Locale, { day: string; hour: string; minute: string; second: string; gap: string }> = {
  'zh-CN': { day: '天', hour: '小时', minute: '分钟', second: '秒', gap: '' },
  'en-US': { day: ' d', hour: ' h', minute: ' min', second: ' s', gap: ' ' },
};

/** Seconds → '1天2小时3分钟4秒' (en-US '1 d 2 h 3 min 4 s'), leading zero units left out. */
export function formatDuration(value: unknown, locale: Locale = 'zh-CN'): string {
  if (isBlank(value)) return '';
  let rest = Math.max(0, Math.floor(Number(value)));
  if (!Number.isFinite(rest)) return String(value);
  const units = DURATION_UNITS[locale];
  const parts: string[] = [];
  for (const [size, unit] of [
    [86400, units.day],
    [3600, units.hour],
    [60, units.minute],
  ] as const) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n || parts.length) parts.push(`${n}${unit}`);
  }
  parts.push(`${rest}${units.second}`);
  return parts.join(units.gap);
}

/** 'y-m-d h:i:s' (the platform's pattern) → a dayjs pattern. */
function toDayjsPattern(pattern: string): string {
  const map: Record<string, string> = { y: 'YYYY', m: 'MM', d: 'DD', h: 'HH', i: 'mm', s: 'ss', a: 'ddd' };
  return pattern.replace(/[ymdhisa]/g, (c) => map[c]);
}

/** China time of an instant: a dayjs in +08:00, whatever the browser's zone. */
export function chinaTime(ms: number): dayjs.Dayjs {
  return dayjs.utc(ms).utcOffset(DISPLAY_OFFSET_MINUTES);
}

/**
 * Timestamps: 10 digits are seconds, 13 milliseconds (a fraction after either is dropped, as a
 * clock shows it); date strings are parsed. Shown in +08:00.
 */
export function formatTimestamp(value: unknown, pattern = 'y-m-d h:i:s'): string {
  if (isBlank(value)) return '';
  const text = String(value).trim();
  const epoch = /^(\d{10}|\d{13})(\.\d*)?$/.exec(text);
  let date: dayjs.Dayjs;
  if (epoch) date = dayjs.utc(Math.floor(Number(text) * (epoch[1].length === 10 ? 1000 : 1)));
  else date = dayjs.utc(text);
  if (!date.isValid()) return text;
  return date.utcOffset(DISPLAY_OFFSET_MINUTES).format(toDayjsPattern(pattern));
}
