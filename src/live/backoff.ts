/** Waits between reconnects: 1 s, 2 s, 4 s … up to 30 s, with a little jitter so walls do not reconnect in step. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.85 + 0.3 * random()));
}
