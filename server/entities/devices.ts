import { DEVICE_ONLINE, deviceSilentFor } from '../figures/devices.ts';
import { sql } from 'kysely';
import Type from 'typebox';
import { IPV4_MESSAGE, IPV4_RE } from '../../domain/field-rules.ts';
import { badRequest } from '../lib/envelope.ts';
import { type Filter, type Row, defineResource, derive, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { inLot, ofLot, parkingLots } from './parking-lots.ts';

/** 设备: cameras, barrier controllers, screens, ground sensors and chargers of a lot, with their online state. */

/** "online" as server/figures/devices.ts defines it, over a device row: the list's column, filter and counts, a lane's barrier state. */
export const deviceOnline = sql<boolean>`${sql.raw(DEVICE_ONLINE)}`;

const TYPES = [1, 2, 3, 4, 5] as const;

const online: Filter = {
  schema: f.oneOf('在线状态', [0, 1], '在线状态筛选值不正确'),
  where: (eb, v: number) => (v ? deviceOnline : eb.not(deviceOnline)),
};

/** 离线时长: offline for at least this many minutes (the dashboard's to-do links here with 60). */
const silentMinutes: Filter = {
  schema: f.int('离线时长', { min: 1, max: 525600, msg: '离线时长必须是1到525600之间的整数（分钟）' }),
  where: (_eb, v: number) => sql<boolean>`${sql.raw(deviceSilentFor(String(Math.trunc(v))))}`,
};

export const devices = defineResource({
  table: 'device',
  path: '/api/system/Device',
  idPrefix: 'd',
  module: 'device',
  fields: {
    deviceCode: f.code('设备编号', 2, 40),
    deviceName: f.text('设备名称', 50),
    deviceType: f.oneOf('设备类型', TYPES, '设备类型只能是1（相机）、2（道闸控制器）、3（LED屏）、4（地磁）或5（充电桩）'),
    parkingId: f.text('所属停车场', 64),
    laneId: f.ref('所属车道'),
    vendor: f.text('厂商', 30, { default: '' }),
    ip: Type.Union([Type.String({ pattern: IPV4_RE.source }), Type.Literal('')], { title: 'IP地址', default: '', 'x-msg': IPV4_MESSAGE }),
    serialNo: f.text('序列号', 40, { default: '' }),
    firmware: f.text('固件版本', 30, { default: '' }),
    heartbeatInterval: f.int('心跳间隔', { min: 10, max: 3600, default: 30, msg: '心跳间隔必须是10到3600之间的整数（秒）' }),
    enabledMark: f.oneOf('启用状态', [0, 1], '启用状态只能是0（停用）或1（启用）', { default: 1 }),
  },
  required: ['deviceCode', 'deviceName', 'deviceType', 'parkingId'],
  unique: [{ fields: ['deviceCode'], msg: '设备编号已存在' }],
  filters: {
    parkingId: filter.eq('parkingId', f.text('停车场', 64)),
    laneId: filter.eq('laneId', f.text('车道', 64)),
    deviceType: filter.eq('deviceType', f.oneOf('设备类型', TYPES, '设备类型筛选值不正确')),
    keyword: filter.keyword(['deviceCode', 'deviceName', 'ip']),
    online,
    silentMinutes,
  },
  derived: {
    parkingName: ofLot.name,
    laneName: derive.lookup('parkingLane', 'laneId', 'laneName', ''),
    online: () => sql<number>`case when ${deviceOnline} then 1 else 0 end`,
  },
  orderBy: [
    [ofLot.code, 'asc'],
    ['deviceType', 'asc'],
    ['deviceCode', 'asc'],
  ],
  // the header's figures: of the lot / type / keyword filter, before the online filter narrows the rows
  summary: {
    columns: {
      online: () => sql<number>`count(*) filter (where ${deviceOnline})::int`,
      offline: () => sql<number>`count(*) filter (where not ${deviceOnline})::int`,
    },
    ignore: ['online'],
  },
  lot: { column: 'parkingId' },
  access: {
    // the lane form picks its barrier and camera
    list: { menus: ['device', 'parkingLane'] },
    create: { buttons: ['device:add'] },
    update: { buttons: ['device:edit'] },
    delete: { buttons: ['device:delete'] },
  },
  describe: (v) => `${v.deviceCode} ${v.deviceName}`,
  // the simulator's flag stays inside
  toJson: ({ simFault: _, ...r }: Row) => r,
  guards: {
    async save(tx, v) {
      if (!(await parkingLots.find(tx, v.parkingId))) throw badRequest('所属停车场不存在');
      if (v.laneId && !(await inLot(tx, 'parkingLane', v.laneId, v.parkingId))) throw badRequest('所属车道不属于该停车场');
    },
  },
});
