import { describe, expect, it } from 'vitest';
import { priceStay } from './engine.ts';
import { RULE_A } from './sample-rules.ts';
import { type CardTerm, cardCover } from './card-cover.ts';

/**
 * A stay that overlaps a card (money-and-charging.md §7.3) under rule A (day 07:00–19:00 1.50 yuan per
 * 30 minutes capped 15 yuan, night 5 yuan per visit, 30 free minutes): only the pieces outside the
 * card's days and hours are charged, each as a temporary stay; the covered ones are lines of 0.
 */

const at = (s: string) => Date.parse(`${s}+08:00`);
const card = (o: Partial<CardTerm>): CardTerm => ({
  cardNo: 'YK0001',
  kind: 'month',
  startDate: '2024-05-01',
  endDate: '2024-05-31',
  timeWindow: 1,
  ...o,
});
const bill = (c: CardTerm[], entry: string, exit: string) =>
  priceStay({ rule: RULE_A, entry: at(entry), exit: at(exit), cover: cardCover(c, at(entry), at(exit)) });

describe('a stay overlapping a card', () => {
  it('a stay inside an all-day card is free and its one line says which card', () => {
    const b = bill([card({})], '2024-05-06T08:00', '2024-05-06T18:30');
    expect(b.dueCents).toBe(0);
    expect(b.lines).toEqual([expect.objectContaining({ kind: 'card', feeCents: 0, part: '月卡YK0001有效（全天），不计费' })]);
  });

  it('a stay starting before the card pays the day before it: 17:00–19:00 four units 6.00 + the night 5.00', () => {
    const b = bill([card({ startDate: '2024-05-06' })], '2024-05-05T17:00', '2024-05-06T10:00');
    expect(b.dueCents).toBe(1100);
    expect(b.lines.map((l) => [l.kind, l.from.slice(0, 16), l.feeCents])).toEqual([
      ['unit', '2024-05-05T17:00', 600],
      ['visit', '2024-05-05T19:00', 500],
      ['card', '2024-05-06T00:00', 0],
    ]);
  });

  it('a night-only card leaves the daytime charged: 18:00–19:00 3.00 and 07:00–09:00 6.00', () => {
    const b = bill([card({ timeWindow: 3 })], '2024-05-06T18:00', '2024-05-07T09:00');
    expect(b.dueCents).toBe(900);
    expect(b.lines.filter((l) => l.kind === 'card').map((l) => [l.from.slice(11, 16), l.to.slice(11, 16)])).toEqual([['19:00', '07:00']]);
  });

  it('daytime pieces under 15 minutes next to the night card are not charged', () => {
    const b = bill([card({ timeWindow: 3 })], '2024-05-06T18:50', '2024-05-07T07:10');
    expect(b.dueCents).toBe(0);
    expect(b.lines.map((l) => l.part)).toContain('与卡覆盖时段相邻不足15分钟，不计费');
  });

  it('a card expiring mid-stay covers up to its last midnight: the night 5.00 + 07:00–10:00 9.00 after it', () => {
    const b = bill([card({ endDate: '2024-05-06' })], '2024-05-06T20:00', '2024-05-07T10:00');
    expect(b.dueCents).toBe(1400);
    expect(b.lines[0]).toMatchObject({ kind: 'card', to: '2024-05-07T00:00:00+08:00' });
  });

  it('a working-days card covers only working days of the state calendar are covered', () => {
    // 2024-05-11 is a make-up working Saturday, 2024-05-12 a Sunday
    expect(bill([card({ timeWindow: 4 })], '2024-05-11T09:00', '2024-05-11T12:00').dueCents).toBe(0);
    expect(bill([card({ timeWindow: 4 })], '2024-05-12T09:00', '2024-05-12T12:00').dueCents).toBe(900);
  });

  it('a group card covers only while the stay held a slot: waiting 09:00–10:00 is charged 3.00', () => {
    const b = bill([card({ kind: 'group', holdFrom: at('2024-05-06T10:00') })], '2024-05-06T09:00', '2024-05-06T15:00');
    expect(b.dueCents).toBe(300);
    expect(b.lines.at(-1)).toMatchObject({ piece: '团体卡', feeCents: 0 });
  });

  it('without a card the same stay pays in full', () => {
    expect(bill([], '2024-05-06T20:00', '2024-05-07T10:00').dueCents).toBe(1400);
    expect(bill([card({ startDate: '2024-06-01', endDate: '2024-06-30' })], '2024-05-06T08:00', '2024-05-06T18:30').dueCents).toBe(1500);
  });
  it('a time coupon takes off only charged time: a night card, 18:00–09:00, 60 minutes from the start take the 18:00–19:00 3.00', () => {
    const entry = at('2024-05-06T18:00');
    const exit = at('2024-05-07T09:00');
    const cover = cardCover([card({ timeWindow: 3 })], entry, exit);
    const start = priceStay({ rule: RULE_A, entry, exit, cover, coupons: [{ kind: 'minutes', minutes: 60, from: 'start' }] });
    expect([start.totalCents, start.discountCents, start.dueCents]).toEqual([900, 300, 600]);
    // 120 minutes from the end take the 07:00–09:00 6.00; what is left is the evening hour
    const end = priceStay({ rule: RULE_A, entry, exit, cover, coupons: [{ kind: 'minutes', minutes: 120, from: 'end' }] });
    expect([end.totalCents, end.discountCents, end.dueCents]).toEqual([900, 600, 300]);
  });
});
