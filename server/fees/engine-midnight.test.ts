import { describe, expect, it } from 'vitest';
import { CALENDAR_YEARS } from './clock.ts';
import { priceStay } from './engine.ts';
import { RULE_A, RULE_B } from './sample-rules.ts';
import type { FeeRuleSnapshot, FeeUnitWindow, FeeVisitWindow } from './types.ts';

/**
 * Stays across midnight, a tariff change between working and non-working days, and the 24-hour cut:
 * one piece of one window is rounded once, one night is one visit, and the 24-hour cut caps money,
 * it never rounds units again. Expected cents are worked by hand in each comment.
 */

const at = (s: string) => `${s}+08:00`;
const total = (rule: FeeRuleSnapshot, entry: string, exit: string) => priceStay({ rule, entry: at(entry), exit: at(exit) }).totalCents;

const base: FeeRuleSnapshot = { ...RULE_A, freeMinutes: 0, windows: [], nonWorkingWindows: null, cap24Cents: [], freeCarClasses: [] };
const allDayUnits = (unitMinutes: number, unitPriceCents: number, extra: Partial<FeeUnitWindow> = {}): FeeUnitWindow => ({
  name: '全天',
  start: '00:00',
  end: '00:00',
  kind: 'unit',
  unitMinutes,
  unitPriceCents,
  ...extra,
});
const allDayVisits = (visitPriceCents: number, visitRepeatMinutes: number | null): FeeVisitWindow => ({
  name: '全天',
  start: '00:00',
  end: '00:00',
  kind: 'visit',
  visitPriceCents,
  visitRepeatMinutes,
});

/** The seeded demo rules (server/seed/fee-rules.ts) the defects were found under. */
const MALL: FeeRuleSnapshot = {
  ...base,
  freeMinutes: 15,
  windows: [allDayUnits(60, 600, { ladder: [{ minutes: 60, unitPriceCents: 500 }] })],
  cap24Cents: [6000],
};
const LARGE_VEHICLE: FeeRuleSnapshot = { ...base, freeMinutes: 15, windows: [allDayUnits(30, 300)], cap24Cents: [6000, 8000, 10000] };
const GREEN_PLATE: FeeRuleSnapshot = { ...base, freeMinutes: 120, windows: [allDayUnits(60, 300)], cap24Cents: [3000] };
const CHARGING_STATION: FeeRuleSnapshot = {
  ...base,
  freeMinutes: 120,
  freeMode: 'deduct',
  windows: [allDayUnits(60, 500)],
  cap24Cents: [5000],
};

/** Rule A with a non-working-day tariff: weekend nights cost 8 yuan. */
const RULE_A_WEEKEND: FeeRuleSnapshot = {
  ...RULE_A,
  nonWorkingWindows: [
    { name: '白天', start: '07:00', end: '19:00', kind: 'unit', unitMinutes: 30, unitPriceCents: 100, capCents: 1000 },
    { name: '夜间', start: '19:00', end: '07:00', kind: 'visit', visitPriceCents: 800 },
  ],
};

describe('an all-day window is one piece across midnight', () => {
  it('the mall rule, 23:30 → 00:30, is one first hour: 500, not 1100', () => {
    expect(total(MALL, '2024-05-06T23:30', '2024-05-07T00:30')).toBe(500);
  });

  it('the large-vehicle rule, 23:50 → 00:20, is one half hour: 300, not 600', () => {
    expect(total(LARGE_VEHICLE, '2024-05-06T23:50', '2024-05-07T00:20')).toBe(300);
  });

  it('a 12-hour per-visit rule, 23:00 → 01:00, is one visit: 1000, not 2000', () => {
    expect(total({ ...base, windows: [allDayVisits(1000, 720)] }, '2024-05-06T23:00', '2024-05-07T01:00')).toBe(1000);
  });

  it('a window from 08:00 to 08:00 is not cut at its own start: 07:30 → 08:30 is one hour (500)', () => {
    const rule = { ...base, windows: [allDayUnits(60, 500, { start: '08:00', end: '08:00' })] };
    expect(total(rule, '2024-05-06T07:30', '2024-05-06T08:30')).toBe(500);
  });

  it('the green-plate rule, 23:30 → 02:10 (past its 2 free hours), is 3 hours from entry: 900', () => {
    expect(total(GREEN_PLATE, '2024-05-06T23:30', '2024-05-07T02:10')).toBe(900);
  });

  it('the charging-station rule deducts 2 hours, then 00:45 → 01:50 is 2 hours: 1000', () => {
    expect(total(CHARGING_STATION, '2024-05-06T22:45', '2024-05-07T01:50')).toBe(1000);
  });

  it('the mall rule, 22:10 → 01:20, is the first hour and 3 more: 500 + 3 × 600 = 2300', () => {
    expect(total(MALL, '2024-05-06T22:10', '2024-05-07T01:20')).toBe(2300);
  });
});

