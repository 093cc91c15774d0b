import { GUANGDONG } from '../charging/guangdong-template.ts';
import { connectorIdOf } from '../charging/connector-id.ts';
import type { Db } from '../db/database.ts';
import { seedChargingHistory } from './charging-history.ts';

/** Demo charging network: templates, four stations, piles and connectors, then `historyDays` of orders. */

const tiers = (t: Record<string, { elec: number; service: number }>) =>
  Object.entries(t).map(([tier, p]) => ({ tier: Number(tier), ...p }));

const TEMPLATES: [id: string, name: string, template: object, description: string][] = [
  [
    'cpr-gd',
    '广东分时电价',
    { tiers: tiers(GUANGDONG.tiers as never), periods: GUANGDONG.periods, seasons: GUANGDONG.seasons },
    '峰平谷+夏季尖峰（7-9月）',
  ],
  [
    'cpr-bus',
    '公交场站平价',
    { tiers: [{ tier: 3, elec: 70000, service: 40000 }], periods: [{ start: '00:00', end: '24:00', tier: 3 }], seasons: [] },
    '全天平段',
  ],
  [
    'cpr-night',
    '夜间优惠',
    {
      tiers: [
        { tier: 3, elec: 68000, service: 90000 },
        { tier: 4, elec: 30000, service: 50000 },
      ],
      periods: [
        { start: '00:00', end: '07:00', tier: 4 },
        { start: '07:00', end: '23:00', tier: 3 },
        { start: '23:00', end: '24:00', tier: 4 },
      ],
      seasons: [],
    },
    '23:00-07:00谷段',
  ],
];

// id, code, name, type, fee policy, free minutes, lot, hours, address, lng, lat, template
const STATIONS: [string, string, string, number, number, number, string | null, string, string, number, number, string][] = [
  [
    'cs-ns-kjy',
    'CS-NS-001',
    '南山科技园充电站',
    1,
    3,
    0,
    'p-ns-cd-05',
    '07:30-21:30',
    '高新南九道与科技南路交汇处',
    113.9521,
    22.5268,
    'cpr-gd',
  ],
  [
    'cs-lh-bus',
    'CS-LH-001',
    '莲塘公交充电站',
    100,
    1,
    0,
    'p-lh-cd-05',
    '00:00-24:00',
    '罗沙路与国威路交汇处莲塘公交场站',
    114.1648,
    22.5612,
    'cpr-bus',
  ],
  [
    'cs-ns-hac',
    'CS-NS-002',
    '海岸城地下充电站',
    1,
    2,
    120,
    'p-ns-hac-02',
    '00:00-24:00',
    '文心五路33号海岸城B2层',
    113.9365,
    22.5176,
    'cpr-night',
  ],
  ['cs-ft-wl', 'CS-FT-001', '福田物流园充电站', 102, 0, 0, null, '00:00-24:00', '福田保税区桃花路8号', 114.0412, 22.5094, 'cpr-gd'],
];

// station, pile no. suffix, type (1 DC, 2 AC), kW, guns, vendor, model, silent
const PILES: [string, string, number, number, number, string, string, boolean][] = [
  ['cs-ns-kjy', '01', 1, 120, 2, '特来电', 'TGDC-120', false],
  ['cs-ns-kjy', '02', 1, 60, 1, '特来电', 'TGDC-60', false],
  ['cs-ns-kjy', '03', 2, 7, 1, '星星充电', 'XX-AC7', false],
  ['cs-lh-bus', '01', 1, 240, 2, '科士达', 'KSTAR-240', false],
  ['cs-lh-bus', '02', 1, 240, 2, '科士达', 'KSTAR-240', false],
  ['cs-ns-hac', '01', 2, 7, 1, '星星充电', 'XX-AC7', false],
  ['cs-ns-hac', '02', 2, 7, 1, '星星充电', 'XX-AC7', false],
  ['cs-ns-hac', '03', 1, 60, 1, '英飞源', 'INF-60', true],
  ['cs-ft-wl', '01', 1, 120, 2, '英飞源', 'INF-120', false],
  ['cs-ft-wl', '02', 1, 120, 1, '英飞源', 'INF-120', false],
];

export async function seedCharging(tx: Db, opts: { historyDays?: number } = {}): Promise<void> {
  for (const [id, name, t, description] of TEMPLATES) {
    const { tiers: tr, periods, seasons } = t as { tiers: unknown; periods: unknown; seasons: unknown };
    await tx.query(
      `insert into charging_price (id, price_name, tiers, periods, seasons, description, create_time) values ($1, $2, $3, $4, $5, $6, now() - interval '60 days')`,
      [id, name, JSON.stringify(tr), JSON.stringify(periods), JSON.stringify(seasons), description],
    );
  }
  for (const [id, code, name, type, fee, free, lot, hours, address, lng, lat] of STATIONS) {
    await tx.query(
      `insert into charging_station (id, station_code, station_name, station_type, park_fee_type, park_free_minutes, parking_id, open_hours,
         operator_name, address, lng, lat, create_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, '深圳智慧停车充电运营有限公司', $9, $10, $11, now() - interval '60 days')`,
      [id, code, name, type, fee, free, lot, hours, address, lng, lat],
    );
  }
  for (const [i, [station, suffix, type, kw, guns, vendor, model, silent]] of PILES.entries()) {
    const s = STATIONS.find((x) => x[0] === station)!;
    const pileNo = `4403050${String(STATIONS.indexOf(s) + 1).padStart(5, '0')}${suffix}`;
    const id = `cp-${station.slice(3)}-${suffix}`;
    await tx.query(
      `insert into charging_pile (id, pile_no, pile_name, station_id, equipment_type, power_kw, vendor, model, price_id, price_version,
         last_heartbeat, sim_offline, create_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, case when $10 then now() - interval '2 hours' else now() end, $10, now() - interval '60 days')`,
      [id, pileNo, `${s[2].replace('充电站', '')}${i + 1}号桩`, station, type, kw, vendor, model, s[11], silent],
    );
    for (let g = 1; g <= guns; g++) {
      await tx.query(
        `insert into charging_gun (id, connector_id, pile_id, gun_no, connector_type, rated_power_kw, space_no) values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          `cg-${station.slice(3)}-${suffix}-${g}`,
          connectorIdOf(pileNo, g),
          id,
          g,
          type === 1 ? 4 : 3,
          Math.round(kw / guns),
          `C${suffix}${g}`,
        ],
      );
    }
  }
  await seedChargingHistory(tx, opts.historyDays ?? 30);
}
