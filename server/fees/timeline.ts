import { clockMinutes, isWorkingDay } from './clock.ts';
import { DAY_MS, MINUTE_MS, chinaDate, chinaMidnight } from '../../domain/china-time.ts';
import type { FeeCalendar, FeeRuleBody, FeeWindow } from './types.ts';

type VariantKey = 'w' | 'n';

/** A contiguous part of a span inside one occurrence of one clock window, within one calendar day's tariff. */
export interface Slice {
  from: number;
  to: number;
  window: FeeWindow;
  variant: VariantKey;
  /** the window's index in its variant */
  index: number;
  /** identifies the window occurrence (window × the date it starts): a window's cap counts per occurrence */
  occurrence: string;
}

/**
 * A maximal stretch of the span priced as one: units are rounded up once over it, a per-visit
 * window charges once for it, however many midnights it crosses.
 */
export interface Piece {
  from: number;
  to: number;
  /** the window in force at the piece's start: it prices the whole piece */
  window: FeeWindow;
  calendar: FeeCalendar;
  slices: Slice[];
}

/** The windows a calendar day uses: the non-working variant on weekends and holidays, unless it is a make-up working day. */
export function windowsOf(rule: FeeRuleBody, date: string): { key: VariantKey; windows: FeeWindow[] } {
  if (rule.nonWorkingWindows?.length && !isWorkingDay(date)) return { key: 'n', windows: rule.nonWorkingWindows };
  return { key: 'w', windows: rule.windows };
}

/**
 * Cuts [from, to) into slices along the rule's clock windows.
 *
 * Each calendar day (+08:00) takes the windows of its own variant for its 24 hours. A window whose
 * end is at or before its start crosses midnight (all day when equal); its part before `end` belongs
 * to the occurrence that started the day before when both days use the same variant (one night = one
 * occurrence), else it is an occurrence of its own.
 */
export function slicesOf(rule: FeeRuleBody, from: number, to: number): Slice[] {
  const out: Slice[] = [];
  for (let day = chinaMidnight(from); day < to; day += DAY_MS) {
    const date = chinaDate(day);
    const prevDate = chinaDate(day - DAY_MS);
    const { key, windows } = windowsOf(rule, date);
    const prevKey = windowsOf(rule, prevDate).key;
    const parts: { s: number; e: number; index: number; occ: string }[] = [];
    windows.forEach((w, index) => {
      const s = clockMinutes(w.start);
      const e = clockMinutes(w.end);
      if (e > s) {
        parts.push({ s, e, index, occ: `${date}|${key}|${index}` });
      } else {
        if (e > 0) parts.push({ s: 0, e, index, occ: prevKey === key ? `${prevDate}|${key}|${index}` : `${date}|${key}|${index}|am` });
        parts.push({ s, e: 1440, index, occ: `${date}|${key}|${index}` });
      }
    });
    parts.sort((a, b) => a.s - b.s);
    for (const p of parts) {
      const a = Math.max(from, day + p.s * MINUTE_MS);
      const b = Math.min(to, day + p.e * MINUTE_MS);
      if (b <= a) continue;
      const last = out[out.length - 1];
      if (last && last.occurrence === p.occ && last.to === a) last.to = b;
      else out.push({ from: a, to: b, window: windows[p.index], variant: key, index: p.index, occurrence: p.occ });
    }
  }
  return out;
}

/**
 * Whether the slice after `prev` continues prev's piece: the same window of the same tariff going on
 * (an all-day or overnight window across midnight or its own start), or a per-visit stretch going on
 * across a day whose tariff changes (Friday night into Saturday morning is one night).
 */
function continues(prev: Slice, next: Slice): boolean {
  if (prev.to !== next.from) return false;
  if (prev.variant === next.variant) return prev.index === next.index;
  return prev.window.kind === 'visit' && next.window.kind === 'visit' && chinaMidnight(next.from) === next.from;
}

/** The span [from, to) as pieces: contiguous slices that are priced as one. */
export function piecesOf(rule: FeeRuleBody, from: number, to: number): Piece[] {
  const twoTariffs = !!rule.nonWorkingWindows?.length;
  const pieces: Piece[] = [];
  for (const slice of slicesOf(rule, from, to)) {
    const last = pieces[pieces.length - 1];
    if (last && continues(last.slices[last.slices.length - 1], slice)) {
      last.to = slice.to;
      last.slices.push(slice);
    } else {
      const calendar: FeeCalendar = twoTariffs ? (slice.variant === 'n' ? 'nonWorking' : 'working') : null;
      pieces.push({ from: slice.from, to: slice.to, window: slice.window, calendar, slices: [slice] });
    }
  }
  return pieces;
}

/** The slice of a piece holding the instant `t` (the last one for its end). */
export function sliceAt(piece: Piece, t: number): Slice {
  return piece.slices.find((s) => t >= s.from && t < s.to) ?? piece.slices[piece.slices.length - 1];
}