describe('the 24-hour cut caps, it does not round again', () => {
  it('24.5 hours at 5 yuan an hour under a 200-yuan cap is 25 units (12500), not 26', () => {
    const rule = { ...base, windows: [allDayUnits(60, 500)], cap24Cents: [20000] };
    const bill = priceStay({ rule, entry: at('2024-05-06T10:30'), exit: at('2024-05-07T11:00') });
    expect(bill.totalCents).toBe(12500);
    expect(bill.lines.reduce((n, l) => n + l.units, 0)).toBe(25);
  });

  it('the mall rule for 24 h 10 min: the first 24 h capped at 6000, then one hour at 600', () => {
    expect(total(MALL, '2024-05-06T09:00', '2024-05-07T09:10')).toBe(6600);
  });

  it('the mall rule for 48 h: two capped days, 6000 + 6000', () => {
    expect(total(MALL, '2024-05-06T09:00', '2024-05-08T09:00')).toBe(12000);
  });

  it('the large-vehicle rule for 50 h escalates its caps: 6000 + 8000 + 4 half hours (1200)', () => {
    expect(total(LARGE_VEHICLE, '2024-05-06T20:00', '2024-05-08T22:00')).toBe(15200);
  });

  it('a 12-hour visit under a 15-yuan 24-hour cap, 30 h: visits at 10:00 and 22:00 capped to 1500, then 1000', () => {
    const rule = { ...base, windows: [allDayVisits(1000, 720)], cap24Cents: [1500] };
    expect(total(rule, '2024-05-06T10:00', '2024-05-07T16:00')).toBe(2500);
  });

  it('rule A with a 20-yuan 24-hour cap, 10:00 → 12:00 the next day: 2000 for the first 24 h, then 4 units (600)', () => {
    // first 24 h: day 1 capped at 1500 + night 500 + 07:00–10:00 six units (900) = 2900 → 2000
    expect(total({ ...RULE_A, cap24Cents: [2000] }, '2024-05-06T10:00', '2024-05-07T12:00')).toBe(2600);
  });
});

describe('day windows and nights across midnight', () => {
  it('rule A, 18:40 → 07:40: one day unit, one night, two morning units: 150 + 500 + 300', () => {
    expect(total(RULE_A, '2024-05-06T18:40', '2024-05-07T07:40')).toBe(950);
  });

  it('rule A, 06:30 → 07:10: the end of a night (500) and one day unit (150)', () => {
    expect(total(RULE_A, '2024-05-06T06:30', '2024-05-06T07:10')).toBe(650);
  });
});

describe('a night from a working day into a non-working day is one visit, priced by the tariff at its start', () => {
  it('Friday 22:00 → Saturday 06:00 is one working-day night: 500, not 1000', () => {
    const bill = priceStay({ rule: RULE_A_WEEKEND, entry: at('2024-05-17T22:00'), exit: at('2024-05-18T06:00') });
    expect(bill.totalCents).toBe(500);
    expect(bill.lines).toEqual([expect.objectContaining({ kind: 'visit', units: 1, calendar: 'working' })]);
  });

  it('Sunday 22:00 → Monday 06:00 is one non-working-day night: 800', () => {
    const bill = priceStay({ rule: RULE_A_WEEKEND, entry: at('2024-05-19T22:00'), exit: at('2024-05-20T06:00') });
    expect(bill.totalCents).toBe(800);
    expect(bill.lines).toEqual([expect.objectContaining({ kind: 'visit', units: 1, calendar: 'nonWorking' })]);
  });

  it('rule B, Friday 19:00 → Saturday 11:00: the ladder goes on into the weekend tariff, each line says which', () => {
    // Friday 19:00–20:00: units 1–2 (300 + 600); Saturday 10:00–11:00: units 3–4 at the weekend ladder (240 each)
    const bill = priceStay({ rule: RULE_B, entry: at('2024-05-17T19:00'), exit: at('2024-05-18T11:00') });
    expect(bill.totalCents).toBe(300 + 600 + 240 + 240);
    const charged = bill.lines.filter((l) => l.feeCents > 0).map((l) => [l.feeCents, l.calendar]);
    expect(charged).toEqual([
      [300, 'working'],
      [600, 'working'],
      [480, 'nonWorking'],
    ]);
  });

  it('a rule with one tariff for every day marks no calendar on its lines', () => {
    const bill = priceStay({ rule: RULE_A, entry: at('2024-05-17T22:00'), exit: at('2024-05-18T06:00') });
    expect(bill.lines.map((l) => l.calendar)).toEqual([null]);
  });
});

describe('dates past the holiday calendar', () => {
  const year = CALENDAR_YEARS.last + 1;

  it('are priced as an ordinary week, and the bill says so', () => {
    // 1 January of a year the calendar does not know (a holiday every year) is a working day if it
    // falls Monday to Friday: 09:00–10:10 is B2's 1500; at a weekend only 10:00–10:10 is charged (120)
    const bill = priceStay({ rule: RULE_B, entry: at(`${year}-01-01T09:00`), exit: at(`${year}-01-01T10:10`) });
    const weekday = new Date(Date.UTC(year, 0, 1)).getUTCDay();
    expect(bill.totalCents).toBe(weekday >= 1 && weekday <= 5 ? 1500 : 120);
    expect(bill.notes.join()).toContain(`节假日日历只收录${CALENDAR_YEARS.first}–${CALENDAR_YEARS.last}年`);
  });

  it('say nothing for a rule without a non-working-day tariff', () => {
    const bill = priceStay({ rule: RULE_A, entry: at(`${year}-01-01T09:00`), exit: at(`${year}-01-01T10:10`) });
    expect(bill.notes.join()).not.toContain('节假日日历');
  });
});

describe('coupons the engine cannot price are refused', () => {
  const stay = { rule: { ...base, windows: [allDayUnits(60, 500)] }, entry: at('2024-05-06T10:00'), exit: at('2024-05-06T13:00') };

  it.each([
    [{ kind: 'minutes' }, '第1张优惠券（减时长）须填写减免时长minutes（分钟）'],
    [{ kind: 'amount' }, '第1张优惠券（减金额）须填写减免金额cents（分）'],
    [{ kind: 'amount', cents: 1.5 }, '第1张优惠券（减金额）的减免金额必须是1到1000000之间的整数（分）'],
    [{ kind: 'percent' }, '第1张优惠券（折扣）须填写折扣percent（80即八折）'],
  ])('%o: %s', (coupon, message) => {
    expect(() => priceStay({ ...stay, coupons: [coupon as never] })).toThrow(message);
  });
});
