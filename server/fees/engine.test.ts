import { describe, expect, it } from 'vitest';
import { priceStay } from './engine.ts';
import { RULE_A, RULE_B } from './sample-rules.ts';
import type { FeeRuleSnapshot } from './types.ts';

const at = (s: string) => `${s}+08:00`;
const due = (rule: FeeRuleSnapshot, entry: string, exit: string) => priceStay({ rule, entry: at(entry), exit: at(exit) }).dueCents;

describe('rule A vectors (Shenyang: day units capped per day, night per visit, 30 free minutes)', () => {
  it.each([
    ['A1', '2024-05-06T10:00', '2024-05-06T10:29', 0],
    ['A2', '2024-05-06T10:00', '2024-05-06T10:30', 150],
    ['A3', '2024-05-06T10:00', '2024-05-06T11:01', 450],
    ['A4', '2024-05-06T08:00', '2024-05-06T18:30', 1500],
    ['A5', '2024-05-06T18:00', '2024-05-06T19:40', 800],
    ['A6', '2024-05-06T18:50', '2024-05-07T07:20', 800],
    ['A7', '2024-05-06T22:00', '2024-05-07T06:00', 500],
    ['A8', '2024-05-06T18:45', '2024-05-06T19:10', 0],
    ['A9', '2024-05-06T09:00', '2024-05-08T10:00', 4900],
  ])('%s: %s → %s costs %i cents', (_id, entry, exit, cents) => {
    expect(due(RULE_A, entry, exit)).toBe(cents);
  });

  it('A10: free minutes deducted bills 45 − 30 = 15 minutes as one unit', () => {
    expect(due({ ...RULE_A, freeMode: 'deduct' }, '2024-05-06T10:00', '2024-05-06T10:45')).toBe(150);
    expect(due(RULE_A, '2024-05-06T10:00', '2024-05-06T10:45')).toBe(300);
  });
});

describe('grace after payment (G1–G3)', () => {
  const pay = [{ at: at('2024-05-06T11:01'), cents: 450 }];
  const bill = (afterGrace: 'totalMinusPaid' | 'rebillFromPayment', exit: string) =>
    priceStay({ rule: { ...RULE_A, afterGrace }, entry: at('2024-05-06T10:00'), exit: at(exit), payments: pay });

  it('G1: leaving inside the 15-minute window costs nothing more in either behaviour', () => {
    expect(bill('totalMinusPaid', '2024-05-06T11:14')).toMatchObject({ dueCents: 0, inGrace: true, paidCents: 450 });
    expect(bill('rebillFromPayment', '2024-05-06T11:14')).toMatchObject({ dueCents: 0, inGrace: true });
  });

  it('G2: past the window, total minus paid asks 0 and re-billing asks one unit', () => {
    expect(bill('totalMinusPaid', '2024-05-06T11:25')).toMatchObject({ totalCents: 450, dueCents: 0 });
    expect(bill('rebillFromPayment', '2024-05-06T11:25')).toMatchObject({ totalCents: 600, dueCents: 150 });
  });

  it('G3: total minus paid asks 150 and re-billing asks two units', () => {
    expect(bill('totalMinusPaid', '2024-05-06T11:40')).toMatchObject({ totalCents: 600, dueCents: 150 });
    expect(bill('rebillFromPayment', '2024-05-06T11:40')).toMatchObject({ totalCents: 750, dueCents: 300 });
  });
});

describe('rule B vectors (Shenzhen roadside: stay ladder, free hours, working-day calendar)', () => {
  it.each([
    ['B1', '2024-05-06T09:00', '2024-05-06T09:20', 300],
    ['B2', '2024-05-06T09:00', '2024-05-06T10:10', 1500],
    ['B3', '2024-05-06T09:00', '2024-05-06T13:00', 5300],
    ['B4', '2024-05-06T19:00', '2024-05-06T21:00', 900],
    ['B5', '2024-05-06T06:00', '2024-05-06T08:00', 300],
    ['B6', '2024-05-02T09:00', '2024-05-02T11:15', 600],
    ['B7', '2024-05-11T09:00', '2024-05-11T11:15', 2700],
    ['B8', '2024-05-06T19:30', '2024-05-07T08:00', 900],
    ['B9', '2024-05-06T20:00', '2024-05-07T07:30', 0],
  ])('%s: %s → %s costs %i cents', (_id, entry, exit, cents) => {
    expect(due(RULE_B, entry, exit)).toBe(cents);
  });

  it('B8 with the ladder restarting each day gives 600', () => {
    expect(due({ ...RULE_B, ladderScope: 'day' }, '2024-05-06T19:30', '2024-05-07T08:00')).toBe(600);
  });
});
