import { describe, expect, it } from 'vitest';
import { computeBill, type MeterSample } from '../charging/bill.ts';
import { GUANGDONG } from '../charging/guangdong-template.ts';

/** The bill of notes §9.5: vectors C1–C4 and the sessions orise gets wrong. */

const t = (s: string): number => Date.parse(`${s}+08:00`);
const samples = (...pairs: [string, number][]): MeterSample[] => pairs.map(([at, wh]) => ({ at: t(at), wh }));

describe('charging bill (Guangdong shape)', () => {
  it('C1: a summer session from peak into sharp costs 103.54 yuan in four lines', () => {
    const bill = computeBill(samples(['2024-08-15T10:40', 0], ['2024-08-15T11:00', 20_000], ['2024-08-15T11:30', 50_000]), GUANGDONG);
    expect(bill.lines.map((l) => [l.tierName, l.energyWh, l.elecCents, l.serviceCents])).toEqual([
      ['峰', 20_000, 2210, 1600],
      ['尖', 30_000, 4144, 2400],
    ]);
    expect(bill.totalCents).toBe(10354);
  });

  it('C2: a session across midnight splits flat before and valley after at 00:00', () => {
    const bill = computeBill(samples(['2025-01-10T23:30', 0], ['2025-01-11T00:00', 20_000], ['2025-01-11T01:15', 70_000]), GUANGDONG);
    expect(bill.lines.map((l) => [l.tierName, l.from, l.to, l.energyWh])).toEqual([
      ['平', t('2025-01-10T23:30'), t('2025-01-11T00:00'), 20_000],
      ['谷', t('2025-01-11T00:00'), t('2025-01-11T01:15'), 50_000],
    ]);
    expect(bill.totalCents).toBe(8135);
  });

  it('C3: samples that miss 08:00 are interpolated there (1006.000 kWh)', () => {
    const bill = computeBill(samples(['2025-01-10T07:50', 1_000_000], ['2025-01-10T08:10', 1_012_000]), GUANGDONG);
    expect(bill.lines.map((l) => [l.tierName, l.energyWh])).toEqual([
      ['谷', 6000],
      ['平', 6000],
    ]);
    expect(bill.totalCents).toBe(1498);
  });

  it('C4: each printed line is rounded half-up and the total is their sum (470, not 471 or 473)', () => {
    const bill = computeBill(samples(['2025-01-10T07:30', 0], ['2025-01-10T08:00', 3105], ['2025-01-10T08:30', 4108]), GUANGDONG);
    expect(bill.lines.flatMap((l) => [l.elecCents, l.serviceCents])).toEqual([77, 248, 65, 80]);
    expect(bill.totalCents).toBe(470);
    expect(bill.elecCents + bill.serviceCents).toBe(470);
  });

  it('a session over 24 h keeps the same hour of two days as two segments', () => {
    // 2025-01-10 07:00 → 2025-01-11 08:00, 1 kWh per hour
    const pts: [string, number][] = [];
    for (let h = 0; h <= 25; h++)
      pts.push([new Date(t('2025-01-10T07:00') + h * 3600_000 + 8 * 3600_000).toISOString().slice(0, 16), h * 1000]);
    const bill = computeBill(samples(...pts), GUANGDONG);
    const valleys = bill.lines.filter((l) => l.tierName === '谷');
    expect(valleys.map((l) => [l.from, l.energyWh])).toEqual([
      [t('2025-01-10T07:00'), 1000],
      [t('2025-01-11T00:00'), 8000],
    ]);
    expect(bill.energyWh).toBe(25_000);
    expect(bill.lines.reduce((n, l) => n + l.energyWh, 0)).toBe(25_000);
  });

  it('a session across a season change prices 30 September with summer slots and 1 October without', () => {
    const bill = computeBill(
      samples(['2025-09-30T11:00', 0], ['2025-09-30T12:00', 10_000], ['2025-10-01T11:00', 10_000], ['2025-10-01T12:00', 20_000]),
      GUANGDONG,
    );
    const atEleven = bill.lines.filter((l) => l.energyWh > 0).map((l) => [l.tierName, l.from]);
    expect(atEleven).toEqual([
      ['尖', t('2025-09-30T11:00')],
      ['峰', t('2025-10-01T10:00')],
    ]);
  });

  it('discounts come off the service fee only', () => {
    const s = samples(['2025-01-10T09:00', 0], ['2025-01-10T09:30', 10_000]);
    const full = computeBill(s, GUANGDONG);
    const off = computeBill(s, GUANGDONG, { servicePercentOff: 10, serviceCentsOff: 100_000 });
    expect(full).toMatchObject({ elecCents: 650, serviceCents: 800, totalCents: 1450 });
    expect(off).toMatchObject({ elecCents: 650, discountCents: 800, totalCents: 650 });
  });

  it('a session sampled to the millisecond is billed in lines that start and end on whole seconds, with all its energy', () => {
    // a live pile's clock: 11:52:03.456 … 12:40:05.250, the first sample off the millisecond too (seeded history used to be)
    const bill = computeBill(
      [
        { at: t('2025-01-10T11:52:03.456') + 0.789, wh: 1000 },
        { at: t('2025-01-10T12:10:00.020'), wh: 5000 },
        { at: t('2025-01-10T12:40:05.250'), wh: 12_000 },
      ],
      GUANGDONG,
    );
    const whole = (ms: number) => Number.isInteger(ms / 1000);
    expect(bill.lines.every((l) => whole(l.from) && whole(l.to))).toBe(true);
    expect(bill.lines[0].from).toBe(t('2025-01-10T11:52:03'));
    expect(bill.lines[bill.lines.length - 1].to).toBe(t('2025-01-10T12:40:06'));
    expect(bill.energyWh).toBe(11_000);
  });

  it('no energy without two samples', () => {
    expect(computeBill(samples(['2025-01-10T09:00', 5]), GUANGDONG)).toMatchObject({ lines: [], totalCents: 0 });
  });
});
