import Type from 'typebox';
import { defineResource, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { badRequest } from '../lib/envelope.ts';
import { PERIOD_KIND, RENEW_FROM, TIME_WINDOW } from '../../domain/card-codes.ts';

/** 月卡产品 (套餐, money-and-charging.md §7.1): period, price, time window, lots and renewal rules. */
export const cardProducts = defineResource({
  table: 'cardProduct',
  path: '/api/card/CardProduct',
  idPrefix: 'cp',
  module: 'cardProduct',
  fields: {
    productName: f.text('产品名称', 50),
    periodKind: f.codes('周期', PERIOD_KIND),
    periodDays: f.int('天数', { max: 3660, default: 0, msg: '天数必须是0到3660之间的整数' }),
    priceCents: f.cents('每周期价格'),
    timeWindow: f.codes('时段', TIME_WINDOW, { default: 1 }),
    parkingIds: f.ids('适用停车场'),
    renewLimitDays: f.int('过期后可续费天数', { max: 366, default: 7, msg: '过期后可续费天数必须是0到366之间的整数' }),
    renewFrom: f.codes('过期续费起算', RENEW_FROM, { default: 1 }),
    maxPeriods: f.int('单次最多购买周期', { min: 1, max: 36, default: 12, msg: '单次最多购买周期必须是1到36之间的整数' }),
    enabledMark: f.oneOf('启用状态', [0, 1], '启用状态只能是0（停用）或1（启用）', { default: 1 }),
    description: f.text('备注', 200, { default: '' }),
  },
  required: ['productName', 'periodKind', 'priceCents', 'parkingIds'],
  unique: [{ fields: ['productName'], msg: '产品名称已存在' }],
  check(v) {
    if (!v.parkingIds.length) throw badRequest('请选择适用停车场');
    if (v.periodKind === 4 && !(v.periodDays > 0)) throw badRequest('按天计的产品须填写天数');
    return v.periodKind === 4 ? v : { ...v, periodDays: 0 };
  },
  filters: {
    keyword: filter.keyword(['productName']),
    periodKind: filter.eq('periodKind', f.codes('周期', PERIOD_KIND)),
    enabledMark: filter.eq('enabledMark', f.int('启用状态', { max: 1, msg: '启用状态筛选值不正确' })),
    parkingId: filter.contains('parkingIds', Type.String({ title: '停车场', maxLength: 64 })),
  },
  orderBy: [
    ['createTime', 'desc'],
    ['id', 'asc'],
  ],
  lot: { column: 'parkingIds', many: true },
  access: {
    list: { menus: ['monthCardProduct', 'monthCard'] },
    create: { buttons: ['monthCardProduct:add'] },
    update: { buttons: ['monthCardProduct:edit'] },
    delete: { buttons: ['monthCardProduct:delete'] },
  },
  guards: {
    async delete(tx, row) {
      const { rows } = await tx.query('select 1 from month_card where product_id = $1 limit 1', [row.id]);
      if (rows.length) throw badRequest('该产品已办理月卡，不能删除，可改为停用');
    },
  },
  describe: (v) => `${v.productName}`,
  toJson: (r) => ({ ...r, priceCents: Number(r.priceCents) }),
});
