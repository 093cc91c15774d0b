import { DAY_MS, MINUTE_MS, isoLocal, localDate, yuan } from './clock.ts';
import { cutAt, segmentsOf } from './timeline.ts';
import type { FeeLine, FeeRuleBody, FeeWindow } from './types.ts';

export interface PricedSpan {
  lines: FeeLine[];
  totalCents: number;
}

/** The price of the n-th chargeable unit (0-based) of a window under its first-period ladder. */
function unitPrice(w: FeeWindow, n: number): { cents: number; ladder: boolean } {
  let upTo = 0;
  for (const step of w.ladder ?? []) {
    upTo += step.minutes / (w.unitMinutes as number);
    if (n < upTo) return { cents: step.unitPriceCents, ladder: true };
  }
  return { cents: w.unitPriceCents ?? 0, ladder: false };
}

function unitPart(w: FeeWindow, cents: number, ladder: boolean): string {
  return `${ladder ? '首时段' : ''}每${w.unitMinutes}分钟${yuan(cents)}元`;
}

/**
 * Prices [from, to) under a rule: splits it along the clock windows (§2.2 step 3), prices each piece
 * (step 4: units rounded up, the first-period ladder, per-visit prices, a cap per window
 * occurrence), applies the boundary-unit behaviour (step 5) and the 24-hour caps (step 6: each
 * 24 h from `from` is priced, then capped; the n-th window takes the n-th cap, the last repeating).
 * Free minutes, coupons and payments are the caller's (`engine.ts`).
 */
export function priceSpan(rule: FeeRuleBody, from: number, to: number): PricedSpan {
  const lines: FeeLine[] = [];
  if (to <= from) return { lines, totalCents: 0 };
  const cuts: number[] = [];
  if (rule.cap24Cents.length) for (let c = from + DAY_MS; c < to; c += DAY_MS) cuts.push(c);
  const segments = cutAt(segmentsOf(rule, from, to), cuts);

  const occFee = new Map<string, number>();
  const occCapped = new Map<string, number>();
  const occVisits = new Map<string, { charged: number; since: number }>();
  let ladderCount = 0;
  let ladderDate = '';
  /** ms of the last unit already paid past its window's end ('completeAtEarlier') */
  let carry = 0;

  for (const seg of segments) {
    const w = seg.window;
    let start = seg.from;
    if (carry > 0) {
      const used = Math.min(carry, seg.to - start);
      start += used;
      carry -= used;
      if (start >= seg.to) continue;
    }
    const before = lines.length;
    if (w.kind === 'free') {
      lines.push({
        piece: w.name,
        kind: 'free',
        from: isoLocal(start),
        to: isoLocal(seg.to),
        units: 0,
        unitPriceCents: 0,
        feeCents: 0,
        part: '免费时段',
      });
    } else if (w.kind === 'visit') {
      const v = occVisits.get(seg.occurrence) ?? { charged: 0, since: start };
      const every = w.visitRepeatMinutes ? w.visitRepeatMinutes * MINUTE_MS : Infinity;
      const owed = Number.isFinite(every) ? Math.ceil((seg.to - v.since) / every) : 1;
      const n = owed - v.charged;
      occVisits.set(seg.occurrence, { charged: owed, since: v.since });
      const price = w.visitPriceCents ?? 0;
      lines.push({
        piece: w.name,
        kind: 'visit',
        from: isoLocal(start),
        to: isoLocal(seg.to),
        units: n,
        unitPriceCents: price,
        feeCents: n * price,
        part: w.visitRepeatMinutes ? `每${w.visitRepeatMinutes}分钟${yuan(price)}元（按次）` : `${yuan(price)}元/次`,
      });
    } else {
      const unitMs = (w.unitMinutes as number) * MINUTE_MS;
      if (!(unitMs > 0)) throw new RangeError(`${w.name}的计费单位时长必须大于0`);
      const units = Math.ceil((seg.to - start) / unitMs);
      if (rule.boundary === 'completeAtEarlier') carry = units * unitMs - (seg.to - start);
      const date = localDate(start);
      if (rule.ladderScope === 'day' && date !== ladderDate) ladderCount = 0;
      ladderDate = date;
      // consecutive units at the same price make one line
      let k = 0;
      while (k < units) {
        const p = unitPrice(w, ladderCount + k);
        let j = k + 1;
        while (j < units && unitPrice(w, ladderCount + j).cents === p.cents && unitPrice(w, ladderCount + j).ladder === p.ladder) j++;
        lines.push({
          piece: w.name,
          kind: p.ladder ? 'ladder' : 'unit',
          from: isoLocal(start + k * unitMs),
          to: isoLocal(Math.min(seg.to, start + j * unitMs)),
          units: j - k,
          unitPriceCents: p.cents,
          feeCents: (j - k) * p.cents,
          part: unitPart(w, p.cents, p.ladder),
        });
        k = j;
      }
      ladderCount += units;
    }
    // the window occurrence's cap
    const added = lines.slice(before).reduce((s, l) => s + l.feeCents, 0);
    const fee = (occFee.get(seg.occurrence) ?? 0) + added;
    occFee.set(seg.occurrence, fee);
    if (w.capCents != null && fee > w.capCents) {
      const already = occCapped.get(seg.occurrence) ?? 0;
      const off = fee - w.capCents - already;
      if (off > 0) {
        occCapped.set(seg.occurrence, already + off);
        lines.push({
          piece: `${w.name}封顶`,
          kind: 'periodCap',
          from: isoLocal(start),
          to: isoLocal(seg.to),
          units: 0,
          unitPriceCents: 0,
          feeCents: -off,
          part: `${w.name}封顶${yuan(w.capCents)}元`,
        });
      }
    }
  }

  if (rule.cap24Cents.length) capPer24h(rule.cap24Cents, from, to, lines);
  return { lines, totalCents: lines.reduce((s, l) => s + l.feeCents, 0) };
}

/** Appends a 24小时封顶 line to each 24 h window from `from` whose lines sum above its cap. */
function capPer24h(caps: number[], from: number, to: number, lines: FeeLine[]): void {
  const sums: number[] = [];
  for (const l of lines) {
    const n = Math.floor((Date.parse(l.from) - from) / DAY_MS);
    sums[n] = (sums[n] ?? 0) + l.feeCents;
  }
  sums.forEach((sum, n) => {
    const cap = caps[Math.min(n, caps.length - 1)];
    if (sum > cap) {
      const a = from + n * DAY_MS;
      lines.push({
        piece: '24小时封顶',
        kind: 'cap24',
        from: isoLocal(a),
        to: isoLocal(Math.min(to, a + DAY_MS)),
        units: 0,
        unitPriceCents: 0,
        feeCents: cap - sum,
        part: `第${n + 1}个24小时封顶${yuan(cap)}元`,
      });
    }
  });
}
