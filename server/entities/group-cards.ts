import Type from 'typebox';
import { type Row, defineResource, derive, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { badRequest } from '../lib/envelope.ts';
import { maskPhone } from '../../domain/field-rules.ts';
import { CARD_STATUS, CARD_STATUS_LABEL } from '../../domain/card-codes.ts';
import { assertPlatesFree, auditEdit, cardDay, cleanPlates, newCardNo } from '../cards/common.ts';
import { groupCardScanUrl, publicOrigin } from '../services/parking-qr.ts';
import { assertStartNotPast, auditBackdate, backdateInput } from '../cards/backdate.ts';
import { cardMachine } from '../cards/state-machine.ts';
import { plateQuery } from './parking-orders.ts';
import { cardActions } from './row-actions.ts';

/**
 * 团体卡 (§7.4): a company's N slots in one lot shared by many plates. The first N plates in the lot
 * hold a slot, the next wait and pay as temporary until a slot frees (cards/group-slots.ts). The
 * contact's phone is answered masked (3+4). Paying, freezing and the slot board are routes/cards.ts.
 */

const PHONE_OR_MASKED = '^(1[3-9]\\d{9}|\\d{3}\\*{4}\\d{4})?$';

export const groupCards = defineResource({
  table: 'groupCard',
  path: '/api/card/GroupCard',
  idPrefix: 'gc',
  module: 'groupCard',
  fields: {
    cardNo: f.text('卡号', 32, { default: '' }),
    companyName: f.text('单位名称', 60),
    contactName: f.text('联系人', 30, { default: '' }),
    contactPhone: Type.String({ title: '联系电话', pattern: PHONE_OR_MASKED, default: '', 'x-msg': '请输入正确的11位手机号' }),
    parkingId: Type.String({ title: '停车场', maxLength: 64 }),
    slots: f.int('车位数', { min: 1, max: 1000, msg: '车位数必须是1到1000之间的整数' }),
    plateNos: Type.Array(Type.String({ maxLength: 12 }), { title: '车牌', minItems: 1, maxItems: 200, 'x-msg': '车牌至少1个，最多200个' }),
    priceCents: f.cents('费用', { default: 0 }),
    startDate: Type.String({ title: '开始日期', format: 'date', 'x-msg': '开始日期格式不正确，应为YYYY-MM-DD' }),
    endDate: Type.String({ title: '结束日期', format: 'date', 'x-msg': '结束日期格式不正确，应为YYYY-MM-DD' }),
    description: f.text('备注', 200, { default: '' }),
  },
  inputs: backdateInput,
  createOnly: ['cardNo', 'parkingId', 'backdateReason'],
  required: ['companyName', 'parkingId', 'slots', 'plateNos', 'startDate', 'endDate'],
  unique: [{ fields: ['cardNo'], msg: '卡号已存在' }],
  check(v, before) {
    if (cardDay(v.endDate) < cardDay(v.startDate)) throw badRequest('结束日期不能早于开始日期');
    let contactPhone = v.contactPhone;
    if (contactPhone.includes('*')) {
      if (!before || maskPhone(before.contactPhone) !== contactPhone) throw badRequest('请输入完整的11位手机号');
      contactPhone = before.contactPhone as string;
    }
    return { ...v, plateNos: cleanPlates(v.plateNos), contactPhone, cardNo: v.cardNo || newCardNo('TT') };
  },
  filters: {
    keyword: filter.keyword(['cardNo', 'companyName', 'contactName']),
    plateNo: filter.contains('groupCard.plateNos', Type.String({ title: '车牌', maxLength: 12 }), plateQuery),
    status: filter.eq('groupCard.status', f.codes('状态', CARD_STATUS_LABEL)),
    parkingId: filter.eq('groupCard.parkingId', Type.String({ title: '停车场', maxLength: 64 })),
  },
  derived: {
    parkingName: derive.lookup('parking', 'parkingId', 'parkingName'),
    // plates now holding a slot / waiting as temporary
    heldSlots: (eb, self) =>
      eb
        .selectFrom('groupCardSlot as s')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('s.groupCardId', '=', `${self}.id`)
        .where('s.leftTime', 'is', null)
        .where('s.holdFrom', 'is not', null)
        .$asScalar(),
    waiting: (eb, self) =>
      eb
        .selectFrom('groupCardSlot as s')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('s.groupCardId', '=', `${self}.id`)
        .where('s.leftTime', 'is', null)
        .where('s.holdFrom', 'is', null)
        .$asScalar(),
  },
  orderBy: [
    ['createTime', 'desc'],
    ['id', 'desc'],
  ],
  lot: { column: 'parkingId' },
  access: {
    list: { menus: ['groupCard'] },
    create: { buttons: ['groupCard:add'] },
    update: { buttons: ['groupCard:edit'] },
    delete: { buttons: ['groupCard:delete'] },
  },
  guards: {
    async save(tx, v, before) {
      // what was paid for is fixed once paid: a longer period or another price would be money nobody took
      if (before && Number(before.status) !== CARD_STATUS.PENDING_PAY) {
        const paidFor = { startDate: cardDay(before.startDate), endDate: cardDay(before.endDate), priceCents: Number(before.priceCents) };
        if (v.startDate !== paidFor.startDate || v.endDate !== paidFor.endDate || Number(v.priceCents) !== paidFor.priceCents)
          throw badRequest('团体卡已支付，有效期和费用不能再修改；续期请新开一张团体卡并支付');
      }
      assertStartNotPast(v, before);
      await assertPlatesFree(tx, v.parkingId, v.plateNos, before?.id);
    },
    async delete(_tx, row) {
      if (Number(row.status) !== CARD_STATUS.PENDING_PAY) throw badRequest('只能删除待支付的团体卡；已支付的团体卡请冻结');
    },
  },
  effects: {
    create: auditBackdate('group'),
    update: auditEdit('group', [
      'companyName',
      'contactName',
      'contactPhone',
      'slots',
      'plateNos',
      'priceCents',
      'startDate',
      'endDate',
      'description',
    ]),
  },
  describe: (v) => `${v.cardNo} ${v.companyName}`,
  toJson: (r: Row, req) => {
    const status = Number(r.status);
    return {
      ...r,
      // the card's QR (团体卡 › 二维码): its details page for the company's drivers
      scanUrl: req ? groupCardScanUrl(publicOrigin(req), String(r.cardNo)) : '',
      priceCents: Number(r.priceCents),
      contactPhone: maskPhone(r.contactPhone),
      startDate: cardDay(r.startDate),
      endDate: cardDay(r.endDate),
      heldSlots: Number(r.heldSlots ?? 0),
      waiting: Number(r.waiting ?? 0),
      statusLabel: CARD_STATUS_LABEL[status as keyof typeof CARD_STATUS_LABEL] ?? '',
      events: cardMachine.eventsFrom(status),
      actions: cardActions(status),
    };
  },
});
