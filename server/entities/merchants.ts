import Type from 'typebox';
import { defineResource, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';

/**
 * 商户: shops that issue coupons (优惠券) from a prepaid balance, valid at the lots they serve. The
 * balance is never a form's field: it moves only by a top-up or a coupon used, each with its ledger
 * row (routes/coupons.ts), so an edit that read it earlier cannot write an old balance back.
 */
export const merchants = defineResource({
  table: 'merchant',
  path: '/api/coupon/Merchant',
  idPrefix: 'm',
  module: 'merchant',
  fields: {
    merchantName: f.text('商户名称', 50),
    contactName: f.text('联系人', 20, { default: '' }),
    contactPhone: f.phone('联系电话'),
    parkingIds: f.ids('适用停车场'),
    enabledMark: f.oneOf('启用状态', [0, 1], '启用状态只能是0（停用）或1（启用）', { default: 1 }),
    description: f.text('备注', 200, { default: '' }),
  },
  required: ['merchantName'],
  unique: [{ fields: ['merchantName'], msg: '商户名称已存在' }],
  filters: {
    keyword: filter.keyword(['merchantName', 'contactName', 'contactPhone']),
    enabledMark: filter.eq('enabledMark', f.int('启用状态', { max: 1, msg: '启用状态筛选值不正确' })),
    parkingId: filter.contains('parkingIds', Type.String({ title: '停车场', maxLength: 64 })),
  },
  orderBy: [
    ['createTime', 'desc'],
    ['id', 'asc'],
  ],
  lot: { column: 'parkingIds', many: true },
  access: {
    list: { menus: ['merchant', 'couponTemplate', 'couponRecord'] },
    create: { buttons: ['merchant:add'] },
    update: { buttons: ['merchant:edit'] },
    delete: { buttons: ['merchant:delete'] },
  },
  describe: (v) => `${v.merchantName}`,
  toJson: (r) => ({ ...r, balance: Number(r.balance) }),
});
