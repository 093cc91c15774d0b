import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure, type PayStatus } from './api';
import { pollPayment, type PollState } from './poll';

const status = (s: PayStatus['status']): PayStatus => ({
  status: s,
  amountCents: 1200,
  paidAt: s === 'paid' ? Date.now() : null,
  leaveBefore: null,
  exited: false,
});

/** Runs the poller with fake timers; `answers` in turn (a function: thrown). */
function start(answers: (PayStatus | (() => never))[]) {
  const asked: number[] = [];
  const states: PollState[] = [];
  let n = 0;
  const ask = vi.fn(async () => {
    asked.push(Date.now());
    const a = answers[Math.min(n++, answers.length - 1)];
    if (typeof a === 'function') a();
    return a as PayStatus;
  });
  const stop = pollPayment(ask, (s) => states.push(s));
  return { ask, asked, states, stop, last: () => states[states.length - 1] };
}

describe('waiting for the payment (poll.ts)', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('asks at once, then about every 1.5 s, and stops at paid', async () => {
    const run = start([status('awaiting'), status('awaiting'), status('paid'), status('awaiting')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(run.ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1500);
    expect(run.ask).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1875);
    expect(run.ask).toHaveBeenCalledTimes(3);
    expect(run.last()).toMatchObject({ phase: 'paid' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(run.ask).toHaveBeenCalledTimes(3);
  });

  it('stops at closed', async () => {
    const run = start([status('awaiting'), status('closed')]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run.ask).toHaveBeenCalledTimes(2);
    expect(run.last()).toMatchObject({ phase: 'closed' });
  });

  it('backs off to at most 5 s between asks and gives up after a minute', async () => {
    const run = start([status('awaiting')]);
    await vi.advanceTimersByTimeAsync(120_000);
    const gaps = run.asked.slice(1).map((at, i) => at - run.asked[i]);
    expect(gaps[0]).toBe(1500);
    expect(gaps.every((g, i) => i === 0 || g >= gaps[i - 1])).toBe(true);
    expect(Math.max(...gaps)).toBe(5000);
    expect(run.asked[run.asked.length - 1]).toBeLessThanOrEqual(60_000);
    expect(run.last()).toMatchObject({ phase: 'timeout' });
  });

  it('asks again after no answer or a rate limit; ends at a refusal that will not change', async () => {
    const offline = () => {
      throw new ApiFailure('', 0);
    };
    const limited = () => {
      throw new ApiFailure('请求过于频繁', 429, 429);
    };
    const run = start([offline, limited, status('paid')]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run.last()).toMatchObject({ phase: 'paid' });

    const unknown = start([
      () => {
        throw new ApiFailure('支付单不存在', 404, 404);
      },
    ]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(unknown.ask).toHaveBeenCalledTimes(1);
    expect(unknown.last()).toMatchObject({ phase: 'failed' });
  });

  it('asks no more once stopped (the page left)', async () => {
    const run = start([status('awaiting')]);
    await vi.advanceTimersByTimeAsync(0);
    run.stop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(run.ask).toHaveBeenCalledTimes(1);
  });
});
