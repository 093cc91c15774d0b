import { describe, expect, it } from 'vitest';
import { backoffMs } from './backoff';

describe('backoffMs', () => {
  it('doubles from a second to at most thirty, within ±15 %', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => backoffMs(n, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(backoffMs(0, () => 0)).toBe(850);
    expect(backoffMs(0, () => 1)).toBe(1150);
  });
});
