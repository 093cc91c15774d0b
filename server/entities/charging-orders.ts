import { sql } from 'kysely';
import Type from 'typebox';
import { type Row, defineResource, derive, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { chargingActions, statesBefore } from '../charging/order-machine.ts';
import { ORDER_STATE } from '../../domain/charging-codes.ts';
import { chargingOrderWorkbook } from '../charging/order-sheet.ts';
import { XLSX_TYPE } from '../resource/export.ts';

/** 充电订单: written by piles (the simulator) and the order actions, read here; no create, edit or delete. */

const BIG = [
  'meterStartWh',
  'meterStopWh',
  'energyWh',
  'elecCents',
  'serviceCents',
  'discountCents',
  'totalCents',
  'paidCents',
  'refundCents',
];

// years the database can hold and an operator means (the fuzz sends 0000-01-01)
const day = (title: string) =>
  Type.String({ title, format: 'date', pattern: '^(19|20)\\d{2}-', 'x-msg': `${title}格式不正确，应为YYYY-MM-DD` });

export const chargingOrders = defineResource({
  table: 'chargingOrder',
  path: '/api/charging/Order',
  idPrefix: 'co',
  module: 'chargingOrder',
  fields: {},
  required: [],
  filters: {
    state: filter.eq('state', f.int('订单状态', { max: 20, msg: '订单状态筛选值不正确' })),
    stationId: filter.eq('stationId', f.text('充电站', 64)),
    pileId: filter.eq('pileId', f.text('充电桩', 64)),
    startMode: filter.eq('startMode', f.int('启动方式', { max: 9, msg: '启动方式筛选值不正确' })),
    keyword: filter.keyword(['orderNo', 'plateNo', 'phone']),
    // China-time days of the start
    startFrom: {
      schema: day('开始日期'),
      where: (eb, v: string) => eb('startTime', '>=', sql<Date>`(${v}::date)::timestamp at time zone 'Asia/Shanghai'`),
    },
    startTo: {
      schema: day('结束日期'),
      where: (eb, v: string) => eb('startTime', '<', sql<Date>`(${v}::date + 1)::timestamp at time zone 'Asia/Shanghai'`),
    },
  },
  derived: {
    stationName: derive.lookup('chargingStation', 'stationId', 'stationName', ''),
    pileNo: derive.lookup('chargingPile', 'pileId', 'pileNo', ''),
    connectorId: derive.lookup('chargingGun', 'gunId', 'connectorId', ''),
    gunNo: derive.lookup('chargingGun', 'gunId', 'gunNo'),
    durationSeconds: () =>
      sql<number>`extract(epoch from coalesce(${sql.ref('chargingOrder.endTime')}, now()) - ${sql.ref('chargingOrder.startTime')})::int`,
  },
  orderBy: [
    ['startTime', 'desc'],
    ['id', 'asc'],
  ],
  summary: {
    columns: {
      energyWh: () => sql<number>`coalesce(sum(energy_wh), 0)::float8`,
      totalCents: () => sql<number>`coalesce(sum(total_cents), 0)::float8`,
      active: () => sql<number>`count(*) filter (where state in (${sql.raw(statesBefore('stopped').join(', '))}))::int`,
      abnormal: () => sql<number>`count(*) filter (where state = ${sql.raw(String(ORDER_STATE.abnormal))})::int`,
    },
    ignore: ['state'],
  },
  // an order is in its station's lot, as the station's piles are
  lot: { column: 'stationId', via: [{ table: 'chargingStation', column: 'parkingId' }], shared: true },
  access: { list: { menus: ['chargingOrder'] } },
  describe: (v) => `${v.orderNo}`,
  export: {
    button: 'chargingOrder:export',
    fileName: '充电订单.xlsx',
    file: async (rows) => ({ body: await chargingOrderWorkbook(rows), type: XLSX_TYPE }),
  },
  toJson: ({ simTargetSoc: _t, simStalled: _s, ...r }: Row) => {
    const json: Row = { ...r, ...Object.fromEntries(BIG.map((k) => [k, r[k] === null || r[k] === undefined ? null : Number(r[k])])) };
    // what the list and the details offer: the state machine's answer, not the page's guess
    json.actions = chargingActions({ state: Number(r.state), paidCents: Number(json.paidCents), refundCents: Number(json.refundCents) });
    return json;
  },
});
