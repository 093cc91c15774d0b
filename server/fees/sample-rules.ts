import type { FeeRuleSnapshot } from './types.ts';

/**
 * The rule sets of `notes/money-and-charging.md` §2.4, used by the engine's test vectors and seeded
 * as demo rules.
 */

/** Rule A: Shenyang Olympic Centre surface lot, small and medium cars. */
export const RULE_A: FeeRuleSnapshot = {
  ruleId: null,
  version: null,
  ruleName: '沈阳奥体地面停车场（小型车）',
  freeMinutes: 30,
  freeMode: 'whole',
  boundary: 'perPiece',
  ladderScope: 'stay',
  windows: [
    { name: '白天', start: '07:00', end: '19:00', kind: 'unit', unitMinutes: 30, unitPriceCents: 150, capCents: 1500 },
    { name: '夜间', start: '19:00', end: '07:00', kind: 'visit', visitPriceCents: 500 },
  ],
  nonWorkingWindows: null,
  cap24Cents: [],
  graceMinutes: 15,
  afterGrace: 'totalMinusPaid',
  freeCarClasses: [],
};

/** Rule B: Shenzhen roadside class-1 zone (2015), working-day and non-working-day tariffs. */
export const RULE_B: FeeRuleSnapshot = {
  ruleId: null,
  version: null,
  ruleName: '深圳路边临时停车一类区域',
  freeMinutes: 0,
  freeMode: 'whole',
  boundary: 'perPiece',
  ladderScope: 'stay',
  windows: [
    {
      name: '收费时段',
      start: '07:30',
      end: '20:00',
      kind: 'unit',
      unitMinutes: 30,
      ladder: [
        { minutes: 30, unitPriceCents: 300 },
        { minutes: 150, unitPriceCents: 600 },
      ],
      unitPriceCents: 1000,
    },
    { name: '免费时段', start: '20:00', end: '07:30', kind: 'free' },
  ],
  nonWorkingWindows: [
    {
      name: '收费时段',
      start: '10:00',
      end: '20:00',
      kind: 'unit',
      unitMinutes: 30,
      ladder: [
        { minutes: 30, unitPriceCents: 120 },
        { minutes: 150, unitPriceCents: 240 },
      ],
      unitPriceCents: 400,
    },
    { name: '免费时段', start: '20:00', end: '10:00', kind: 'free' },
  ],
  cap24Cents: [],
  graceMinutes: 0,
  afterGrace: 'totalMinusPaid',
  freeCarClasses: [],
};
