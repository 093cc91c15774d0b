import Type from 'typebox';
import { defineResource, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import { yuan } from '../../domain/money.ts';

/** What keeps a merchant from being deleted, in words ("尚有预付余额500.00元、优惠券模板1个"), or ''. */
export async function merchantHoldings(tx: Db, id: string): Promise<string> {
  const { rows } = await tx.query<{ balance: number; templates: number; coupons: number; movements: number }>(
    `select m.balance::bigint as balance,
            (select count(*) from coupon_template where merchant_id = m.id)::int as templates,
            (select count(*) from coupon_record where merchant_id = m.id)::int as coupons,
            (select count(*) from merchant_ledger where merchant_id = m.id)::int as movements
       from merchant m where m.id = $1`,
    [id],
  );
  const h = rows[0];
  if (!h) return '';
  const parts = [
    Number(h.balance) > 0 ? `尚有预付余额${yuan(Number(h.balance))}元` : '',
    h.templates ? `已有优惠券模板${h.templates}个` : '',
    h.coupons ? `已发放优惠券${h.coupons}张` : '',
    !Number(h.balance) && h.movements ? `已有资金流水${h.movements}条` : '',
  ].filter(Boolean);
  return parts.length ? parts.join('、') : '';
}

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
  guards: {
    // its money and what was issued against it are history: a merchant holding any is switched off, not deleted
    async delete(tx, row) {
      const held = await merchantHoldings(tx, String(row.id));
      if (held) throw badRequest(`商户“${String(row.merchantName)}”${held}，不能删除；不再合作请将其停用`);
    },
  },
  describe: (v) => `${v.merchantName}`,
  toJson: (r) => ({ ...r, balance: Number(r.balance) }),
});
