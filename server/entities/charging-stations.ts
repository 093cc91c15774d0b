import Type from 'typebox';
import { badRequest } from '../lib/envelope.ts';
import { defineResource, derive, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { parkingLots } from './parking-lots.ts';
import { PARK_FEE_TYPE, STATION_STATUS, STATION_TYPE } from '../../domain/charging-codes.ts';

/** 充电站: T/CEC 102 codes (notes §9.1), the parking-fee policy while charging, an optional lot. */

const degrees = (title: string, max: number) =>
  Type.Union([Type.Number({ minimum: -max, maximum: max }), Type.Null()], {
    title,
    default: null,
    'x-msg': `${title}须在-${max}到${max}之间`,
  });

export const chargingStations = defineResource({
  table: 'chargingStation',
  path: '/api/charging/Station',
  idPrefix: 'cs',
  module: 'chargingStation',
  fields: {
    stationCode: f.code('充电站编号', 2, 32),
    stationName: f.text('充电站名称', 50),
    stationType: f.codes('站点类型', STATION_TYPE, { default: 1 }),
    stationStatus: f.codes('站点状态', STATION_STATUS, { default: 50 }),
    parkFeeType: f.codes('停车收费方式', PARK_FEE_TYPE, { default: 0 }),
    parkFreeMinutes: f.int('限时免费时长', { max: 24 * 60, default: 0, msg: '限时免费时长必须是0到1440之间的整数（分钟）' }),
    parkingId: f.ref('所属停车场'),
    openHours: Type.String({
      title: '营业时间',
      pattern: '^([01]\\d|2[0-3]):[0-5]\\d-([01]\\d|2[0-4]):[0-5]\\d$',
      default: '00:00-24:00',
      'x-msg': '营业时间格式应为HH:mm-HH:mm，如 00:00-24:00',
    }),
    operatorName: f.text('运营商', 50, { default: '' }),
    address: f.text('详细地址', 200, { default: '' }),
    lng: degrees('经度', 180),
    lat: degrees('纬度', 90),
    enabledMark: f.oneOf('启用状态', [0, 1], '启用状态只能是0（停用）或1（启用）', { default: 1 }),
    description: f.text('备注', 200, { default: '' }),
  },
  required: ['stationCode', 'stationName'],
  unique: [{ fields: ['stationCode'], msg: '充电站编号已存在' }],
  filters: {
    keyword: filter.keyword(['stationName', 'stationCode', 'address']),
    stationStatus: filter.eq('stationStatus', f.int('站点状态', { msg: '站点状态筛选值不正确' })),
    stationType: filter.eq('stationType', f.int('站点类型', { msg: '站点类型筛选值不正确' })),
    enabledMark: filter.eq('enabledMark', f.int('启用状态', { max: 1, msg: '启用状态筛选值不正确' })),
  },
  derived: {
    parkingName: derive.lookup('parking', 'parkingId', 'parkingName', ''),
    pileCount: (eb, self) =>
      eb
        .selectFrom('chargingPile')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('chargingPile.stationId', '=', `${self}.id`)
        .$asScalar(),
  },
  orderBy: [
    ['stationCode', 'asc'],
    ['id', 'asc'],
  ],
  // a station in a lot follows the lot's data scope; one without a lot is everyone's to see
  lot: { column: 'parkingId', shared: true },
  access: {
    // the pile, connector and order screens pick stations from this list
    list: { menus: ['chargingStation', 'chargingPile', 'chargingGun', 'chargingOrder'] },
    create: { buttons: ['station:add'] },
    update: { buttons: ['station:edit'] },
    delete: { buttons: ['station:delete'] },
  },
  statusField: 'enabledMark',
  describe: (v) => `${v.stationCode} ${v.stationName}`,
  toJson: (r) => ({
    ...r,
    lng: r.lng === null ? null : Number(r.lng),
    lat: r.lat === null ? null : Number(r.lat),
    pileCount: Number(r.pileCount ?? 0),
  }),
  guards: {
    async save(tx, v) {
      if (v.parkingId && !(await parkingLots.find(tx, v.parkingId))) throw badRequest('所属停车场不存在');
    },
    async delete(tx, row) {
      const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from charging_pile where station_id = $1', [row.id]);
      if (rows[0].n > 0) throw badRequest(`该充电站下还有${rows[0].n}个充电桩，不能删除`);
    },
  },
});
