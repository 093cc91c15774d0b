import type { Db } from '../db/database.ts';
import type { LotScope } from '../resource/lot-scope.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import type { DashboardLot } from '../../domain/dashboard.ts';
import { type FigureWindow, lotFilter } from './window.ts';

/**
 * Parking figures (money-and-charging.md §11.2), each one definition read by the dashboard, the
 * finance reports, the big screens and /activity alike.
 */

/** an open stay: in the lot, paid or not, whatever day it entered (counting today's entries only is wrong after midnight) */
export const OPEN_STAY = `exit_time is null and state in (${ORDER_STATE.IN_PARK}, ${ORDER_STATE.PAID_IN_PARK})`;

/** A lot now: its spaces, cars in park, free spaces (never below 0) and occupancy 0–1, as the dashboard shows it, and where it is. */
export interface LotOccupancy extends DashboardLot {
  lng: number | null;
  lat: number | null;
}

/** Cars in park, free spaces and occupancy now, per enabled lot. */
export async function lotOccupancy(db: Db, lots: LotScope): Promise<LotOccupancy[]> {
  const params: unknown[] = [];
  const scope = lotFilter('p.id', lots, params);
  const { rows } = await db.query<{ id: string; name: string; spaces: number; in_park: number; lng: string | null; lat: string | null }>(
    `select p.id, p.parking_name as name, p.total_spaces as spaces, p.lng, p.lat,
            (select count(*) from parking_order o where o.parking_id = p.id and ${OPEN_STAY})::int as in_park
       from parking p where p.enabled_mark = 1${scope} order by p.sort_code, p.parking_code`,
    params,
  );
  return rows.map((r) => ({
    parkingId: r.id,
    parkingName: r.name,
    spaces: r.spaces,
    inPark: r.in_park,
    free: Math.max(0, r.spaces - r.in_park),
    occupancy: r.spaces > 0 ? Math.min(1, r.in_park / r.spaces) : 0,
    lng: r.lng === null ? null : Number(r.lng),
    lat: r.lat === null ? null : Number(r.lat),
  }));
}

export interface OccupancyTotals {
  spaces: number;
  inPark: number;
  free: number;
  occupancy: number;
}

/** The lots' occupancy added up (occupancy of the whole, not an average of the lots'). */
export function occupancyTotals(lots: LotOccupancy[]): OccupancyTotals {
  const spaces = lots.reduce((s, l) => s + l.spaces, 0);
  const inPark = lots.reduce((s, l) => s + l.inPark, 0);
  const free = lots.reduce((s, l) => s + l.free, 0);
  return { spaces, inPark, free, occupancy: spaces > 0 ? Math.min(1, inPark / spaces) : 0 };
}

const HOUR_MS = 3_600_000;

/**
 * A window as the kept hours cover it: whole hours [wholeFrom, wholeTo) read from parking_hour, and
 * the partial hours at either end read from the orders themselves (a few hundred rows at most).
 */
function hoursOf(w: FigureWindow, now = Date.now()): { wholeFrom: number; wholeTo: number; partials: [number, number][] } {
  const wholeFrom = Math.ceil(w.from / HOUR_MS) * HOUR_MS;
  // a window reaching the present takes the current hour whole: nothing has entered or left after now
  const end = w.to >= now ? Math.ceil(w.to / HOUR_MS) * HOUR_MS : w.to;
  const wholeTo = Math.max(wholeFrom, Math.floor(end / HOUR_MS) * HOUR_MS);
  if (w.to >= now && wholeFrom < end) {
    const partials: [number, number][] = w.from < wholeFrom ? [[w.from, wholeFrom]] : [];
    return { wholeFrom, wholeTo, partials };
  }
  if (wholeFrom >= w.to) return { wholeFrom, wholeTo: wholeFrom, partials: [[w.from, w.to]] };
  const partials: [number, number][] = [];
  if (w.from < wholeFrom) partials.push([w.from, wholeFrom]);
  if (wholeTo < w.to) partials.push([wholeTo, w.to]);
  return { wholeFrom, wholeTo, partials };
}

