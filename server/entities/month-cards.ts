import Type from 'typebox';
import { type Row, defineResource, derive, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { badRequest } from '../lib/envelope.ts';
import { maskPhone } from '../../domain/field-rules.ts';
import { CARD_STATUS, CARD_STATUS_LABEL, type PeriodKind } from '../../domain/card-codes.ts';
import { XLSX_TYPE } from '../resource/export.ts';
import { type SheetColumn, text, sheetWorkbook } from '../lib/xlsx.ts';
import { assertPlatesFree, auditEdit, cardDay, cleanPlates, newCardNo } from '../cards/common.ts';
import { assertStartNotPast, auditBackdate, backdateInput } from '../cards/backdate.ts';
import { periodEnd } from '../cards/renewal.ts';
import { cardMachine } from '../cards/state-machine.ts';
import { plateQuery } from './parking-orders.ts';
import { cardActions } from './row-actions.ts';

/**
 * 月卡: one or several plates of an owner in one lot on a product, for a period. Created PENDING_PAY
 * with the period its product and number of periods give, and the amount they cost then; paying,
 * renewing, freezing and unfreezing are actions (routes/cards.ts). The owner's phone is stored whole and answered masked (3+4)
 * everywhere, the export included; an edit that sends the masked phone back keeps the stored one.
 */

/** A card's plates as one text. */
const plateList = (v: unknown): string => (Array.isArray(v) ? v.join('、') : '');

const SHEET: SheetColumn<Row>[] = [
  ['卡号', 22, (r) => text(r.cardNo)],
  ['车牌', 24, (r) => plateList(r.plateNos)],
  ['车主', 12, (r) => text(r.ownerName)],
  ['手机号', 14, (r) => text(r.ownerPhone)],
  ['停车场', 24, (r) => text(r.parkingName)],
  ['产品', 20, (r) => text(r.productName)],
  ['开始日期', 12, (r) => text(r.startDate)],
  ['结束日期', 12, (r) => text(r.endDate)],
  ['状态', 10, (r) => text(r.statusLabel)],
];

const PHONE_OR_MASKED = '^(1[3-9]\\d{9}|\\d{3}\\*{4}\\d{4})?$';

export const monthCards = defineResource({
  table: 'monthCard',
  path: '/api/card/MonthCard',
  idPrefix: 'mc',
  module: 'monthCard',
  fields: {
    cardNo: f.text('卡号', 32, { default: '' }),
    productId: Type.String({ title: '月卡产品', maxLength: 64 }),
    parkingId: Type.String({ title: '停车场', maxLength: 64 }),
    plateNos: Type.Array(Type.String({ maxLength: 12 }), { title: '车牌', minItems: 1, maxItems: 5, 'x-msg': '车牌至少1个，最多5个' }),
    ownerName: f.text('车主', 30),
    ownerPhone: Type.String({ title: '手机号', pattern: PHONE_OR_MASKED, default: '', 'x-msg': '请输入正确的11位手机号' }),
    startDate: Type.String({ title: '开始日期', format: 'date', 'x-msg': '开始日期格式不正确，应为YYYY-MM-DD' }),
    periods: f.int('购买周期数', { min: 1, max: 36, default: 1, msg: '购买周期数必须是1到36之间的整数' }),
    description: f.text('备注', 200, { default: '' }),
  },
  inputs: backdateInput,
  createOnly: ['cardNo', 'productId', 'parkingId', 'startDate', 'periods', 'backdateReason'],
  required: ['productId', 'parkingId', 'plateNos', 'ownerName', 'startDate'],
  unique: [{ fields: ['cardNo'], msg: '卡号已存在' }],
  check(v, before) {
    const plateNos = cleanPlates(v.plateNos);
    let ownerPhone = v.ownerPhone;
    if (ownerPhone.includes('*')) {
      if (!before || maskPhone(before.ownerPhone) !== ownerPhone) throw badRequest('请输入完整的11位手机号');
      ownerPhone = String(before.ownerPhone);
    }
    return { ...v, plateNos, ownerPhone, cardNo: v.cardNo || newCardNo('YK') };
  },
  filters: {
    keyword: filter.keyword(['cardNo', 'ownerName']),
    plateNo: filter.contains('monthCard.plateNos', Type.String({ title: '车牌', maxLength: 12 }), plateQuery),
    status: filter.eq('monthCard.status', f.codes('状态', CARD_STATUS_LABEL)),
    parkingId: filter.eq('monthCard.parkingId', Type.String({ title: '停车场', maxLength: 64 })),
    productId: filter.eq('monthCard.productId', Type.String({ title: '月卡产品', maxLength: 64 })),
  },
  derived: {
    parkingName: derive.lookup('parking', 'parkingId', 'parkingName'),
    productName: derive.lookup('cardProduct', 'productId', 'productName'),
  },
  orderBy: [
    ['createTime', 'desc'],
    ['id', 'desc'],
  ],
  lot: { column: 'parkingId' },
  access: {
    list: { menus: ['monthCard'] },
    create: { buttons: ['monthCard:add'] },
    update: { buttons: ['monthCard:edit'] },
    delete: { buttons: ['monthCard:delete'] },
  },
  guards: {
    async save(tx, v, before) {
      if (!before) {
        assertStartNotPast(v);
        const p = await tx.kysely
          .selectFrom('cardProduct')
          .select(['periodKind', 'periodDays', 'maxPeriods', 'priceCents', 'enabledMark'])
          .select((eb) => eb(eb.val(v.parkingId), '=', eb.fn.any('parkingIds')).as('atLot'))
          .where('id', '=', v.productId)
          .executeTakeFirst();
        if (!p) throw badRequest('月卡产品不存在');
        if (Number(p.enabledMark) !== 1) throw badRequest('该月卡产品已停用');
        if (!p.atLot) throw badRequest('该月卡产品不适用于所选停车场');
        if (v.periods > Number(p.maxPeriods)) throw badRequest(`该产品单次最多购买${Number(p.maxPeriods)}个周期`);
        const endDate = periodEnd(
          v.startDate,
          { periodKind: Number(p.periodKind) as PeriodKind, periodDays: Number(p.periodDays) },
          v.periods,
        );
        await assertPlatesFree(tx, v.parkingId, v.plateNos);
        // what opening it costs is fixed now: a later change of the product's price is not charged
        return { ...v, endDate, amountCents: Number(p.priceCents) * v.periods };
      }
      await assertPlatesFree(tx, v.parkingId, v.plateNos, before.id);
    },
    async delete(_tx, row) {
      if (Number(row.status) !== CARD_STATUS.PENDING_PAY) throw badRequest('只能删除待支付的月卡；已支付的月卡请冻结或退款');
    },
  },
  toColumns: ({ ...v }, all) => ('endDate' in all ? { ...v, endDate: all.endDate, amountCents: all.amountCents } : v),
  effects: {
    create: auditBackdate('month'),
    update: auditEdit('month', ['plateNos', 'ownerName', 'ownerPhone', 'description']),
  },
  describe: (v) => `${v.cardNo} ${plateList(v.plateNos)}`,
  export: {
    button: 'monthCard:export',
    fileName: '月卡.xlsx',
    file: async (rows) => ({ body: await sheetWorkbook('月卡', SHEET, rows), type: XLSX_TYPE }),
  },
  toJson: ({ amountCents, ...r }: Row) => {
    const status = Number(r.status);
    return {
      ...r,
      // its own name: a renewal's quote answers `amountCents`, which a row's field would stand in for
      openingCents: Number(amountCents),
      ownerPhone: maskPhone(r.ownerPhone),
      startDate: cardDay(r.startDate),
      endDate: cardDay(r.endDate),
      statusLabel: CARD_STATUS_LABEL[status as keyof typeof CARD_STATUS_LABEL] ?? '',
      events: cardMachine.eventsFrom(status),
      actions: cardActions(status),
    };
  },
});
