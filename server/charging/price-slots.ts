/**
 * Time-of-use price templates: up to four tiers, the day as 30-minute slots, seasonal variants.
 * Prices are integer 1/100000 yuan per kWh. Pure; the bill, the resource and the pages use it.
 */

import { PRICE_TIER } from '../../domain/charging-codes.ts';

export type Tier = keyof typeof PRICE_TIER;
export const TIERS = [1, 2, 3, 4] as const;

export const SLOT_MINUTES = 30;
export const SLOTS_PER_DAY = (24 * 60) / SLOT_MINUTES;

export interface TierPrice {
  /** electricity, 1/100000 yuan per kWh */
  elec: number;
  /** service, 1/100000 yuan per kWh */
  service: number;
}

export interface Period {
  /** HH:mm on a 30-minute step */
  start: string;
  /** HH:mm, 24:00 for the end of the day */
  end: string;
  tier: number;
}

export interface Season {
  name: string;
  /** calendar months 1–12 in which this variant replaces the default day */
  months: number[];
  periods: Period[];
}

export interface PriceTemplate {
  tiers: Partial<Record<string, TierPrice>>;
  periods: Period[];
  seasons: Season[];
}

const HHMM = /^([01]\d|2[0-4]):([0-5]\d)$/;

function minutesOf(t: string): number | null {
  const m = HHMM.exec(t);
  if (!m) return null;
  const min = Number(m[1]) * 60 + Number(m[2]);
  return min <= 24 * 60 ? min : null;
}

/**
 * The 48 slots' tiers of a day described by periods, or the first problem in Chinese
 * (a period off the 30-minute step, an overlap, a gap, a tier without prices).
 */
export function slotsOf(periods: Period[], tiers: PriceTemplate['tiers'], label = '时段'): { slots: number[] } | { error: string } {
  const slots: (number | undefined)[] = new Array<number | undefined>(SLOTS_PER_DAY).fill(undefined);
  for (const p of periods) {
    const from = minutesOf(p.start);
    const to = minutesOf(p.end);
    if (from === null || to === null) return { error: `${label}时间格式应为HH:mm（${p.start}-${p.end}）` };
    if (from % SLOT_MINUTES || to % SLOT_MINUTES) return { error: `${label}${p.start}-${p.end}须以30分钟为单位` };
    if (to <= from) return { error: `${label}${p.start}-${p.end}的结束时间须晚于开始时间` };
    if (!tiers[String(p.tier)]) return { error: `${label}${p.start}-${p.end}的费率「${PRICE_TIER[p.tier as Tier] ?? p.tier}」未设置电价` };
    for (let i = from / SLOT_MINUTES; i < to / SLOT_MINUTES; i++) {
      if (slots[i] !== undefined) return { error: `计费时段有重复：${label}${p.start}-${p.end}与其他时段重叠` };
      slots[i] = p.tier;
    }
  }
  const gap = slots.findIndex((s) => s === undefined);
  if (gap >= 0) {
    const at = `${String(Math.floor((gap * SLOT_MINUTES) / 60)).padStart(2, '0')}:${gap % 2 ? '30' : '00'}`;
    return { error: `计费时段未覆盖全天：${label}${at}起缺少时段` };
  }
  return { slots: slots as number[] };
}

/** The first problem of a whole template (default day and every season), or null when it is usable. */
export function templateProblem(t: PriceTemplate): string | null {
  const tierKeys = Object.keys(t.tiers);
  if (tierKeys.length === 0) return '至少设置一个费率的电价';
  for (const k of tierKeys) {
    if (!TIERS.includes(Number(k) as Tier)) return `费率只能是尖、峰、平、谷`;
    const p = t.tiers[k]!;
    for (const v of [p.elec, p.service])
      if (!Number.isInteger(v) || v < 0 || v > 10_000_000)
        return `${PRICE_TIER[Number(k) as Tier]}时段电价须是0到100元之间的数（精确到0.00001元）`;
  }
  const day = slotsOf(t.periods, t.tiers);
  if ('error' in day) return day.error;
  const months = new Set<number>();
  for (const s of t.seasons) {
    if (!s.months.length) return `季节「${s.name}」未选择月份`;
    for (const m of s.months) {
      if (!Number.isInteger(m) || m < 1 || m > 12) return `季节「${s.name}」的月份须为1到12`;
      if (months.has(m)) return `${m}月属于多个季节`;
      months.add(m);
    }
    const r = slotsOf(s.periods, t.tiers, `季节「${s.name}」`);
    if ('error' in r) return r.error;
  }
  return null;
}

const CHINA_OFFSET_MS = 8 * 3600_000;

/** Slot start (epoch ms) of the 30-minute slot holding `at`; China has whole-hour offsets, so UTC-aligned. */
export const slotStart = (at: number): number => Math.floor(at / (SLOT_MINUTES * 60_000)) * SLOT_MINUTES * 60_000;

/** The tier of the slot starting at `at` (China time): the season of that date, else the default day. */
export function tierAt(t: PriceTemplate, at: number): number {
  const local = new Date(at + CHINA_OFFSET_MS);
  const month = local.getUTCMonth() + 1;
  const index = Math.floor((local.getUTCHours() * 60 + local.getUTCMinutes()) / SLOT_MINUTES);
  const season = t.seasons.find((s) => s.months.includes(month));
  const r = slotsOf(season ? season.periods : t.periods, t.tiers);
  if ('error' in r) throw new Error(`unusable price template: ${r.error}`);
  return r.slots[index];
}

/** A template as the API and the database hold it: tiers as a list. */
export interface StoredTemplate {
  tiers: ({ tier: number } & TierPrice)[];
  periods: Period[];
  seasons: Season[];
}

export function templateOf(s: StoredTemplate): PriceTemplate {
  return {
    tiers: Object.fromEntries(s.tiers.map((t) => [String(t.tier), { elec: t.elec, service: t.service }])),
    periods: s.periods,
    seasons: s.seasons ?? [],
  };
}
