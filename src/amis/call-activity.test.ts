import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('whenCallsSettle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
  });
  afterEach(() => vi.useRealTimers());

  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    return () => done;
  };

  it('waits for a screen whose calls come one after another, until none has been out for the quiet time', async () => {
    const { trackCall, whenCallsSettle } = await import('./call-activity');
    const isDone = settled(whenCallsSettle(200, 5000));
    let answer!: () => void;
    const first = trackCall(new Promise<void>((resolve) => (answer = resolve)));
    await vi.advanceTimersByTimeAsync(300);
    expect(isDone()).toBe(false); // nothing answered yet
    answer();
    await first;
    await vi.advanceTimersByTimeAsync(150);
    // the list's call goes out before the quiet time is over: the wait goes on
    const list = trackCall(new Promise<void>((resolve) => setTimeout(resolve, 100)));
    await vi.advanceTimersByTimeAsync(250);
    await list;
    expect(isDone()).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    expect(isDone()).toBe(true);
  });

  it('gives up waiting after the longest wait, whatever is still out', async () => {
    const { trackCall, whenCallsSettle } = await import('./call-activity');
    const isDone = settled(whenCallsSettle(200, 3000));
    void trackCall(new Promise<void>(() => undefined));
    await vi.advanceTimersByTimeAsync(2999);
    expect(isDone()).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(isDone()).toBe(true);
  });
});
