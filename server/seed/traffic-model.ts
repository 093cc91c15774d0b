import { randomPlate } from '../services/parking-plates.ts';

/**
 * How cars use the demo lots, for the seeded history and the live simulator: arrivals per hour of a
 * working day and of a weekend (morning and evening peaks), stay lengths, car classes and pay
 * channels. Pure: every draw comes from the generator it is given.
 */

type Rnd = () => number;

/** Relative arrivals per hour (China time) on working days: commuters at 8–9, shoppers, an evening wave. */
const WEEKDAY = [0.3, 0.2, 0.15, 0.1, 0.15, 0.4, 1.2, 3.2, 5.5, 4.2, 2.8, 2.5, 2.6, 2.7, 2.5, 2.4, 2.8, 3.6, 4.6, 4.0, 2.8, 1.8, 1.0, 0.6];
/** Weekends: a late morning and a long afternoon. */
const WEEKEND = [
  0.5, 0.35, 0.2, 0.15, 0.15, 0.25, 0.5, 1.0, 1.8, 2.8, 3.6, 3.9, 3.6, 3.5, 3.7, 3.8, 3.6, 3.4, 3.5, 3.2, 2.6, 1.8, 1.1, 0.7,
];

export const hourWeights = (weekend: boolean): readonly number[] => (weekend ? WEEKEND : WEEKDAY);

/** Arrivals of a day relative to an average day: weekends are quieter in these office districts. */
export const dayFactor = (weekday: number): number => [0.82, 1.02, 1.0, 1.0, 1.03, 1.12, 0.9][weekday];

function pickWeighted<T>(rnd: Rnd, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rnd() * total;
  for (const [v, w] of items) {
    r -= w;
    if (r < 0) return v;
  }
  return items[items.length - 1][0];
}

/** The hour (0–23) of an arrival. */
export const arrivalHour = (rnd: Rnd, weekend: boolean): number =>
  pickWeighted(
    rnd,
    hourWeights(weekend).map((w, h) => [h, w] as const),
  );

/**
 * Minutes a car stays: quick errands, a few hours, a working day (morning arrivals on working days),
 * and now and then overnight or longer.
 */
export function stayMinutes(rnd: Rnd, hour: number, weekend: boolean): number {
  const commuter = !weekend && hour >= 7 && hour <= 9 && rnd() < 0.55;
  if (commuter) return 420 + Math.floor(rnd() * 180); // 7–10 h
  const kind = pickWeighted(rnd, [
    ['short', 40],
    ['hours', 42],
    ['long', 13],
    ['days', 5],
  ] as const);
  if (kind === 'short') return 3 + Math.floor(rnd() * 57);
  if (kind === 'hours') return 60 + Math.floor(rnd() * 180);
  if (kind === 'long') return 240 + Math.floor(rnd() * 600);
  return 840 + Math.floor(rnd() * 2400);
}

/** 1 temporary, 2 monthly, 3 group, 4 whitelist, 5 visitor, 6 unplated. */
export function carClassOf(rnd: Rnd, unplated: boolean): number {
  if (unplated) return 6;
  return pickWeighted(rnd, [
    [1, 76],
    [2, 12],
    [3, 3],
    [4, 3],
    [5, 6],
  ] as const);
}

/** Card-holding classes (monthly, group, whitelist) pay nothing per stay. */
export const cardCovered = (carClass: number): boolean => carClass === 2 || carClass === 3 || carClass === 4;

/** 1 WeChat, 2 Alipay, 3 cash, 4 UnionPay, 5 ETC, 7 stored-value card; 0 = left without paying. */
export const payChannelOf = (rnd: Rnd, onStreet: boolean): number =>
  pickWeighted(rnd, [
    [1, 46],
    [2, 24],
    [3, onStreet ? 3 : 8],
    [4, 5],
    [5, onStreet ? 0 : 8],
    [7, 4],
    [0, onStreet ? 9 : 3],
  ] as const);

export interface Car {
  plateNo: string;
  plateColor: number | null;
  carClass: number;
}

export function randomCar(rnd: Rnd): Car {
  const { plateNo, plateColor } = randomPlate(rnd);
  return { plateNo, plateColor, carClass: carClassOf(rnd, plateColor === null) };
}

/** A payment's serial number as its channel would give it. */
export function serialOf(channel: number, at: number, seq: number): string {
  const prefix = { 1: 'WX', 2: 'ZFB', 3: 'XJ', 4: 'YL', 5: 'ETC', 7: 'CZK' }[channel] ?? 'PAY';
  return `${prefix}${at}${String(seq % 100000).padStart(5, '0')}`;
}
