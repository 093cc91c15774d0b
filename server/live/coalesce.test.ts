import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce.ts';

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  const start = () => {
    const calls: (string[] | null)[] = [];
    const c = coalesce(
      async (changed) => {
        calls.push(changed ? [...changed].sort() : null);
      },
      { minGapMs: 1000, maxGapMs: 10_000 },
    );
    return { c, calls };
  };

  it('refreshes at once on start, then once per period without changes', async () => {
    const { c, calls } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([null]);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([null, null]);
    c.stop();
  });

  it('turns a burst of writes into one refresh a second, naming every table', async () => {
    const { c, calls } = start();
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 0; i < 50; i++) {
      c.poke(i % 2 ? 'parking_order' : 'device');
      await vi.advanceTimersByTimeAsync(30); // 50 writes over 1.5 s
    }
    await vi.advanceTimersByTimeAsync(1000);
    const refreshes = calls.slice(1);
    expect(refreshes.length).toBe(2);
    expect(refreshes[0]).toEqual(['device', 'parking_order']);
    c.stop();
  });

  it('answers a single change within a second, and runs nothing after stop', async () => {
    const { c, calls } = start();
    await vi.advanceTimersByTimeAsync(5000);
    c.poke('parking_order');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([null, ['parking_order']]);
    c.stop();
    c.poke('device');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toHaveLength(2);
  });
});
