import { describe, expect, it } from 'vitest';
import { progressLine } from './progress.ts';

/** An output that keeps what was written, and a clock the test moves. */
function fakes(isTTY: boolean) {
  const written: string[] = [];
  let ms = 0;
  return { out: { isTTY, write: (text: string) => written.push(text) }, written, tick: (s: number) => (ms += s * 1000), now: () => ms };
}

describe('first-start progress line', () => {
  it('in a log, names each step with its number and the time so far, one line each', () => {
    const { out, written, tick, now } = fakes(false);
    const progress = progressLine(3, out, now);
    progress.step('creating the database');
    tick(4.6);
    progress.step('tables');
    tick(0.5);
    progress.step('parking orders');
    tick(20);
    progress.note('106,240 orders');
    progress.end('database created and seeded in .data/');
    expect(written).toEqual([
      'First start: [1/3] creating the database… (0.0 s)\n',
      'First start: [2/3] tables… (4.6 s)\n',
      'First start: [3/3] parking orders… (5.1 s)\n',
      'First start: [3/3] parking orders: 106,240 orders (25.1 s)\n',
      'First start: database created and seeded in .data/ in 25.1 s\n',
    ]);
  });

  it('on a terminal, rewrites one line in place and ends it', () => {
    const { out, written, tick, now } = fakes(true);
    const progress = progressLine(2, out, now);
    progress.step('menus');
    tick(1);
    progress.step('users');
    progress.end('done');
    expect(written.every((text) => text.startsWith('\r\x1b[2K'))).toBe(true);
    expect(written.slice(0, -1).some((text) => text.includes('\n'))).toBe(false);
    expect(written.at(-1)).toBe('\r\x1b[2KFirst start: done in 1.0 s\n');
  });
});
