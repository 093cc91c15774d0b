import { describe, expect, it } from 'vitest';
import { priceStay } from './engine.ts';
import { RULE_A, RULE_B } from './sample-rules.ts';
import type { FeeRuleSnapshot, FeeUnitWindow } from './types.ts';

/** Cases beyond the note's vectors: caps across days, boundary units, coupons, exemptions, per-visit repeats. */

const at = (s: string) => `${s}+08:00`;
const hourly = (cents: number, extra: Partial<FeeUnitWindow> = {}): FeeUnitWindow => ({
  name: '全天',
  start: '00:00',
  end: '00:00',
  kind: 'unit',
  unitMinutes: 60,
  unitPriceCents: cents,
  ...extra,
});
const flat: FeeRuleSnapshot = { ...RULE_A, freeMinutes: 0, windows: [hourly(500)], cap24Cents: [] };
const bill = (rule: FeeRuleSnapshot, entry: string, exit: string, more: object = {}) =>
  priceStay({ rule, entry: at(entry), exit: at(exit), ...more });

describe('24-hour caps', () => {
  it('caps each 24 h from entry, escalating and then repeating the last cap', () => {
    const rule = { ...flat, cap24Cents: [3000, 4000, 5000] };
    // 4 days at 5 yuan an hour = 120 yuan a day before the caps
    const b = bill(rule, '2024-05-06T10:00', '2024-05-10T10:00');
    expect(b.totalCents).toBe(3000 + 4000 + 5000 + 5000);
    expect(b.lines.filter((l) => l.kind === 'cap24').map((l) => l.part)).toEqual([
      '第1个24小时封顶30.00元',
      '第2个24小时封顶40.00元',
      '第3个24小时封顶50.00元',
      '第4个24小时封顶50.00元',
    ]);
  });

  it('prices a cheap 24 h window as priced, not as the cap', () => {
    const rule = { ...RULE_A, cap24Cents: [3000] };
    expect(bill(rule, '2024-05-06T18:00', '2024-05-07T07:00').totalCents).toBe(800);
  });
});

describe('boundary unit', () => {
  const rule: FeeRuleSnapshot = {
    ...flat,
    windows: [
      hourly(600, { name: '白天', start: '08:00', end: '20:00', unitMinutes: 60 }),
      hourly(100, { name: '夜间', start: '20:00', end: '08:00' }),
    ],
  };

  it('rounds each piece up on its own by default', () => {
    // 19:30–20:00 one day unit (600) + 20:00–21:00 one night unit (100)
    expect(bill(rule, '2024-05-06T19:30', '2024-05-06T21:00').totalCents).toBe(700);
  });

  it('completes the unit at the earlier price and starts the next piece after it', () => {
    // 19:30–20:30 one day unit, then 20:30–21:00 one night unit
    expect(bill({ ...rule, boundary: 'completeAtEarlier' }, '2024-05-06T19:30', '2024-05-06T21:00').totalCents).toBe(700);
    // leaving at 20:20 is inside the completed unit: no night charge
    expect(bill({ ...rule, boundary: 'completeAtEarlier' }, '2024-05-06T19:30', '2024-05-06T20:20').totalCents).toBe(600);
    expect(bill(rule, '2024-05-06T19:30', '2024-05-06T20:20').totalCents).toBe(700);
  });
});

describe('coupons', () => {
  it('a time coupon moves the billed start, then an amount coupon takes off what is left', () => {
    const b = bill(flat, '2024-05-06T10:00', '2024-05-06T13:00', {
      coupons: [
        { kind: 'minutes', minutes: 60 },
        { kind: 'amount', cents: 300 },
      ],
    });
    expect(b).toMatchObject({ totalCents: 1500, discountCents: 500 + 300, dueCents: 700 });
    expect(b.discounts.map((d) => [d.name, d.cents])).toEqual([
      ['减免60分钟', 500],
      ['减免3.00元', 300],
    ]);
  });

  it('a percentage coupon rounds to the cent and a free coupon leaves nothing due', () => {
    expect(bill(flat, '2024-05-06T10:00', '2024-05-06T11:00', { coupons: [{ kind: 'percent', percent: 85 }] })).toMatchObject({
      totalCents: 500,
      discountCents: 75,
      dueCents: 425,
    });
    expect(bill(flat, '2024-05-06T10:00', '2024-05-06T11:00', { coupons: [{ kind: 'free' }] }).dueCents).toBe(0);
  });

  it('an amount coupon never takes off more than the fee', () => {
    expect(bill(flat, '2024-05-06T10:00', '2024-05-06T11:00', { coupons: [{ kind: 'amount', cents: 9999 }] })).toMatchObject({
      discountCents: 500,
      dueCents: 0,
    });
  });
});

describe('exemptions, per-visit repeats and lines', () => {
  it('a car class the rule exempts parks free with one line saying so', () => {
    const b = bill({ ...flat, freeCarClasses: [4] }, '2024-05-06T10:00', '2024-05-06T15:00', { carClass: 4 });
    expect(b).toMatchObject({ totalCents: 0, dueCents: 0 });
    expect(b.lines).toEqual([expect.objectContaining({ kind: 'exempt', part: '该车辆类别免费停放' })]);
  });

  it('a per-visit window with a repeat charges again every N minutes of one piece', () => {
    const rule = {
      ...flat,
      windows: [{ name: '全天', start: '00:00', end: '00:00', kind: 'visit' as const, visitPriceCents: 1000, visitRepeatMinutes: 720 }],
    };
    expect(bill(rule, '2024-05-06T10:00', '2024-05-06T21:59').totalCents).toBe(1000);
    expect(bill(rule, '2024-05-06T10:00', '2024-05-06T22:01').totalCents).toBe(2000);
  });

  it('the fee lines add up to the total', () => {
    const cases: [FeeRuleSnapshot, string, string][] = [
      [RULE_A, '2024-05-06T09:00', '2024-05-08T10:00'],
      [RULE_B, '2024-05-06T09:00', '2024-05-06T13:00'],
      [{ ...flat, cap24Cents: [3000] }, '2024-05-06T10:00', '2024-05-08T13:00'],
    ];
    for (const [rule, entry, exit] of cases) {
      const b = bill(rule, entry, exit);
      expect(b.lines.reduce((s, l) => s + l.feeCents, 0)).toBe(b.totalCents);
    }
  });

  it('the ladder spans the working day before a holiday and the holiday itself', () => {
    // 2024-04-30 (working) 19:00 → 2024-05-01 (holiday) 11:00: 19:00–20:00 units 1–2 (300 + 600),
    // then the holiday tariff from 10:00: units 3–4 at its ladder price 240
    expect(bill(RULE_B, '2024-04-30T19:00', '2024-05-01T11:00').totalCents).toBe(300 + 600 + 240 + 240);
  });
});
