import { sql } from 'kysely';
import Type from 'typebox';
import { badRequest } from '../lib/envelope.ts';
import { type Filter, type Row, defineResource, derive, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { EQUIPMENT_TYPE } from '../../domain/charging-codes.ts';

/**
 * 充电桩: 14-digit pile no., station, AC/DC, power, vendor, the price template it acknowledged
 * (changed only by price tasks, §9.2), and its online state from heartbeats.
 */

/** Online: enabled, and a heartbeat within three intervals (orise's "超过40秒视为离线", SteVe #828). */
export const pileOnline = sql<boolean>`(${sql.ref('chargingPile.enabledMark')} = 1 and coalesce(${sql.ref('chargingPile.lastHeartbeat')} > now() - make_interval(secs => ${sql.ref('chargingPile.heartbeatInterval')} * 3), false))`;

const TYPES = Object.keys(EQUIPMENT_TYPE).map(Number);

const online: Filter = {
  schema: f.oneOf('在线状态', [0, 1], '在线状态筛选值不正确'),
  where: (eb, v: number) => (v ? pileOnline : eb.not(pileOnline)),
};

export const chargingPiles = defineResource({
  table: 'chargingPile',
  path: '/api/charging/Pile',
  idPrefix: 'cp',
  module: 'chargingPile',
  fields: {
    pileNo: Type.String({ title: '桩编号', pattern: '^[0-9]{14}$', 'x-msg': '桩编号须为14位数字' }),
    pileName: f.text('桩名称', 50, { default: '' }),
    stationId: f.text('所属充电站', 64),
    equipmentType: f.codes('设备类型', EQUIPMENT_TYPE),
    powerKw: f.int('额定功率', { min: 1, max: 2000, msg: '额定功率必须是1到2000之间的整数（kW）' }),
    vendor: f.text('厂商', 50, { default: '' }),
    model: f.text('型号', 50, { default: '' }),
    heartbeatInterval: f.int('心跳间隔', { min: 5, max: 3600, default: 30, msg: '心跳间隔必须是5到3600之间的整数（秒）' }),
    enabledMark: f.oneOf('启用状态', [0, 1], '启用状态只能是0（停用）或1（启用）', { default: 1 }),
  },
  required: ['pileNo', 'stationId', 'equipmentType', 'powerKw'],
  unique: [{ fields: ['pileNo'], msg: '桩编号已存在' }],
  filters: {
    stationId: filter.eq('stationId', f.text('充电站', 64)),
    equipmentType: filter.eq('equipmentType', f.oneOf('设备类型', TYPES, '设备类型筛选值不正确')),
    priceId: filter.eq('priceId', f.text('电价模板', 64)),
    keyword: filter.keyword(['pileNo', 'pileName', 'vendor', 'model']),
    online,
  },
  derived: {
    stationName: derive.lookup('chargingStation', 'stationId', 'stationName', ''),
    priceName: derive.lookup('chargingPrice', 'priceId', 'priceName', ''),
    online: () => sql<number>`case when ${pileOnline} then 1 else 0 end`,
    gunCount: (eb, self) =>
      eb
        .selectFrom('chargingGun')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('chargingGun.pileId', '=', `${self}.id`)
        .$asScalar(),
  },
  orderBy: [
    ['stationId', 'asc'],
    ['pileNo', 'asc'],
  ],
  summary: {
    columns: {
      online: () => sql<number>`count(*) filter (where ${pileOnline})::int`,
      offline: () => sql<number>`count(*) filter (where not ${pileOnline})::int`,
    },
    ignore: ['online'],
  },
  // a pile is in its station's lot; one at a station without a lot is everyone's to see
  lot: { column: 'stationId', via: [{ table: 'chargingStation', column: 'parkingId' }], shared: true },
  access: {
    // connectors, price tasks and orders name piles
    list: { menus: ['chargingPile', 'chargingGun', 'chargingPrice', 'chargingOrder'] },
    create: { buttons: ['pile:add'] },
    update: { buttons: ['pile:edit'] },
    delete: { buttons: ['pile:delete'] },
  },
  statusField: 'enabledMark',
  describe: (v) => `${v.pileNo} ${v.pileName}`,
  toJson: ({ simOffline: _, ...r }: Row) => ({ ...r, gunCount: Number(r.gunCount ?? 0) }),
  guards: {
    async save(tx, v) {
      const { rows } = await tx.query('select 1 from charging_station where id = $1', [v.stationId]);
      if (!rows.length) throw badRequest('所属充电站不存在');
    },
    async delete(tx, row) {
      const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from charging_order where pile_id = $1', [row.id]);
      if (rows[0].n > 0) throw badRequest(`该充电桩已有${rows[0].n}笔充电订单，不能删除，可停用`);
    },
  },
});
