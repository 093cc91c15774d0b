import Type from 'typebox';
import { type Row, defineResource, derive, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { badRequest } from '../lib/envelope.ts';
import { COUPON_LIMITS } from '../fees/coupons.ts';
import { validityLabel } from '../coupons/validity.ts';
import { COUPON_STACKABLE, COUPON_TYPES, COUPON_TYPE_CODE, COUPON_VALID_MODE, couponValueLabel } from '../../domain/coupon-codes.ts';
import { dateColumn } from '../lib/date-column.ts';

/**
 * 优惠券模板: what a merchant gives (amount in cents, minutes, the whole stay, or a discount as the
 * payable ratio in per mille), where, for how long, how many, how many per plate, and whether it
 * stacks with other coupons (§6). Issued coupons keep the terms they were issued with.
 */

const T = COUPON_TYPE_CODE;

/** Why a template's value does not fit its type, or null. */
export function templateValueProblem(v: { couponType: number; faceValue: number; capCents: number }): string | null {
  switch (v.couponType) {
    case T.AMOUNT:
      return v.faceValue >= 1 && v.faceValue <= COUPON_LIMITS.cents ? null : `减免金额必须是0.01到${COUPON_LIMITS.cents / 100}元`;
    case T.MINUTES:
      if (v.faceValue < 1 || v.faceValue > COUPON_LIMITS.minutes) return `减免时长必须是1到${COUPON_LIMITS.minutes}分钟`;
      break;
    case T.DISCOUNT:
      if (v.faceValue < 1 || v.faceValue > 999) return '折扣的应付比例必须是1到999之间的整数（千分比，800即8折、减20 %）';
      break;
  }
  if (v.capCents <= 0) return '时长券、全免券和折扣券须填写单张最高抵扣金额（商户为每张券最多支付的金额）';
  return null;
}

export const couponTemplates = defineResource({
  table: 'couponTemplate',
  path: '/api/coupon/Template',
  idPrefix: 'ct',
  module: 'couponTemplate',
  fields: {
    templateName: f.text('模板名称', 50),
    merchantId: f.text('商户', 64),
    parkingIds: f.ids('适用停车场'),
    couponType: f.codes('优惠券类型', COUPON_TYPES),
    faceValue: f.int('面值', { max: COUPON_LIMITS.cents, default: 0 }),
    capCents: f.cents('单张最高抵扣', { default: 0, max: COUPON_LIMITS.cents }),
    validMode: f.codes('有效期', COUPON_VALID_MODE, { default: 2 }),
    validFrom: f.date('生效日期'),
    validTo: f.date('截止日期'),
    validDays: f.int('有效天数', { max: 3650, default: 7 }),
    stock: f.int('库存', { max: 1_000_000 }),
    perPlateLimit: f.int('每车限领', { min: 1, max: 100, default: 1 }),
    stackable: f.codes('叠加使用', COUPON_STACKABLE, { default: 1 }),
    enabledMark: f.oneOf('启用状态', [0, 1], '启用状态只能是0（停用）或1（启用）', { default: 1 }),
    description: f.text('备注', 200, { default: '' }),
  },
  required: ['templateName', 'merchantId', 'couponType', 'stock'],
  // issuing takes stock down under the row's lock; an edit never writes it back (补充库存 adds to it)
  createOnly: ['stock'],
  unique: [{ fields: ['merchantId', 'templateName'], msg: '该商户已有同名的优惠券模板' }],
  filters: {
    keyword: filter.keyword(['templateName']),
    merchantId: filter.eq('merchantId', Type.String({ title: '商户', maxLength: 64 })),
    couponType: filter.eq('couponType', f.codes('优惠券类型', COUPON_TYPES)),
    enabledMark: filter.eq('enabledMark', f.int('启用状态', { max: 1, msg: '启用状态筛选值不正确' })),
    parkingId: filter.contains('parkingIds', Type.String({ title: '停车场', maxLength: 64 })),
  },
  derived: { merchantName: derive.lookup('merchant', 'merchantId', 'merchantName', '') },
  orderBy: [
    ['createTime', 'desc'],
    ['id', 'asc'],
  ],
  lot: { column: 'parkingIds', many: true },
  access: {
    list: { menus: ['couponTemplate', 'couponRecord'] },
    create: { buttons: ['couponTemplate:add'] },
    update: { buttons: ['couponTemplate:edit'] },
    delete: { buttons: ['couponTemplate:delete'] },
  },
  statusField: 'enabledMark',
  describe: (v) => `${v.templateName}`,
  check(v) {
    const problem = templateValueProblem(v);
    if (problem) throw badRequest(problem);
    if (v.validMode === 1) {
      if (!v.validFrom || !v.validTo) throw badRequest('固定日期的优惠券须填写生效日期和截止日期');
      if (v.validFrom > v.validTo) throw badRequest('截止日期不能早于生效日期');
    } else if (v.validDays < 1) throw badRequest('有效天数必须是1到3650之间的整数');
    // an amount coupon takes at most its face value: its cap is that value
    return v.couponType === T.AMOUNT ? { ...v, capCents: v.faceValue } : undefined;
  },
  toColumns: (v) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, (k === 'validFrom' || k === 'validTo') && !x ? null : x])),
  guards: {
    async save(tx, v) {
      const { rows } = await tx.query<{ parking_ids: string[] }>('select parking_ids from merchant where id = $1', [v.merchantId]);
      if (!rows[0]) throw badRequest('商户不存在');
      // none chosen: every lot the merchant serves
      if (!v.parkingIds.length) {
        if (!rows[0].parking_ids.length) throw badRequest('该商户未设置服务的停车场，请先在商户管理中设置');
        return { ...v, parkingIds: rows[0].parking_ids };
      }
      const outside = v.parkingIds.filter((p) => !rows[0].parking_ids.includes(p));
      if (outside.length) throw badRequest('适用停车场只能是该商户服务的停车场（商户管理中设置）');
    },
    async delete(tx, row) {
      const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from coupon_record where template_id = $1', [row.id]);
      if (rows[0].n > 0) throw badRequest(`该模板已发券${rows[0].n}张，不能删除，可停用`);
    },
  },
  toJson: (r: Row) => {
    const terms = {
      validMode: Number(r.validMode),
      validFrom: dateColumn(r.validFrom),
      validTo: dateColumn(r.validTo),
      validDays: Number(r.validDays),
    };
    return {
      ...r,
      ...terms,
      capCents: Number(r.capCents),
      couponTypeLabel: COUPON_TYPES[r.couponType as number] ?? '',
      valueLabel: couponValueLabel(r.couponType as number, r.faceValue as number),
      validityLabel: validityLabel(terms),
    };
  },
});
