import Type from 'typebox';
import { type Row, defineResource, derive, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { PAY_CHANNEL } from '../../domain/parking-codes.ts';
import { REFUND_REASON, REFUND_STATUS } from '../../domain/refund-codes.ts';
import { yuan } from '../../domain/money.ts';
import { XLSX_TYPE } from '../resource/export.ts';
import { type SheetColumn, text, chinaTime, sheetWorkbook } from '../lib/xlsx.ts';
import { refundActions } from './row-actions.ts';

/**
 * 退款申请 / 退款审核 (read side): every refund request with its order, plate and lot, filtered by
 * status, lot, channel and keyword, lot-scoped. Requests are written only by refunds/apply.ts and
 * refunds/transitions.ts (routes/refunds.ts), so the resource has no create, update or delete.
 */

/** The export: what the list shows, amounts in yuan, times in China time. */
const SHEET: SheetColumn<Row>[] = [
  ['退款单号', 26, (r) => text(r.refundNo)],
  ['订单编号或卡号', 22, (r) => text(r.orderNo) || text(r.cardNo)],
  ['车牌', 12, (r) => text(r.plateNo)],
  ['停车场', 24, (r) => text(r.parkingName)],
  ['支付渠道', 10, (r) => text(r.channelLabel)],
  ['退款金额（元）', 14, (r) => yuan(r.amountCents as number)],
  ['原因', 30, (r) => text(r.reason)],
  ['申请人', 18, (r) => text(r.applicant)],
  ['申请时间', 20, (r) => chinaTime(r.applyTime)],
  ['审核人', 18, (r) => text(r.approver)],
  ['审核时间', 20, (r) => chinaTime(r.approveTime)],
  ['审核意见', 24, (r) => text(r.auditComment)],
  ['退款时间', 20, (r) => chinaTime(r.refundTime)],
  ['状态', 10, (r) => text(r.statusLabel)],
];

export const refunds = defineResource({
  table: 'parkingOrderRefund',
  path: '/api/refund/Refunds',
  idPrefix: 'rf',
  module: 'refund',
  fields: {},
  required: [],
  filters: {
    // a refund, order or card number exactly, a plate by its start (each indexed: migrations 017, 019)
    keyword: filter.numberOrPlate(
      ['parkingOrderRefund.refundNo', 'parkingOrderRefund.orderNo', 'parkingOrderRefund.cardNo'],
      'parkingOrderRefund.plateNo',
    ),
    status: filter.eq('parkingOrderRefund.status', f.codes('退款状态', REFUND_STATUS)),
    parkingId: filter.eq('parkingOrderRefund.parkingId', Type.String({ title: '停车场', maxLength: 64 })),
    channel: filter.eq('parkingOrderRefund.channel', f.codes('支付渠道', PAY_CHANNEL)),
  },
  derived: {
    parkingName: derive.lookup('parking', 'parkingId', 'parkingName'),
  },
  orderBy: [
    ['applyTime', 'desc'],
    ['id', 'desc'],
  ],
  lot: { column: 'parkingId' },
  access: {
    list: { menus: ['refundApply', 'refundAudit'] },
    get: { menus: ['refundApply', 'refundAudit'] },
  },
  describe: (v: Row) => `${text(v.refundNo)}`,
  export: {
    button: 'refund:export',
    fileName: '退款记录.xlsx',
    file: async (rows) => ({ body: await sheetWorkbook('退款记录', SHEET, rows), type: XLSX_TYPE }),
  },
  toJson: (r: Row) => ({
    ...r,
    amountCents: Number(r.amountCents),
    statusLabel: REFUND_STATUS[r.status as number] ?? '',
    channelLabel: PAY_CHANNEL[r.channel as number] ?? '',
    reasonLabel: REFUND_REASON[r.reasonCode as number] ?? '',
    // what the audit desk may do with it now (its state machine)
    actions: refundActions(Number(r.status)),
    // the queue shows how long a request has waited
    ageSec: Math.max(0, Math.floor((Date.now() - (r.applyTime as Date).getTime()) / 1000)),
  }),
});
