import { DAY_MS, MINUTE_MS, chinaDate, chinaIso } from '../../domain/china-time.ts';
import { yuan } from '../../domain/money.ts';
import { sliceAt, type Piece } from './timeline.ts';
import type { FeeFreeWindow, FeeLine, FeeRuleBody, FeeUnitWindow, FeeVisitWindow, FeeWindow } from './types.ts';

/**
 * A fee line with what the caps need: the window occurrence it counts towards (the window's own cap)
 * and the 24 hours from the billed start it falls in (the 24-hour caps). A charge belongs to where
 * its unit or visit starts: caps take money off, they never cut a unit in two.
 */
export interface Charge {
  line: FeeLine;
  occurrence: string;
  window: FeeWindow;
  day24: number;
}

/** What the pricers carry from piece to piece. */
export interface PricingState {
  rule: FeeRuleBody;
  /** the 24-hour windows' start, null without 24-hour caps */
  cap24From: number | null;
  /** chargeable units counted so far for the ladder, and the date they were counted on ('day' scope) */
  ladderCount: number;
  ladderDate: string;
  /** ms of the last unit already paid past its window's end ('completeAtEarlier') */
  carry: number;
}

const day24Of = (state: PricingState, t: number) => (state.cap24From === null ? 0 : Math.floor((t - state.cap24From) / DAY_MS));

interface Run {
  from: number;
  to: number;
  count: number;
  cents: number;
  ladder: boolean;
  occurrence: string;
  window: FeeWindow;
  day24: number;
}

/** Consecutive charges alike in price and in what they count towards make one line. */
function runsOf(starts: { at: number; end: number; cents: number; ladder: boolean }[], piece: Piece, state: PricingState): Run[] {
  const runs: Run[] = [];
  for (const c of starts) {
    const slice = sliceAt(piece, c.at);
    const day24 = day24Of(state, c.at);
    const last = runs[runs.length - 1];
    if (last && last.cents === c.cents && last.ladder === c.ladder && last.occurrence === slice.occurrence && last.day24 === day24) {
      last.to = c.end;
      last.count++;
    } else {
      runs.push({
        from: c.at,
        to: c.end,
        count: 1,
        cents: c.cents,
        ladder: c.ladder,
        occurrence: slice.occurrence,
        window: slice.window,
        day24,
      });
    }
  }
  return runs;
}

const toCharge = (run: Run, piece: Piece, kind: FeeLine['kind'], part: string): Charge => ({
  line: {
    piece: piece.window.name,
    kind,
    from: chinaIso(run.from),
    to: chinaIso(run.to),
    units: run.count,
    unitPriceCents: run.cents,
    feeCents: run.count * run.cents,
    part,
    calendar: piece.calendar,
  },
  occurrence: run.occurrence,
  window: run.window,
  day24: run.day24,
});

/** The price of the n-th chargeable unit (0-based) of a window under its first-period ladder. */
function unitPrice(w: FeeUnitWindow, n: number): { cents: number; ladder: boolean } {
  let upTo = 0;
  for (const step of w.ladder ?? []) {
    upTo += step.minutes / w.unitMinutes;
    if (n < upTo) return { cents: step.unitPriceCents, ladder: true };
  }
  return { cents: w.unitPriceCents, ladder: false };
}

/** Units of `unitMinutes`, a part unit counting whole, rounded once over the piece (§2.2 step 4). */
function priceUnits(w: FeeUnitWindow, piece: Piece, start: number, state: PricingState): Charge[] {
  const unitMs = w.unitMinutes * MINUTE_MS;
  if (!(unitMs > 0)) throw new RangeError(`${w.name}的计费单位时长必须大于0`);
  const units = Math.ceil((piece.to - start) / unitMs);
  if (state.rule.boundary === 'completeAtEarlier') state.carry = units * unitMs - (piece.to - start);
  const starts = [];
  for (let k = 0; k < units; k++) {
    const at = start + k * unitMs;
    const date = chinaDate(at);
    if (state.rule.ladderScope === 'day' && date !== state.ladderDate) state.ladderCount = 0;
    state.ladderDate = date;
    starts.push({ at, end: Math.min(piece.to, at + unitMs), ...unitPrice(w, state.ladderCount++) });
  }
  return runsOf(starts, piece, state).map((run) =>
    toCharge(run, piece, run.ladder ? 'ladder' : 'unit', `${run.ladder ? '首时段' : ''}每${w.unitMinutes}分钟${yuan(run.cents)}元`),
  );
}

/** One flat price for the piece, or one per started `visitRepeatMinutes` of it (按次). */
function priceVisits(w: FeeVisitWindow, piece: Piece, start: number, state: PricingState): Charge[] {
  const every = w.visitRepeatMinutes ? w.visitRepeatMinutes * MINUTE_MS : piece.to - start;
  const starts = [];
  for (let at = start; at < piece.to; at += every)
    starts.push({ at, end: Math.min(piece.to, at + every), cents: w.visitPriceCents, ladder: false });
  const part = w.visitRepeatMinutes
    ? `每${w.visitRepeatMinutes}分钟${yuan(w.visitPriceCents)}元（按次）`
    : `${yuan(w.visitPriceCents)}元/次`;
  return runsOf(starts, piece, state).map((run) => toCharge(run, piece, 'visit', part));
}

function priceFree(_w: FeeFreeWindow, piece: Piece, start: number, state: PricingState): Charge[] {
  const { occurrence, window } = sliceAt(piece, start);
  const run: Run = { from: start, to: piece.to, count: 0, cents: 0, ladder: false, occurrence, window, day24: day24Of(state, start) };
  return [toCharge(run, piece, 'free', '免费时段')];
}

/** The charges of one piece, after what the previous piece's last unit already paid for ('completeAtEarlier'). */
export function pricePiece(piece: Piece, state: PricingState): Charge[] {
  const start = Math.min(piece.to, piece.from + state.carry);
  state.carry -= start - piece.from;
  if (start >= piece.to) return [];
  const w = piece.window;
  switch (w.kind) {
    case 'unit':
      return priceUnits(w, piece, start, state);
    case 'visit':
      return priceVisits(w, piece, start, state);
    case 'free':
      return priceFree(w, piece, start, state);
  }
}
