import { describe, expect, it } from 'vitest';
import { batteryWhOf, socAfter } from '../charging/battery.ts';
import { nextMeter, type SimSession } from '../jobs/charging-sim.ts';

/** The simulated car's SoC: it follows the energy delivered and the battery's size, tick by tick. */

const mid = () => 0.5;

/** `ticks` meter readings `everyMs` apart, as the simulator takes them (each from the last register). */
function run(s: SimSession, ticks: number, everyMs: number) {
  let wh = s.wh;
  let m = nextMeter(s, everyMs, mid);
  for (let i = 0; i < ticks; i++) {
    m = nextMeter({ ...s, wh }, everyMs, mid);
    wh = m.energyWh;
  }
  return m;
}

describe('simulated SoC', () => {
  it('after N kWh on a B kWh battery SoC rises by N/B × 100 %', () => {
    expect(socAfter(26, 3970, 50_000)).toBeCloseTo(26 + 7.94, 5);
    expect(socAfter(26, 3970, 70_000)).toBeCloseTo(26 + 5.67, 2);
  });

  it('SoC never passes 100 and energy delivered back is not negative charge', () => {
    expect(socAfter(90, 40_000, 50_000)).toBe(100);
    expect(socAfter(30, -500, 50_000)).toBe(30);
  });

  it('a session ticking every second on a DC gun gains SoC as energy flows (26 % does not stay 26 % after 3.97 kWh)', () => {
    const s: SimSession = { ratedKw: 120, connectorType: 4, startWh: 1_000_000, wh: 1_000_000, socStart: 26 };
    // each tick adds ~30 Wh: under 0.1 % of a 70 kWh battery, which rounding per step used to lose
    const m = run(s, 130, 1000);
    const delivered = m.energyWh - s.startWh;
    expect(delivered).toBeGreaterThan(3500);
    expect(m.soc).toBeCloseTo(26 + (delivered / batteryWhOf(4)) * 100, 5);
    expect(Math.floor(m.soc)).toBeGreaterThan(26);
  });

  it('a long session stops at 100 % and draws no more power once full', () => {
    const s: SimSession = { ratedKw: 7, connectorType: 3, startWh: 0, wh: 0, socStart: 40 };
    const m = run(s, 40, 15 * 60_000);
    expect(m.soc).toBe(100);
    expect(m.energyWh).toBeLessThanOrEqual(batteryWhOf(3) * 0.6 + 7000);
    const after = nextMeter({ ...s, wh: m.energyWh }, 60_000, mid);
    expect(after.powerW).toBe(0);
    expect(after.soc).toBe(100);
  });

  it('the battery depends on the connector: the same energy raises a home-socket car more than a DC car', () => {
    expect(batteryWhOf(1)).toBeLessThan(batteryWhOf(3));
    expect(batteryWhOf(3)).toBeLessThan(batteryWhOf(4));
    expect(socAfter(20, 5000, batteryWhOf(1))).toBeGreaterThan(socAfter(20, 5000, batteryWhOf(4)));
  });
});
