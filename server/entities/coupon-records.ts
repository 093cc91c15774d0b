import { sql } from 'kysely';
import Type from 'typebox';
import { type Row, defineResource, derive, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { XLSX_TYPE } from '../resource/export.ts';
import { type SheetColumn, text, chinaTime, sheetWorkbook } from '../lib/xlsx.ts';
import { yuan } from '../../domain/money.ts';
import { COUPON_STATES, COUPON_STATE, COUPON_TYPES, couponValueLabel } from '../../domain/coupon-codes.ts';
import { couponActions } from './row-actions.ts';

/**
 * 发券记录 (read side): every issued coupon with its template, merchant, plate, state and what it
 * took off, filtered and lot-scoped by the lots it is valid at. Coupons are written only by
 * coupons/issue.ts, redeem.ts and lifecycle.ts (routes/coupons.ts), so there is no create, update or delete.
 */

const SHEET: SheetColumn<Row>[] = [
  ['券号', 22, (r) => text(r.couponNo)],
  ['模板', 20, (r) => text(r.templateName)],
  ['商户', 18, (r) => text(r.merchantName)],
  ['类型', 8, (r) => text(r.couponTypeLabel)],
  ['面值', 14, (r) => text(r.valueLabel)],
  ['车牌', 12, (r) => text(r.plateNo)],
  ['状态', 8, (r) => text(r.stateLabel)],
  ['发放时间', 20, (r) => chinaTime(r.issueTime)],
  ['有效期至', 20, (r) => chinaTime(r.expireTime)],
  ['使用时间', 20, (r) => chinaTime(r.useTime)],
  ['订单编号', 22, (r) => text(r.orderNo)],
  ['抵扣金额（元）', 14, (r) => yuan(r.deductedCents as number)],
  ['发放人', 18, (r) => text(r.issuer)],
];

export const couponRecords = defineResource({
  table: 'couponRecord',
  path: '/api/coupon/Records',
  idPrefix: 'cr',
  module: 'couponRecord',
  fields: {},
  required: [],
  filters: {
    // a coupon number or an order number exactly, a plate by its start
    keyword: filter.numberOrPlate(['couponRecord.couponNo'], 'couponRecord.plateNo', (eb, q) => [
      eb.exists(eb.selectFrom('parkingOrder as o').select('o.id').whereRef('o.id', '=', 'couponRecord.orderId').where('o.orderNo', '=', q)),
    ]),
    state: filter.eq('couponRecord.state', f.codes('状态', COUPON_STATES)),
    couponType: filter.eq('couponRecord.couponType', f.codes('优惠券类型', COUPON_TYPES)),
    merchantId: filter.eq('couponRecord.merchantId', Type.String({ title: '商户', maxLength: 64 })),
    templateId: filter.eq('couponRecord.templateId', Type.String({ title: '优惠券模板', maxLength: 64 })),
    parkingId: filter.contains('couponRecord.parkingIds', Type.String({ title: '停车场', maxLength: 64 })),
  },
  derived: {
    merchantName: derive.lookup('merchant', 'merchantId', 'merchantName', ''),
    orderNo: derive.lookup('parkingOrder', 'orderId', 'orderNo'),
  },
  summary: {
    columns: {
      couponCount: (eb) => eb.fn.countAll<number>(),
      deductedCents: () => sql`coalesce(sum(deducted_cents), 0)::float8`,
    },
  },
  orderBy: [
    ['issueTime', 'desc'],
    ['id', 'desc'],
  ],
  lot: { column: 'parkingIds', many: true },
  access: {
    list: { menus: ['couponRecord'] },
    get: { menus: ['couponRecord'] },
  },
  describe: (v: Row) => `${text(v.couponNo)}`,
  export: {
    button: 'couponRecord:export',
    fileName: '发券记录.xlsx',
    file: async (rows) => ({ body: await sheetWorkbook('发券记录', SHEET, rows), type: XLSX_TYPE }),
  },
  toJson: (r: Row) => ({
    ...r,
    deductedCents: Number(r.deductedCents),
    capCents: Number(r.capCents),
    maxCents: Number(r.maxCents),
    stateLabel: COUPON_STATES[r.state as number] ?? '',
    couponTypeLabel: COUPON_TYPES[r.couponType as number] ?? '',
    valueLabel: couponValueLabel(r.couponType as number, r.faceValue as number),
    // what the list offers: a coupon still issued may be voided
    actions: couponActions(r.state as number),
    expiredUnused: r.state === COUPON_STATE.ISSUED && (r.expireTime as Date).getTime() <= Date.now(),
  }),
});
