import type { Db } from '../db/database.ts';
import { bindRule } from '../fees/lot-bindings.ts';
import { RULE_A, RULE_B } from '../fees/sample-rules.ts';
import type { FeeRuleBody, FeeRuleSnapshot } from '../fees/types.ts';

/**
 * Demo fee rules (计费规则) bound to the 15 seeded lots: the two tariffs of the engine's test
 * vectors (Shenzhen roadside, Shenyang day/night), a mall's hourly tariff with a 24-hour cap, a
 * green-plate (new energy) discount, a large-vehicle tariff, a charging station's free first two
 * hours and a free lot. Versions take effect from 2000 so the seeded history prices with them.
 */

const body = ({ ruleId: _i, version: _v, ruleName: _n, ...b }: FeeRuleSnapshot): FeeRuleBody => b;
const allDay = (name: string, unitMinutes: number, unitPriceCents: number, extra: object = {}) => ({
  name,
  start: '00:00',
  end: '00:00',
  kind: 'unit' as const,
  unitMinutes,
  unitPriceCents,
  ...extra,
});
const base: Omit<FeeRuleBody, 'windows'> = {
  freeMinutes: 15,
  freeMode: 'whole',
  boundary: 'perPiece',
  ladderScope: 'stay',
  nonWorkingWindows: null,
  cap24Cents: [],
  graceMinutes: 15,
  afterGrace: 'totalMinusPaid',
  freeCarClasses: [4],
};

interface SeedRule {
  id: string;
  name: string;
  vehicleType: number;
  description: string;
  enabled?: 0 | 1;
  versions: FeeRuleBody[];
  /** which lots (by type, price type) and plate colours it is bound to */
  bind?: { lotTypes: number[]; priceTypes?: number[]; plateColors: (number | null)[] };
}

export const RULES: SeedRule[] = [
  {
    id: 'fr-roadside-1',
    name: '路边临时停车一类区域',
    vehicleType: 1,
    description: '深圳路边临时停车收费标准（一类区域），工作日与非工作日分别计价',
    versions: [{ ...body(RULE_B), freeCarClasses: [4] }],
    bind: { lotTypes: [0], plateColors: [null] },
  },
  {
    id: 'fr-gate-daynight',
    name: '道闸车场白天夜间（小型车）',
    vehicleType: 1,
    description: '白天按半小时计费、每日白天封顶，夜间按次',
    versions: [{ ...body(RULE_A), freeCarClasses: [4] }],
    bind: { lotTypes: [1], priceTypes: [1], plateColors: [null] },
  },
  {
    id: 'fr-mall-hourly',
    name: '商业综合体按小时计费',
    vehicleType: 1,
    description: '首小时5元，之后每小时6元，24小时封顶60元',
    versions: [
      {
        ...base,
        windows: [allDay('全天', 60, 600, { ladder: [{ minutes: 60, unitPriceCents: 500 }] })],
        cap24Cents: [6000],
      },
    ],
    bind: { lotTypes: [1], priceTypes: [2], plateColors: [null] },
  },
  {
    id: 'fr-green-plate',
    name: '新能源车（绿牌）优惠',
    vehicleType: 1,
    description: '新能源小型车首2小时免费，超过从入场起按每小时3元计费，24小时封顶30元',
    versions: [{ ...base, freeMinutes: 120, windows: [allDay('全天', 60, 300)], cap24Cents: [3000] }],
    bind: { lotTypes: [1], plateColors: [3] },
  },
  {
    id: 'fr-large-vehicle',
    name: '大型车（黄牌）',
    vehicleType: 2,
    description: '大型车每半小时3元，每个24小时递增封顶：首日60元、次日80元、此后100元',
    versions: [{ ...base, windows: [allDay('全天', 30, 300)], cap24Cents: [6000, 8000, 10000] }],
    bind: { lotTypes: [1], plateColors: [2] },
  },
  {
    id: 'fr-charging-station',
    name: '充电站停车（充电免2小时）',
    vehicleType: 1,
    description: '充电车辆首2小时停车免费，超过部分每小时5元',
    versions: [{ ...base, freeMinutes: 120, freeMode: 'deduct', windows: [allDay('全天', 60, 500)], cap24Cents: [5000] }],
    bind: { lotTypes: [4], plateColors: [null] },
  },
  {
    id: 'fr-free',
    name: '免费停车',
    vehicleType: 1,
    description: '公益免费停车场',
    versions: [{ ...base, freeMinutes: 0, windows: [{ name: '全天', start: '00:00', end: '00:00', kind: 'free' }] }],
    bind: { lotTypes: [0, 1, 4], priceTypes: [3], plateColors: [null] },
  },
  {
    id: 'fr-night-package',
    name: '夜间包夜（旧版）',
    vehicleType: 1,
    description: '已停用的包夜规则，保留两个历史版本',
    enabled: 0,
    versions: [
      {
        ...base,
        windows: [
          { name: '白天', start: '08:00', end: '20:00', kind: 'unit', unitMinutes: 60, unitPriceCents: 400 },
          { name: '夜间', start: '20:00', end: '08:00', kind: 'visit', visitPriceCents: 1000 },
        ],
      },
      {
        ...base,
        windows: [
          { name: '白天', start: '08:00', end: '20:00', kind: 'unit', unitMinutes: 60, unitPriceCents: 500 },
          { name: '夜间', start: '20:00', end: '08:00', kind: 'visit', visitPriceCents: 1500 },
        ],
      },
    ],
  },
];

export async function seedFeeRules(tx: Db): Promise<void> {
  const { rows: lots } = await tx.query<{ id: string; type: number; price_type: number | null }>(
    'select id, type, price_type from parking order by id',
  );
  for (const r of RULES) {
    const current = r.versions[r.versions.length - 1];
    await tx.query(
      `insert into fee_rule (id, rule_name, vehicle_type, body, version, enabled_mark, description, modifier, create_time)
       values ($1, $2, $3, $4, $5, $6, $7, '系统管理员', '2024-01-01T00:00:00+08:00')`,
      [r.id, r.name, r.vehicleType, JSON.stringify(current), r.versions.length, r.enabled ?? 1, r.description],
    );
    for (const [i, v] of r.versions.entries()) {
      await tx.query(
        `insert into fee_rule_version (rule_id, version, body, effective_time, creator, create_time)
         values ($1, $2, $3, $4, '系统管理员', $4)`,
        [r.id, i + 1, JSON.stringify(v), i === 0 ? '2000-01-01T00:00:00+08:00' : '2024-01-01T00:00:00+08:00'],
      );
    }
  }
  // most specific first so a free lot's binding is not replaced by its type's default
  for (const r of RULES) {
    const b = r.bind;
    if (!b) continue;
    const targets = lots.filter((l) => b.lotTypes.includes(l.type) && (!b.priceTypes || b.priceTypes.includes(l.price_type ?? 0)));
    const free = (l: { price_type: number | null }) => l.price_type === 3 && r.id !== 'fr-free';
    const keys = targets
      .filter((l) => !free(l))
      .flatMap((l) => b.plateColors.map((plateColor) => ({ parkingId: l.id, plateColor, carClass: null })));
    if (keys.length) await bindRule(tx, r.id, keys);
  }
}
