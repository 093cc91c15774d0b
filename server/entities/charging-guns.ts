import { sql } from 'kysely';
import { badRequest } from '../lib/envelope.ts';
import { defineResource, derive, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { connectorIdOf } from '../charging/connector-id.ts';
import { CONNECTOR_TYPE } from '../../domain/charging-codes.ts';

/**
 * 充电枪 (connectors): id = operator code + pile no. + gun no.; the live status is the last OCPP
 * StatusNotification mapped to T/CEC codes, and offline (0) while the pile misses its heartbeats.
 */

const pileIsOnline = sql<boolean>`exists (select 1 from charging_pile p where p.id = ${sql.ref('chargingGun.pileId')} and p.enabled_mark = 1
  and coalesce(p.last_heartbeat > now() - make_interval(secs => p.heartbeat_interval * 3), false))`;
const liveStatus = sql<number>`case when ${pileIsOnline} then ${sql.ref('chargingGun.status')} else 0 end`;

export const chargingGuns = defineResource({
  table: 'chargingGun',
  path: '/api/charging/Gun',
  idPrefix: 'cg',
  module: 'chargingGun',
  fields: {
    pileId: f.text('所属充电桩', 64),
    gunNo: f.int('枪号', { min: 1, max: 999, msg: '枪号必须是1到999之间的整数' }),
    connectorType: f.codes('接口类型', CONNECTOR_TYPE),
    ratedPowerKw: f.int('额定功率', { min: 1, max: 2000, msg: '额定功率必须是1到2000之间的整数（kW）' }),
    spaceNo: f.text('车位号', 20, { default: '' }),
  },
  required: ['pileId', 'gunNo', 'connectorType', 'ratedPowerKw'],
  unique: [{ fields: ['pileId', 'gunNo'], msg: '该充电桩已有相同枪号' }],
  filters: {
    pileId: filter.eq('pileId', f.text('充电桩', 64)),
    stationId: {
      schema: f.text('充电站', 64),
      where: (_eb, id: string) =>
        sql<boolean>`exists (select 1 from charging_pile p where p.id = ${sql.ref('chargingGun.pileId')} and p.station_id = ${id})`,
    },
    status: { schema: f.int('状态', { max: 255, msg: '状态筛选值不正确' }), where: (eb, v: number) => eb(liveStatus, '=', v) },
    keyword: filter.keyword(['connectorId', 'spaceNo']),
  },
  derived: {
    pileNo: derive.lookup('chargingPile', 'pileId', 'pileNo', ''),
    stationName: derive.lookup('chargingPile', 'pileId', (eb) =>
      eb.selectFrom('chargingStation').select('stationName').whereRef('chargingStation.id', '=', 'chargingPile.stationId').$asScalar(),
    ),
    liveStatus: () => liveStatus,
  },
  orderBy: [['connectorId', 'asc']],
  summary: {
    columns: Object.fromEntries(
      [0, 1, 2, 3, 4, 255].map((code) => [`s${code}`, () => sql<number>`count(*) filter (where ${liveStatus} = ${code})::int`]),
    ),
    ignore: ['status'],
  },
  // a connector is in its pile's station's lot, as the pile is
  lot: {
    column: 'pileId',
    via: [
      { table: 'chargingPile', column: 'stationId' },
      { table: 'chargingStation', column: 'parkingId' },
    ],
    shared: true,
  },
  access: {
    list: { menus: ['chargingGun', 'chargingOrder'] },
    create: { buttons: ['gun:add'] },
    update: { buttons: ['gun:edit'] },
    delete: { buttons: ['gun:delete'] },
  },
  describe: (v) => `${v.connectorId ?? ''} ${v.gunNo}号枪`,
  // the id follows the pile and the gun number (guards.save works it out)
  toColumns: (v, all) => ({ ...v, connectorId: all.connectorId }),
  guards: {
    async save(tx, v) {
      const { rows } = await tx.query<{ pile_no: string }>('select pile_no from charging_pile where id = $1', [v.pileId]);
      if (!rows.length) throw badRequest('所属充电桩不存在');
      return { ...v, connectorId: connectorIdOf(rows[0].pile_no, v.gunNo) };
    },
    async delete(tx, row) {
      const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from charging_order where gun_id = $1', [row.id]);
      if (rows[0].n > 0) throw badRequest(`该充电枪已有${rows[0].n}笔充电订单，不能删除`);
    },
  },
});
