import { describe, expect, it } from 'vitest';
import { ARREARS_STATUS as S, ARREARS_STATUSES, NOTICE_STATE as N, ageBucketOf, ageDays } from '../../domain/arrears-codes.ts';
import { bucketBounds } from '../entities/arrears-records.ts';
import { paymentEvent } from './actions.ts';
import { simulateDelivery } from './notices.ts';
import { arrearsMachine, noticeMachine, noticeRefusal } from './state-machine.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2026-03-31T12:00:00+08:00');

describe('ageing buckets', () => {
  it.each([
    [0, 1],
    [7, 1],
    [8, 2],
    [30, 2],
    [31, 3],
    [90, 3],
    [91, 4],
    [400, 4],
  ])('%i whole days since the exit is bucket %i', (days, bucket) => {
    expect(ageBucketOf(days)).toBe(bucket);
  });

  it('counts whole days: 7 days and 23 hours is still ≤ 7 d, 8 days is not', () => {
    expect(ageBucketOf(ageDays(NOW - 7 * DAY - 23 * 3600_000, NOW))).toBe(1);
    expect(ageBucketOf(ageDays(NOW - 8 * DAY, NOW))).toBe(2);
  });

  it("the list filter's exit-time bounds put each exit in the bucket its age says", () => {
    for (const days of [0, 3, 7, 8, 15, 30, 31, 60, 90, 91, 200]) {
      for (const extra of [0, 3600_000, DAY - 1]) {
        const exit = NOW - days * DAY - extra;
        const inBucket = [1, 2, 3, 4].filter((b) => {
          const { atOrBefore, after } = bucketBounds(b, NOW);
          return exit <= atOrBefore && (after === null || exit > after);
        });
        expect(inBucket, `${days} d + ${extra} ms`).toEqual([ageBucketOf(ageDays(exit, NOW))]);
      }
    }
  });
});

describe('the arrears state machine', () => {
  it.each([
    [S.OPEN, 'notify', S.NOTIFIED],
    [S.OPEN, 'payPart', S.PARTIALLY_PAID],
    [S.NOTIFIED, 'payAll', S.RECOVERED],
    [S.PARTIALLY_PAID, 'payAll', S.RECOVERED],
    [S.PARTIALLY_PAID, 'dispute', S.DISPUTED],
    [S.DISPUTED, 'writeOff', S.WRITTEN_OFF],
    [S.DISPUTED, 'resolve', S.OPEN],
    [S.DISPUTED, 'resolvePaid', S.PARTIALLY_PAID],
  ] as const)('%i --%s--> %i', (from, event, to) => {
    expect(arrearsMachine.transition(from, event)).toEqual({ ok: true, to });
  });

  it.each([
    [S.RECOVERED, 'payPart', '欠费记录当前状态为“已追缴”，不能收款'],
    [S.WRITTEN_OFF, 'writeOff', '欠费记录当前状态为“已核销”，不能核销'],
    [S.DISPUTED, 'payAll', '欠费记录当前状态为“有争议”，不能收款'],
    [S.NOTIFIED, 'notify', '欠费记录当前状态为“已通知”，不能发送追缴通知'],
    [S.OPEN, 'resolve', '欠费记录当前状态为“待追缴”，不能解除争议'],
    [S.RECOVERED, 'dispute', '欠费记录当前状态为“已追缴”，不能标记争议'],
  ] as const)('%i refuses %s: %s', (from, event, msg) => {
    expect(arrearsMachine.transition(from, event)).toEqual({ ok: false, msg });
  });

  it('settled states end the machine: nothing leaves 已追缴 or 已核销', () => {
    expect(arrearsMachine.eventsFrom(S.RECOVERED)).toEqual([]);
    expect(arrearsMachine.eventsFrom(S.WRITTEN_OFF)).toEqual([]);
  });

  it('notices go to debts being collected, never to settled or disputed ones', () => {
    expect(ARREARS_STATUSES.filter((s) => noticeRefusal(s) === null)).toEqual([S.OPEN, S.NOTIFIED, S.PARTIALLY_PAID]);
    expect(noticeRefusal(S.DISPUTED)).toBe('欠费记录当前状态为“有争议”，不能发送追缴通知');
  });
});

describe('a payment against a debt', () => {
  it('less than owed is in part, exactly owed is in full', () => {
    expect(paymentEvent(S.OPEN, 1000, 400)).toBe('payPart');
    expect(paymentEvent(S.PARTIALLY_PAID, 600, 600)).toBe('payAll');
  });

  it('over the owed amount is refused with the amount in yuan', () => {
    expect(() => paymentEvent(S.NOTIFIED, 600, 601)).toThrow('收款金额不能超过欠费金额6.00元');
  });

  it('against a recovered debt names the state, not the amount', () => {
    expect(() => paymentEvent(S.RECOVERED, 0, 100)).toThrow('欠费记录当前状态为“已追缴”，不能收款');
  });
});

describe('the notice gateway simulator', () => {
  it('answers the same for the same plate and channel, and all three results occur', () => {
    const plates = Array.from({ length: 200 }, (_, i) => `粤B${String(i).padStart(5, '0')}`);
    expect(simulateDelivery(plates[0], 1)).toEqual(simulateDelivery(plates[0], 1));
    const seen = new Set(plates.map((p) => simulateDelivery(p, 2).status));
    expect([...seen].sort()).toEqual([1, 2, 3]);
  });
});

describe('the notice state machine', () => {
  it('a notice is born scheduled; the gateway sends, delivers or fails it; only a waiting one is cancelled', () => {
    expect(noticeMachine.stateAfter('schedule')).toBe(N.SCHEDULED);
    expect(noticeMachine.eventsFrom(N.SCHEDULED)).toEqual(['send', 'deliver', 'fail', 'cancel']);
    expect(noticeMachine.eventsFrom(N.SENT)).toEqual(['deliver', 'fail']);
    for (const end of [N.DELIVERED, N.FAILED, N.CANCELLED]) expect(noticeMachine.eventsFrom(end)).toEqual([]);
    expect(noticeMachine.transition(N.SCHEDULED, 'cancel')).toEqual({ ok: true, to: N.CANCELLED });
    expect(noticeMachine.transition(N.SENT, 'deliver')).toEqual({ ok: true, to: N.DELIVERED });
    // the job picks the notices `send` leaves, and cancels the ones `cancel` leaves: the same waiting ones
    expect(noticeMachine.statesBefore('send')).toEqual([N.SCHEDULED]);
    expect(noticeMachine.statesBefore('cancel')).toEqual([N.SCHEDULED]);
  });

  it('an illegal arrow answers a clear message (and so nothing moves)', () => {
    expect(noticeMachine.transition(N.DELIVERED, 'cancel')).toEqual({ ok: false, msg: '追缴通知当前状态为“已送达”，不能取消' });
    expect(noticeMachine.refusal(N.CANCELLED, 'send')).toBe('追缴通知当前状态为“已取消”，不能发送');
    expect(noticeMachine.refusal(N.SENT, 'schedule')).toBe('追缴通知当前状态为“已发送”，不能定时发送');
  });

  it("the gateway simulator's answer is the arrow it takes and the state it leads to", () => {
    for (let i = 0; i < 50; i++) {
      const d = simulateDelivery(`粤B${String(i).padStart(5, '0')}`, 1);
      expect(d.status).toBe(noticeMachine.stateAfter(d.event));
    }
  });
});
