import { describe, expect, it } from 'vitest';
import { GUANGDONG } from '../charging/guangdong-template.ts';
import { gunStatusOf, liveGunStatus } from '../charging/ocpp-status.ts';
import { slotsOf, templateProblem } from '../charging/price-slots.ts';

const tiers = GUANGDONG.tiers;

describe('price template slots', () => {
  it('the Guangdong template covers the day in 48 half-hour slots', () => {
    const r = slotsOf(GUANGDONG.periods, tiers);
    expect('slots' in r && r.slots.length).toBe(48);
    expect(templateProblem(GUANGDONG)).toBeNull();
  });

  it.each([
    [[{ start: '00:00', end: '12:00', tier: 3 }], '计费时段未覆盖全天：时段12:00起缺少时段'],
    [
      [
        { start: '00:00', end: '12:30', tier: 3 },
        { start: '12:00', end: '24:00', tier: 4 },
      ],
      '计费时段有重复：时段12:00-24:00与其他时段重叠',
    ],
    [[{ start: '00:00', end: '24:15', tier: 3 }], '时段时间格式应为HH:mm（00:00-24:15）'],
    [[{ start: '00:15', end: '24:00', tier: 3 }], '时段00:15-24:00须以30分钟为单位'],
    [[{ start: '08:00', end: '08:00', tier: 3 }], '时段08:00-08:00的结束时间须晚于开始时间'],
  ])('refuses %j: %s', (periods, msg) => {
    expect(slotsOf(periods, tiers)).toEqual({ error: msg });
  });

  it('refuses a period whose tier has no prices', () => {
    expect(templateProblem({ tiers: { '3': tiers['3'] }, periods: [{ start: '00:00', end: '24:00', tier: 4 }], seasons: [] })).toBe(
      '时段00:00-24:00的费率「谷」未设置电价',
    );
  });

  it('refuses a season that leaves a gap and a month in two seasons', () => {
    const day = [{ start: '00:00', end: '24:00', tier: 3 }];
    expect(
      templateProblem({ ...GUANGDONG, seasons: [{ name: '冬季', months: [12], periods: day.map((p) => ({ ...p, end: '23:30' })) }] }),
    ).toBe('计费时段未覆盖全天：季节「冬季」23:30起缺少时段');
    expect(
      templateProblem({
        ...GUANGDONG,
        seasons: [
          { name: 'A', months: [7], periods: day },
          { name: 'B', months: [7], periods: day },
        ],
      }),
    ).toBe('7月属于多个季节');
  });
});

describe('OCPP 1.6 connector status mapping', () => {
  it.each([
    ['Available', 1],
    ['Preparing', 2],
    ['Charging', 3],
    ['SuspendedEV', 2],
    ['SuspendedEVSE', 2],
    ['Finishing', 2],
    ['Reserved', 4],
    ['Unavailable', 0],
    ['Faulted', 255],
  ])('%s → %i', (name, code) => {
    expect(gunStatusOf(name)).toBe(code);
  });

  it('a name OCPP 1.6 does not have maps to nothing', () => {
    expect(gunStatusOf('Occupied')).toBeNull();
    expect(gunStatusOf('toString')).toBeNull();
  });

  it('every connector of an offline pile shows offline', () => {
    expect(liveGunStatus('Charging', false)).toBe(0);
    expect(liveGunStatus('Charging', true)).toBe(3);
  });
});
