import { DAY_MS, MINUTE_MS, chinaDate, chinaIso, chinaMidnight } from '../../domain/china-time.ts';
import { CARD_EDGE_MINUTES, DAY_WINDOW, TIME_WINDOW, type TimeWindow } from '../../domain/card-codes.ts';
import { isWorkingDay, toMs } from './clock.ts';
import { priceSpan } from './span.ts';
import type { FeeCover, FeeLine, FeeRuleBody } from './types.ts';

/**
 * Billing a stay that overlaps a monthly or group card (money-and-charging.md §7.3, §2.2 step 1):
 * the card's validity, cut to its time window (and for a group card to the time the stay held a
 * slot), covers parts of the stay; the engine charges only the pieces outside them, each as a
 * temporary stay of its own, and shows the covered pieces as fee lines of 0 saying why.
 */

/** A card as the engine needs it: which days, which hours, and for a group card when the stay held a slot. */
export interface CardTerm {
  cardNo: string;
  kind: 'month' | 'group';
  /** YYYY-MM-DD, both days included */
  startDate: string;
  endDate: string;
  timeWindow: TimeWindow;
  /** a group card covers only while the stay held one of its slots (ms; null = still holding) */
  holdFrom?: number | null;
  holdTo?: number | null;
}

const HOUR_MS = 3_600_000;
const KIND_NAME = { month: '月卡', group: '团体卡' } as const;

/** [from, to) intervals of one China day that a time window covers. */
function windowOfDay(day: number, w: TimeWindow): [number, number][] {
  const d = DAY_WINDOW;
  switch (w) {
    case 1:
      return [[day, day + DAY_MS]];
    case 2:
      return [[day + d.start * HOUR_MS, day + d.end * HOUR_MS]];
    case 3:
      return [
        [day, day + d.start * HOUR_MS],
        [day + d.end * HOUR_MS, day + DAY_MS],
      ];
    case 4:
      return isWorkingDay(chinaDate(day)) ? [[day, day + DAY_MS]] : [];
  }
}

const dayStart = (date: string) => toMs(`${date}T00:00:00+08:00`);

/** The parts of [entry, exit) the cards cover, in time order, merged when they touch; each says which card. */
export function cardCover(cards: CardTerm[], entry: number, exit: number): FeeCover[] {
  const out: { from: number; to: number; reason: string }[] = [];
  for (const c of cards) {
    const lo = Math.max(entry, dayStart(c.startDate), c.holdFrom ?? -Infinity);
    const hi = Math.min(exit, dayStart(c.endDate) + DAY_MS, c.holdTo ?? Infinity);
    if (hi <= lo) continue;
    const reason = `${KIND_NAME[c.kind]}${c.cardNo}有效（${TIME_WINDOW[c.timeWindow]}）`;
    for (let day = chinaMidnight(lo); day < hi; day += DAY_MS) {
      for (const [a, b] of windowOfDay(day, c.timeWindow)) {
        const from = Math.max(a, lo);
        const to = Math.min(b, hi);
        if (to > from) out.push({ from, to, reason });
      }
    }
  }
  out.sort((a, b) => a.from - b.from);
  const merged: typeof out = [];
  for (const c of out) {
    const last = merged.at(-1);
    if (last && c.from <= last.to) {
      if (c.to > last.to) last.to = c.to;
    } else merged.push({ ...c });
  }
  return merged;
}

export interface StayPiece {
  from: number;
  to: number;
  /** why the piece is not charged; null = charged as a temporary stay */
  coveredBy: string | null;
}

/**
 * [from, to) cut at the cover's edges. A charged piece shorter than CARD_EDGE_MINUTES next to a
 * covered one is not charged either (a card holder leaving a few minutes after 07:00 pays nothing).
 */
export function splitByCover(from: number, to: number, cover: FeeCover[]): StayPiece[] {
  const pieces: StayPiece[] = [];
  let at = from;
  for (const c of cover) {
    const a = Math.max(toMs(c.from), from);
    const b = Math.min(toMs(c.to), to);
    if (b <= a || b <= at) continue;
    if (a > at) pieces.push({ from: at, to: a, coveredBy: null });
    pieces.push({ from: Math.max(a, at), to: b, coveredBy: c.reason });
    at = b;
  }
  if (at < to) pieces.push({ from: at, to, coveredBy: null });
  const edge = CARD_EDGE_MINUTES * MINUTE_MS;
  return pieces.map((p, i) =>
    p.coveredBy === null && p.to - p.from < edge && (pieces[i - 1]?.coveredBy || pieces[i + 1]?.coveredBy)
      ? { ...p, coveredBy: `与卡覆盖时段相邻不足${CARD_EDGE_MINUTES}分钟` }
      : p,
  );
}

/** Prices [from, to) under `rule` with the covered pieces free: each charged piece is a temporary stay of its own. */
export function priceCovered(rule: FeeRuleBody, from: number, to: number, cover: FeeCover[]): { lines: FeeLine[]; totalCents: number } {
  const lines: FeeLine[] = [];
  for (const p of splitByCover(from, to, cover)) {
    if (p.coveredBy === null) {
      lines.push(...priceSpan(rule, p.from, p.to).lines);
      continue;
    }
    const piece = p.coveredBy.startsWith('团体卡') ? '团体卡' : '月卡';
    lines.push({
      piece,
      kind: 'card',
      from: chinaIso(p.from),
      to: chinaIso(p.to),
      units: 0,
      unitPriceCents: 0,
      feeCents: 0,
      part: `${p.coveredBy}，不计费`,
      calendar: null,
    });
  }
  return { lines, totalCents: lines.reduce((s, l) => s + l.feeCents, 0) };
}
