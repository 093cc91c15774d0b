import Type from 'typebox';
import { PLATE_RE, SPACE_NO_MESSAGE, SPACE_NO_RE } from '../../domain/field-rules.ts';
import { badRequest } from '../lib/envelope.ts';
import { defineResource, derive, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { PLATE_COLOR_CODES } from '../services/parking-model.ts';
import { inLot, ofLot, parkingLots } from './parking-lots.ts';
import { dateColumn } from '../lib/date-column.ts';

/**
 * 车位: a space of a lot, its type and state; the plate of the car on it (only while occupied) and
 * the holder of a long-rental space with the rental period.
 */

const TYPES = [1, 2, 3, 4, 5, 6] as const;
const STATES = [0, 1, 2, 3, 4] as const;
const LONG_RENTAL = 3;
const OCCUPIED = 1;

/** Rental days are calendar days, '' for none. */
const day = (d: unknown): string => dateColumn(d) ?? '';

export const parkingSpaces = defineResource({
  table: 'parkingSpace',
  path: '/api/system/ParkingSpace',
  idPrefix: 's',
  module: 'parkingSpace',
  fields: {
    parkingId: f.text('所属停车场', 64),
    areaId: f.ref('所属区域'),
    spaceNo: Type.String({ title: '车位编号', pattern: SPACE_NO_RE.source, 'x-msg': `车位编号${SPACE_NO_MESSAGE}` }),
    sensorNo: f.text('地磁编号', 32, { default: '' }),
    spaceType: f.oneOf('车位类型', TYPES, '车位类型只能是1（临时）、2（产权）、3（长租）、4（访客）、5（充电）或6（无障碍）'),
    status: f.oneOf('车位状态', STATES, '车位状态只能是0（空闲）、1（占用）、2（预约）、3（故障）或4（停用）', { default: 0 }),
    plateNo: f.text('当前车牌', 10, { default: '' }),
    plateColor: f.oneOf('车牌颜色', PLATE_COLOR_CODES, '车牌颜色不正确', { default: null }),
    holderName: f.text('长租人', 20, { default: '' }),
    holderPhone: f.phone('长租人电话'),
    rentalStart: f.date('长租开始日期'),
    rentalEnd: f.date('长租结束日期'),
  },
  required: ['parkingId', 'spaceNo', 'spaceType'],
  unique: [{ fields: ['parkingId', 'spaceNo'], msg: '该停车场已有相同的车位编号', list: 'spaceNo' }],
  filters: {
    parkingId: filter.eq('parkingId', f.text('停车场', 64)),
    areaId: filter.eq('areaId', f.text('区域', 64)),
    keyword: filter.keyword(['spaceNo', 'plateNo', 'holderName']),
    spaceType: filter.eq('spaceType', f.oneOf('车位类型', TYPES, '车位类型筛选值不正确')),
    status: filter.eq('status', f.oneOf('车位状态', STATES, '车位状态筛选值不正确')),
  },
  derived: {
    parkingName: ofLot.name,
    areaName: derive.lookup('parkingArea', 'areaId', 'areaName', ''),
  },
  // grouped by lot, then by number: the (parking_id, space_no) unique index answers a page without
  // sorting every space by a looked-up lot code (the list's main cost before)
  orderBy: [
    ['parkingId', 'asc'],
    ['spaceNo', 'asc'],
  ],
  lot: { column: 'parkingId' },
  access: {
    list: { menus: ['parkingSpace', 'parkingAdmin'] },
    create: { buttons: ['space:add'] },
    update: { buttons: ['space:edit'] },
    delete: { buttons: ['space:delete'] },
  },
  describe: (v) => v.spaceNo,
  check(v, before, body) {
    let plateNo = v.plateNo.toUpperCase();
    // a car leaving (status no longer occupied) takes its plate with it unless one is given
    if (before && body?.status !== undefined && body.status !== OCCUPIED && body.plateNo === undefined) plateNo = '';
    if (plateNo && !PLATE_RE.test(plateNo)) throw badRequest('当前车牌格式不正确');
    if (plateNo && v.status !== OCCUPIED) throw badRequest('只有占用中的车位可以填写当前车牌');
    const hasHolder = Boolean(v.holderName || v.holderPhone || v.rentalStart || v.rentalEnd);
    if (hasHolder && v.spaceType !== LONG_RENTAL) throw badRequest('只有长租车位可以登记长租人');
    if (hasHolder && (!v.holderName || !v.rentalStart || !v.rentalEnd)) throw badRequest('登记长租人需要填写长租人、开始日期和结束日期');
    if (v.rentalStart && v.rentalEnd && v.rentalStart > v.rentalEnd) throw badRequest('长租结束日期不能早于开始日期');
    // the colour goes with the plate (blue unless told)
    return { ...v, plateNo, plateColor: plateNo ? (v.plateColor ?? 5) : null };
  },
  toJson: (r) => ({ ...r, rentalStart: day(r.rentalStart), rentalEnd: day(r.rentalEnd) }),
  // an update starts from the answer, where no day is ''
  toColumns: (v) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, (k === 'rentalStart' || k === 'rentalEnd') && !x ? null : x])),
  guards: {
    async save(tx, v) {
      if (!(await parkingLots.find(tx, v.parkingId))) throw badRequest('所属停车场不存在');
      if (v.areaId && !(await inLot(tx, 'parkingArea', v.areaId, v.parkingId))) throw badRequest('所属区域不属于该停车场');
    },
    async delete(_tx, row) {
      if (row.status === OCCUPIED) throw badRequest('车位占用中，不能删除');
    },
  },
});
