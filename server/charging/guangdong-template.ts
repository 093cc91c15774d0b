import type { PriceTemplate } from './price-slots.ts';

/**
 * The "Guangdong shape" of notes §9.5 (2021 provincial notice: peak 10–12 and 14–19, valley 0–8,
 * the rest flat; sharp on 11–12 and 15–17 in July–September). The prices are illustrative; the
 * bill's test vectors and the demo's first template use it.
 */
export const GUANGDONG: PriceTemplate = {
  tiers: {
    '1': { elec: 138125, service: 80000 },
    '2': { elec: 110500, service: 80000 },
    '3': { elec: 65000, service: 80000 },
    '4': { elec: 24700, service: 80000 },
  },
  periods: [
    { start: '00:00', end: '08:00', tier: 4 },
    { start: '08:00', end: '10:00', tier: 3 },
    { start: '10:00', end: '12:00', tier: 2 },
    { start: '12:00', end: '14:00', tier: 3 },
    { start: '14:00', end: '19:00', tier: 2 },
    { start: '19:00', end: '24:00', tier: 3 },
  ],
  seasons: [
    {
      name: '夏季（7-9月）',
      months: [7, 8, 9],
      periods: [
        { start: '00:00', end: '08:00', tier: 4 },
        { start: '08:00', end: '10:00', tier: 3 },
        { start: '10:00', end: '11:00', tier: 2 },
        { start: '11:00', end: '12:00', tier: 1 },
        { start: '12:00', end: '14:00', tier: 3 },
        { start: '14:00', end: '15:00', tier: 2 },
        { start: '15:00', end: '17:00', tier: 1 },
        { start: '17:00', end: '19:00', tier: 2 },
        { start: '19:00', end: '24:00', tier: 3 },
      ],
    },
  ],
};
