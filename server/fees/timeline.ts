import { DAY_MS, MINUTE_MS, clockMinutes, isWorkingDay, localDate, localMidnight } from './clock.ts';
import type { FeeRuleBody, FeeWindow } from './types.ts';

/** A contiguous part of a span inside one occurrence of one clock window. */
export interface Segment {
  from: number;
  to: number;
  window: FeeWindow;
  /** identifies the window occurrence (window × the date it starts): caps and per-visit charges count per occurrence */
  occurrence: string;
}

/** The windows a calendar day uses: the non-working variant on weekends and holidays, unless it is a make-up working day. */
export function windowsOf(rule: FeeRuleBody, date: string): { key: 'w' | 'n'; windows: FeeWindow[] } {
  if (rule.nonWorkingWindows?.length && !isWorkingDay(date)) return { key: 'n', windows: rule.nonWorkingWindows };
  return { key: 'w', windows: rule.windows };
}

/**
 * Cuts [from, to) into segments along the rule's clock windows.
 *
 * Each calendar day (+08:00) takes the windows of its own variant for its 24 hours. A window whose
 * end is at or before its start crosses midnight; its early-morning part belongs to the occurrence
 * that started the evening before when both days use the same variant (one night = one occurrence),
 * else it is an occurrence of its own.
 */
export function segmentsOf(rule: FeeRuleBody, from: number, to: number): Segment[] {
  const out: Segment[] = [];
  for (let day = localMidnight(from); day < to; day += DAY_MS) {
    const date = localDate(day);
    const { key, windows } = windowsOf(rule, date);
    const prevKey = windowsOf(rule, localDate(day - DAY_MS)).key;
    const parts: { s: number; e: number; w: FeeWindow; occ: string }[] = [];
    windows.forEach((w, i) => {
      const s = clockMinutes(w.start);
      const e = clockMinutes(w.end);
      if (e > s) {
        parts.push({ s, e, w, occ: `${date}|${key}|${i}` });
      } else {
        const prevDate = localDate(day - DAY_MS);
        if (e > 0) parts.push({ s: 0, e, w, occ: prevKey === key ? `${prevDate}|${key}|${i}` : `${date}|${key}|${i}|am` });
        parts.push({ s, e: 1440, w, occ: `${date}|${key}|${i}` });
      }
    });
    parts.sort((a, b) => a.s - b.s);
    for (const p of parts) {
      const a = Math.max(from, day + p.s * MINUTE_MS);
      const b = Math.min(to, day + p.e * MINUTE_MS);
      if (b <= a) continue;
      const last = out[out.length - 1];
      if (last && last.occurrence === p.occ && last.to === a) last.to = b;
      else out.push({ from: a, to: b, window: p.w, occurrence: p.occ });
    }
  }
  return out;
}

/** Splits segments at the given instants (24-hour cap windows), keeping their occurrence. */
export function cutAt(segments: Segment[], cuts: number[]): Segment[] {
  const out: Segment[] = [];
  for (const seg of segments) {
    let start = seg.from;
    for (const c of cuts) {
      if (c > start && c < seg.to) {
        out.push({ ...seg, from: start, to: c });
        start = c;
      }
    }
    out.push({ ...seg, from: start });
  }
  return out;
}
