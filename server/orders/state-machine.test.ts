import { describe, expect, it } from 'vitest';
import { type OrderEvent, eventsFrom, stateAfterAmount, transition } from './state-machine.ts';
import { ORDER_STATE, ORDER_STATES, STATE_LABEL } from '../../domain/parking-codes.ts';

const S = ORDER_STATE;

/** Every arrow of the machine; any (state, event) pair not listed here must be refused. */
const LEGAL: [from: number, event: OrderEvent, to: number][] = [
  [S.IN_PARK, 'payInPark', S.PAID_IN_PARK],
  [S.PAID_IN_PARK, 'graceExpired', S.IN_PARK],
  [S.IN_PARK, 'exitPaid', S.COMPLETED],
  [S.PAID_IN_PARK, 'exitPaid', S.COMPLETED],
  [S.IN_PARK, 'exitFree', S.EXITED_FREE],
  [S.IN_PARK, 'manualRelease', S.MANUAL_RELEASE],
  [S.PAID_IN_PARK, 'manualRelease', S.MANUAL_RELEASE],
  [S.IN_PARK, 'exitPayLater', S.PAY_LATER],
  [S.IN_PARK, 'exitUnpaid', S.UNPAID_WAITING],
  [S.UNPAID_WAITING, 'payAfterExit', S.COMPLETED],
  [S.PAY_LATER, 'payAfterExit', S.COMPLETED],
  [S.MANUAL_RELEASE, 'payAfterExit', S.COMPLETED],
  [S.UNPAID_WAITING, 'toArrears', S.ARREARS],
  [S.PAY_LATER, 'toArrears', S.ARREARS],
  [S.MANUAL_RELEASE, 'toArrears', S.ARREARS],
  [S.ARREARS, 'recover', S.RECOVERED],
  [S.ARREARS, 'writeOff', S.WRITTEN_OFF],
  [S.IN_PARK, 'reentry', S.ABNORMAL],
  [S.PAID_IN_PARK, 'reentry', S.ABNORMAL],
  [S.IN_PARK, 'close', S.CLOSED],
  [S.PAID_IN_PARK, 'close', S.CLOSED],
  [S.ABNORMAL, 'close', S.CLOSED],
  [S.UNPAID_WAITING, 'waive', S.COMPLETED],
  [S.PAY_LATER, 'waive', S.COMPLETED],
  [S.MANUAL_RELEASE, 'waive', S.COMPLETED],
];

const EVENTS = [...new Set(LEGAL.map(([, e]) => e))];

describe('order state machine', () => {
  it.each(LEGAL)('from %s, %s leads to %s', (from, event, to) => {
    expect(transition(from as never, event)).toEqual({ ok: true, to });
  });

  const illegal = ORDER_STATES.flatMap((from) =>
    EVENTS.filter((e) => !LEGAL.some(([f, le]) => f === from && le === e)).map((e): [number, OrderEvent] => [from, e]),
  );

  it.each(illegal)('from %s, %s is refused with the state and the action named', (from, event) => {
    const t = transition(from as never, event);
    expect(t.ok).toBe(false);
    expect(!t.ok && t.msg).toContain(STATE_LABEL[from as keyof typeof STATE_LABEL]);
  });

  it('a completed order cannot be closed by hand, and the message says why in Chinese', () => {
    expect(transition(S.COMPLETED, 'close')).toEqual({ ok: false, msg: '订单当前状态为“已完成”，不能手动结单' });
  });

  it('final states offer no arrow out', () => {
    for (const s of [S.COMPLETED, S.EXITED_FREE, S.RECOVERED, S.WRITTEN_OFF, S.CLOSED]) expect(eventsFrom(s)).toEqual([]);
  });

  it('an amount change that clears what an exited car owes completes it; one that adds to a settled exit reopens it', () => {
    expect(stateAfterAmount(S.UNPAID_WAITING, 0)).toBe(S.COMPLETED);
    expect(stateAfterAmount(S.COMPLETED, 500)).toBe(S.UNPAID_WAITING);
    expect(stateAfterAmount(S.IN_PARK, 500)).toBe(S.IN_PARK);
    expect(stateAfterAmount(S.COMPLETED, 0)).toBe(S.COMPLETED);
  });
});