/** The kept hours' sums over [from, to), whole hours only. */
async function keptHours(db: Db, lots: LotScope, from: number, to: number): Promise<Record<string, number>> {
  if (to <= from) return {};
  const params: unknown[] = [from, to];
  const scope = lotFilter('parking_id', lots, params);
  const { rows } = await db.query<Record<string, string | null>>(
    `select sum(entries) as entries, sum(exits) as exits, sum(stay_minutes) as minutes, sum(zero_fee) as zero,
            sum(receivable_cents) as receivable, sum(discount_cents) as discount, sum(owed_cents) as owed,
            sum(entry_epochs) as "entryEpochs", sum(exit_epochs) as "exitEpochs"
       from parking_hour where hour >= to_timestamp($1 / 1000.0) and hour < to_timestamp($2 / 1000.0)${scope}`,
    params,
  );
  return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v ?? 0)]));
}

/** The same sums counted from the orders over [from, to) (a partial hour). */
async function countedStays(db: Db, lots: LotScope, from: number, to: number): Promise<Record<string, number>> {
  const params: unknown[] = [from, to];
  const scope = lotFilter('parking_id', lots, params);
  const { rows } = await db.query<Record<string, string | null>>(
    `select e.entries, e."entryEpochs", count(*) as exits, sum(extract(epoch from exit_time)) as "exitEpochs", sum(extract(epoch from exit_time - entry_time) / 60) as minutes, count(*) filter (where paid_cents = 0) as zero,
            sum(receivable_cents) as receivable, sum(discount_cents) as discount, sum(owed_cents) as owed
       from parking_order,
            (select count(*) as entries, sum(extract(epoch from entry_time)) as "entryEpochs" from parking_order
              where entry_time >= to_timestamp($1 / 1000.0) and entry_time < to_timestamp($2 / 1000.0)${scope}) e
      where exit_time >= to_timestamp($1 / 1000.0) and exit_time < to_timestamp($2 / 1000.0)${scope}
      group by e.entries, e."entryEpochs"`,
    params,
  );
  if (!rows[0]) {
    // no exits in the range: its entries alone
    const { rows: e } = await db.query<{ entries: string; entryEpochs: string | null }>(
      `select count(*) as entries, sum(extract(epoch from entry_time)) as "entryEpochs" from parking_order
        where entry_time >= to_timestamp($1 / 1000.0) and entry_time < to_timestamp($2 / 1000.0)${scope}`,
      params,
    );
    return { entries: Number(e[0].entries), entryEpochs: Number(e[0].entryEpochs ?? 0) };
  }
  return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v ?? 0)]));
}

/** Entries, exits and the ended stays' sums over the window: kept hours plus its partial hours. */
async function staySums(db: Db, w: FigureWindow): Promise<Record<string, number>> {
  const { wholeFrom, wholeTo, partials } = hoursOf(w);
  const parts = [await keptHours(db, w.lots, wholeFrom, wholeTo)];
  for (const [from, to] of partials) parts.push(await countedStays(db, w.lots, from, to));
  const out: Record<string, number> = {};
  for (const part of parts) for (const [k, v] of Object.entries(part)) out[k] = (out[k] ?? 0) + v;
  return out;
}

export interface Flow {
  /** entries with entry time in the window */
  entries: number;
  /** exits with exit time in the window */
  exits: number;
}

/** Entries and exits in the window. */
export async function flow(db: Db, w: FigureWindow): Promise<Flow> {
  return (await stayFigures(db, w)).flow;
}

export interface HourFlow {
  /** epoch ms of the hour's start */
  hour: number;
  entries: number;
  exits: number;
}

/**
 * Entries and exits per hour of the window (every hour present, zeros included), from the kept
 * hours: an hour the window cuts counts its whole hour (the current hour holds nothing later anyway).
 */
