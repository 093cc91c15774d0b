import { badRequest } from '../lib/envelope.ts';
import { defineResource, derive, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { laneScanUrl, publicOrigin } from '../services/parking-qr.ts';
import { deviceOnline } from './devices.ts';
import { inLot, ofLot, parkingLots } from './parking-lots.ts';
import { NON_MEMBER_POLICY } from '../../domain/estate-codes.ts';

/**
 * 车道: a gate of a barrier lot or charging station, with its QR code (a version, valid or void)
 * and the barrier controller and camera that serve it, all of the same lot.
 */

const DIRECTIONS = [1, 2, 3] as const;
const QR_STATES = [0, 1] as const;

export const parkingLanes = defineResource({
  table: 'parkingLane',
  path: '/api/system/ParkingLane',
  idPrefix: 'l',
  module: 'parkingLane',
  fields: {
    parkingId: f.text('所属停车场', 64),
    areaId: f.ref('所属区域'),
    laneCode: f.code('车道编号', 1, 20),
    laneName: f.text('车道名称', 30),
    direction: f.oneOf('车道方向', DIRECTIONS, '车道方向只能是1（入口）、2（出口）或3（出入口）'),
    qrType: f.oneOf('二维码类型', [1, 2, 3], '二维码类型只能是1（入场码）、2（出场码）或3（场内码）'),
    barrierDeviceId: f.ref('道闸控制器'),
    cameraDeviceId: f.ref('识别相机'),
    nonMemberPolicy: f.codes('非会员车辆策略', NON_MEMBER_POLICY, {
      default: 1,
    }),
    enabledMark: f.oneOf('启用状态', [0, 1], '启用状态只能是0（停用）或1（启用）', { default: 1 }),
  },
  required: ['parkingId', 'laneCode', 'laneName', 'direction', 'qrType'],
  unique: [{ fields: ['parkingId', 'laneCode'], msg: '该停车场已有相同的车道编号' }],
  filters: {
    parkingId: filter.eq('parkingId', f.text('停车场', 64)),
    areaId: filter.eq('areaId', f.text('区域', 64)),
    keyword: filter.keyword(['laneCode', 'laneName']),
    direction: filter.eq('direction', f.oneOf('车道方向', DIRECTIONS, '车道方向筛选值不正确')),
    qrStatus: filter.eq('qrStatus', f.oneOf('二维码状态', QR_STATES, '二维码状态筛选值不正确')),
  },
  derived: {
    parkingName: ofLot.name,
    areaName: derive.lookup('parkingArea', 'areaId', 'areaName', ''),
    barrierName: derive.lookup('device', 'barrierDeviceId', 'deviceName', ''),
    barrierOnline: derive.lookup('device', 'barrierDeviceId', () => deviceOnline, false),
  },
  orderBy: [
    [ofLot.code, 'asc'],
    ['laneCode', 'asc'],
  ],
  lot: { column: 'parkingId' },
  access: {
    list: { menus: ['parkingLane', 'parkingAdmin'] },
    create: { buttons: ['lane:add'] },
    update: { buttons: ['lane:edit'] },
    delete: { buttons: ['lane:delete'] },
  },
  describe: (v) => `${v.laneCode} ${v.laneName}`,
  // what the lane's printed code opens, on the site the caller uses
  // a stored row's columns are not typed by the field schemas (Stored); parkingId is text
  toJson: (r, req) => ({ ...r, scanUrl: req ? laneScanUrl(publicOrigin(req), String(r.parkingId), r.id) : '' }),
  guards: {
    async save(tx, v) {
      const parkingId = v.parkingId;
      const lot = await parkingLots.find(tx, parkingId);
      if (!lot) throw badRequest('所属停车场不存在');
      if (lot.type === 0) throw badRequest('路内泊位没有车道，请选择道闸车场或充电站');
      if (v.areaId && !(await inLot(tx, 'parkingArea', v.areaId, parkingId))) throw badRequest('所属区域不属于该停车场');
      const device = async (id: string | null, type: number) => !!id && (await inLot(tx, 'device', id, parkingId))?.deviceType === type;
      if (v.barrierDeviceId && !(await device(v.barrierDeviceId, 2))) throw badRequest('道闸控制器不存在或不属于该停车场');
      if (v.cameraDeviceId && !(await device(v.cameraDeviceId, 1))) throw badRequest('识别相机不存在或不属于该停车场');
    },
  },
});
