import { describe, expect, it } from 'vitest';
import { CARD_STATUS as S } from '../../domain/card-codes.ts';
import { cardMachine, statusByDate, stepCard } from './state-machine.ts';
import { type ProductTerms, periodEnd, renewalQuote } from './renewal.ts';
import { playSlots } from './group-slots.ts';

const MONTH: ProductTerms = { periodKind: 1, periodDays: 0, priceCents: 30000, renewLimitDays: 7, renewFrom: 1, maxPeriods: 12 };

describe('card state machine', () => {
  it.each([
    ['pay', S.PENDING_PAY, S.ACTIVE],
    ['remind', S.ACTIVE, S.EXPIRING],
    ['expire', S.EXPIRING, S.EXPIRED],
    ['expire', S.ACTIVE, S.EXPIRED],
    ['renew', S.EXPIRED, S.ACTIVE],
    ['renew', S.EXPIRING, S.ACTIVE],
    ['freeze', S.ACTIVE, S.FROZEN],
    ['freeze', S.EXPIRING, S.FROZEN],
    ['unfreeze', S.FROZEN, S.ACTIVE],
  ] as const)('%s moves %i to %i', (event, from, to) => {
    expect(cardMachine.transition(from, event)).toEqual({ ok: true, to });
  });

  it.each([
    ['pay', S.ACTIVE, '卡当前状态为“有效”，不能支付开卡'],
    ['renew', S.FROZEN, '卡当前状态为“已冻结”，不能续费'],
    ['renew', S.PENDING_PAY, '卡当前状态为“待支付”，不能续费'],
    ['freeze', S.EXPIRED, '卡当前状态为“已过期”，不能冻结'],
    ['unfreeze', S.ACTIVE, '卡当前状态为“有效”，不能解冻'],
    ['remind', S.FROZEN, '卡当前状态为“已冻结”，不能标记即将到期'],
  ] as const)('%s is refused in %i with a message', (event, from, msg) => {
    expect(cardMachine.transition(from, event)).toEqual({ ok: false, msg });
  });

  it('a card lands by its end date: more than 7 days left ACTIVE, 7 or fewer EXPIRING, past EXPIRED', () => {
    expect(statusByDate('2024-05-20', '2024-05-12')).toBe(S.ACTIVE);
    expect(statusByDate('2024-05-19', '2024-05-12')).toBe(S.EXPIRING);
    expect(statusByDate('2024-05-12', '2024-05-12')).toBe(S.EXPIRING);
    expect(statusByDate('2024-05-11', '2024-05-12')).toBe(S.EXPIRED);
    expect(stepCard(S.PENDING_PAY, 'pay', '2024-05-15', '2024-05-12')).toEqual({ ok: true, to: S.EXPIRING });
  });
});

describe('renewal date rule (§7.2)', () => {
  it('31 Jan + 1 month ends on the last day of February, 29 Feb in a leap year', () => {
    expect(periodEnd('2025-01-31', MONTH, 1)).toBe('2025-02-28');
    expect(periodEnd('2024-01-31', MONTH, 1)).toBe('2024-02-29');
    expect(periodEnd('2024-01-15', MONTH, 1)).toBe('2024-02-14');
    expect(periodEnd('2024-01-01', MONTH, 1)).toBe('2024-01-31');
    expect(periodEnd('2024-01-01', { periodKind: 2, periodDays: 0 }, 1)).toBe('2024-03-31');
    expect(periodEnd('2024-03-01', { periodKind: 3, periodDays: 0 }, 1)).toBe('2025-02-28');
    expect(periodEnd('2024-05-01', { periodKind: 4, periodDays: 10 }, 2)).toBe('2024-05-20');
  });

  it('renewing a card ending 31 Jan inside its validity buys 1–29 Feb, then chained months do not drift', () => {
    expect(renewalQuote('2024-01-31', MONTH, 1, '2024-01-25')).toEqual({
      startDate: '2024-02-01',
      endDate: '2024-02-29',
      periods: 1,
      amountCents: 30000,
      note: '',
    });
    expect(renewalQuote('2024-02-29', MONTH, 2, '2024-02-25')).toMatchObject({
      startDate: '2024-03-01',
      endDate: '2024-04-30',
      amountCents: 60000,
    });
  });

  it('after expiry: from the old end (a start in the past is said), from the payment day, refused past the limit', () => {
    expect(renewalQuote('2024-05-10', MONTH, 1, '2024-05-13')).toMatchObject({
      startDate: '2024-05-11',
      endDate: '2024-06-10',
      note: '续费从原到期日次日2024-05-11起算，早于今天',
    });
    expect(renewalQuote('2024-05-10', { ...MONTH, renewFrom: 2 }, 1, '2024-05-13')).toMatchObject({
      startDate: '2024-05-13',
      endDate: '2024-06-12',
    });
    expect(renewalQuote('2024-05-10', MONTH, 1, '2024-05-18')).toEqual({ refused: '该卡已过期8天，超过可续费期限7天，请重新办理' });
    expect(renewalQuote('2024-05-10', MONTH, 13, '2024-05-08')).toEqual({ refused: '续费周期数必须是1到12之间的整数' });
  });
});

describe('group slots (§7.4)', () => {
  const h = (n: number) => n * 3_600_000;
  it('2 slots, 3 plates: the third waits, takes the slot the moment a holder leaves; a waiter who leaves first never holds', () => {
    const got = playSlots(2, [
      { plate: 'A', entry: h(8), exit: h(12) },
      { plate: 'B', entry: h(9), exit: null },
      { plate: 'C', entry: h(10), exit: h(15) },
      { plate: 'D', entry: h(11), exit: h(11.5) },
    ]);
    expect(got.map((s) => [s.plate, s.holdFrom])).toEqual([
      ['A', h(8)],
      ['B', h(9)],
      ['C', h(12)],
      ['D', null],
    ]);
  });

  it('the longest waiter is served first, and a slot freed at an arrival instant serves that arrival', () => {
    const got = playSlots(1, [
      { plate: 'A', entry: h(8), exit: h(10) },
      { plate: 'B', entry: h(9), exit: h(11) },
      { plate: 'C', entry: h(9.5), exit: h(12) },
      { plate: 'D', entry: h(12), exit: h(13) },
    ]);
    expect(got.map((s) => s.holdFrom)).toEqual([h(8), h(10), h(11), h(12)]);
  });
});