export async function hourlyFlow(db: Db, w: FigureWindow): Promise<HourFlow[]> {
  const first = Math.floor(w.from / HOUR_MS) * HOUR_MS;
  const params: unknown[] = [first, w.to];
  const scope = lotFilter('parking_id', w.lots, params);
  const { rows } = await db.query<{ hour: string; entries: string; exits: string }>(
    `select extract(epoch from hour) * 1000 as hour, sum(entries) as entries, sum(exits) as exits
       from parking_hour where hour >= to_timestamp($1 / 1000.0) and hour < to_timestamp($2 / 1000.0)${scope} group by hour`,
    params,
  );
  const byHour = new Map(rows.map((r) => [Number(r.hour), r]));
  const out: HourFlow[] = [];
  for (let h = first; h < w.to; h += HOUR_MS)
    out.push({ hour: h, entries: Number(byHour.get(h)?.entries ?? 0), exits: Number(byHour.get(h)?.exits ?? 0) });
  return out;
}

export interface EndedStays {
  /** stays that ended (exit time) in the window */
  ended: number;
  /** Σ stay minutes / stays ended (0 when none) */
  averageStayMinutes: number;
  /** of the ended stays, those that paid nothing: 0–1 */
  zeroFeeShare: number;
  /** Σ receivable of the ended stays, cents (exit-time basis) */
  receivableCents: number;
  /** Σ discount (coupons, reductions) of the ended stays, cents */
  discountCents: number;
  /** Σ still owed on the ended stays, cents */
  owedCents: number;
}

/** The stays that ended in the window: average stay, zero-fee share, receivable, reductions. */
export async function endedStays(db: Db, w: FigureWindow): Promise<EndedStays> {
  return (await stayFigures(db, w)).ended;
}

/** Flow and ended stays of one window from one reading of the kept hours (the dashboard wants both). */
export async function stayFigures(db: Db, w: FigureWindow): Promise<{ flow: Flow; ended: EndedStays }> {
  const r = await staySums(db, w);
  const n = r.exits ?? 0;
  return {
    flow: { entries: r.entries ?? 0, exits: n },
    ended: {
      ended: n,
      averageStayMinutes: n > 0 ? Math.round((r.minutes ?? 0) / n) : 0,
      zeroFeeShare: n > 0 ? (r.zero ?? 0) / n : 0,
      receivableCents: r.receivable ?? 0,
      discountCents: r.discount ?? 0,
      owedCents: r.owed ?? 0,
    },
  };
}

/** Turnover: stays ended in the window per space (§10.4). */
export function turnover(ended: number, spaces: number): number {
  return spaces > 0 ? ended / spaces : 0;
}

/** Stays open at instant `at` (entered before it, not left by it), any entry day: the kept hours before it plus its own hour's orders. */
async function openAt(db: Db, lots: LotScope, at: number): Promise<number> {
  const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
  const params: unknown[] = [hour];
  const scope = lotFilter('parking_id', lots, params);
  const { rows } = await db.query<{ n: string | null }>(
    `select sum(entries - exits) as n from parking_hour where hour < to_timestamp($1 / 1000.0)${scope}`,
    params,
  );
  const inHour = hour < at ? await countedStays(db, lots, hour, at) : {};
  return Number(rows[0].n ?? 0) + (inHour.entries ?? 0) - (inHour.exits ?? 0);
}

/**
 * Time utilisation: Σ minutes the stays occupied inside the window / (spaces × the window's
 * minutes), 0–1; a stay not yet left counts to the window's end. The occupied time is
 * N(from)·(to − from) + Σ entries (to − entry) − Σ exits (to − exit) over the window, from the kept
 * hours' counts and sums of instants: no order row is read but those of a partial hour.
 */
export async function timeUtilisation(db: Db, w: FigureWindow, spaces: number): Promise<number> {
  if (spaces <= 0 || w.to <= w.from) return 0;
  const open = await openAt(db, w.lots, w.from);
  const r = await staySums(db, w);
  const to = w.to / 1000;
  const seconds =
    open * (to - w.from / 1000) + ((r.entries ?? 0) * to - (r.entryEpochs ?? 0)) - ((r.exits ?? 0) * to - (r.exitEpochs ?? 0));
  const windowMinutes = (w.to - w.from) / 60_000;
  return Math.max(0, Math.min(1, seconds / 60 / (spaces * windowMinutes)));
}
