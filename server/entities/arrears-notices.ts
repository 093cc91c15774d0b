import Type from 'typebox';
import { type Row, defineResource, derive, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { plateQuery } from './parking-orders.ts';

/**
 * 追缴通知 (read side): every notice with its batch, channel, delivery result and sender; `recordId`
 * narrows to one debt's history. Notices are written by routes/arrears.ts and the arrears job.
 */
export const arrearsNotices = defineResource({
  table: 'arrearsNotice',
  path: '/api/arrears/ArrearsNotice',
  idPrefix: 'an',
  module: 'arrearsNotice',
  fields: {},
  required: [],
  filters: {
    parkingId: filter.eq('arrearsNotice.parkingId', Type.String({ title: '停车场', maxLength: 64 })),
    batchNo: filter.eq('arrearsNotice.batchNo', Type.String({ title: '批次号', maxLength: 40 })),
    plateNo: {
      schema: Type.String({ title: '车牌号', maxLength: 10 }),
      where: (eb, raw: string) => eb('arrearsNotice.plateNo', 'like', `%${plateQuery(raw).replace(/[\\%_]/g, '\\$&')}%`),
    },
    channel: filter.eq('arrearsNotice.channel', f.int('通知渠道', { min: 1, max: 2, msg: '通知渠道筛选值只能是1或2' })),
    status: filter.eq('arrearsNotice.status', f.int('发送结果', { max: 4, msg: '发送结果筛选值只能是0到4' })),
    recordId: filter.contains('arrearsNotice.recordIds', Type.String({ title: '欠费记录', maxLength: 64 })),
  },
  derived: { parkingName: derive.lookup('parking', 'parkingId', 'parkingName') },
  orderBy: [
    ['sendAt', 'desc'],
    ['id', 'desc'],
  ],
  lot: { column: 'parkingId' },
  access: { list: { menus: ['arrearsNotice', 'arrearsRecord'] }, get: false },
  describe: (v: Row) => `${String(v.batchNo)} ${String(v.plateNo)}`,
  toJson: (r: Row) => ({ ...r, owedCents: Number(r.owedCents), recordCount: Array.isArray(r.recordIds) ? r.recordIds.length : 0 }),
});
