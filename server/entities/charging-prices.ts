import Type from 'typebox';
import { type StoredTemplate, TIERS, templateOf, templateProblem } from '../charging/price-slots.ts';
import { badRequest } from '../lib/envelope.ts';
import { type AnyDb, defineResource, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { lotsOf, outOfScope, scopeCondition } from '../resource/lot-scope.ts';
import { chargingPiles } from './charging-piles.ts';

/**
 * 电价模板: time-of-use templates (notes §9.2). Every change of prices or slots archives the old
 * version (历史计费策略) and bumps the version; piles take a version only through a price task,
 * and orders bill from the snapshot they started with, so an edit never re-prices history.
 * Templates are not a lot's (one serves stations of several lots): everyone sees them, but a
 * lot-restricted user changes only those whose piles are all theirs, as new sessions price from it.
 */

const PRICE_MSG = '电价须是0到100元之间的整数（单位0.00001元/kWh）';
const price = (title: string) => Type.Integer({ title, minimum: 0, maximum: 10_000_000, 'x-msg': PRICE_MSG });
const period = Type.Object({
  start: Type.String({ title: '开始时间', maxLength: 5 }),
  end: Type.String({ title: '结束时间', maxLength: 5 }),
  tier: f.oneOf('费率', TIERS, '费率只能是1（尖）、2（峰）、3（平）或4（谷）'),
});
const periods = (title: string) => Type.Array(period, { title, maxItems: 48, 'x-msg': `${title}格式不正确` });

const PRICED = ['tiers', 'periods', 'seasons'] as const;

export const chargingPrices = defineResource({
  table: 'chargingPrice',
  path: '/api/charging/Price',
  idPrefix: 'cpr',
  module: 'chargingPrice',
  fields: {
    priceName: f.text('模板名称', 50),
    tiers: Type.Array(
      Type.Object({
        tier: f.oneOf('费率', TIERS, '费率只能是1（尖）、2（峰）、3（平）或4（谷）'),
        elec: price('电费单价'),
        service: price('服务费单价'),
      }),
      { title: '费率电价', minItems: 1, maxItems: 4, 'x-msg': '费率电价须为1到4个费率（尖、峰、平、谷）' },
    ),
    periods: periods('计费时段'),
    seasons: Type.Array(
      Type.Object({
        name: f.text('季节名称', 20),
        months: Type.Array(Type.Integer({ minimum: 1, maximum: 12 }), { title: '月份', maxItems: 12, 'x-msg': '月份须为1到12' }),
        periods: periods('季节时段'),
      }),
      { title: '季节方案', default: [], maxItems: 4, 'x-msg': '季节方案格式不正确' },
    ),
    enabledMark: f.oneOf('启用状态', [0, 1], '启用状态只能是0（停用）或1（启用）', { default: 1 }),
    description: f.text('备注', 200, { default: '' }),
  },
  required: ['priceName', 'tiers', 'periods'],
  unique: [{ fields: ['priceName'], msg: '模板名称已存在' }],
  filters: {
    keyword: filter.keyword(['priceName']),
    enabledMark: filter.eq('enabledMark', f.int('启用状态', { max: 1, msg: '启用状态筛选值不正确' })),
  },
  derived: {
    pileCount: (eb, self) =>
      eb
        .selectFrom('chargingPile')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('chargingPile.priceId', '=', `${self}.id`)
        .$asScalar(),
  },
  orderBy: [
    ['createTime', 'asc'],
    ['id', 'asc'],
  ],
  access: {
    list: { menus: ['chargingPrice', 'chargingPile'] },
    create: { buttons: ['chargingPrice:add'] },
    update: { buttons: ['chargingPrice:edit'] },
    delete: { buttons: ['chargingPrice:delete'] },
  },
  statusField: 'enabledMark',
  describe: (v) => `${v.priceName}`,
  check(v) {
    const tiers = v.tiers;
    if (new Set(tiers.map((t) => t.tier)).size !== tiers.length) throw badRequest('同一费率只能设置一次电价');
    const problem = templateProblem(templateOf(v as unknown as StoredTemplate));
    if (problem) throw badRequest(problem);
  },
  toJson: (r) => ({ ...r, pileCount: Number(r.pileCount ?? 0) }),
  toColumns: (v) =>
    Object.fromEntries(Object.entries(v).map(([k, x]) => [k, (PRICED as readonly string[]).includes(k) ? JSON.stringify(x) : x])),
  guards: {
    async delete(tx, row) {
      const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from charging_pile where price_id = $1', [row.id]);
      if (rows[0].n > 0) throw badRequest(`该模板正被${rows[0].n}个充电桩使用，不能删除`);
    },
  },
  effects: {
    async update({ tx, req, id, values, before }) {
      const lots = lotsOf(req);
      if (lots) {
        const theirs = await (tx.kysely as AnyDb)
          .selectFrom('chargingPile')
          .select('id')
          .where('priceId', '=', id)
          .where((eb) => eb.not(scopeCondition('chargingPile', chargingPiles.spec.lot!, lots, true)(eb)))
          .limit(1)
          .execute();
        if (theirs.length) throw outOfScope();
      }
      if (PRICED.every((k) => JSON.stringify(values[k]) === JSON.stringify(before![k]))) return;
      const snapshot = Object.fromEntries(['priceName', ...PRICED].map((k) => [k, before![k]]));
      await tx.query(`insert into charging_price_version (price_id, version, snapshot, archived_by) values ($1, $2, $3, $4)`, [
        id,
        before!.version,
        JSON.stringify(snapshot),
        req.auth?.account ?? '',
      ]);
      await tx.query('update charging_price set version = version + 1 where id = $1', [id]);
    },
  },
});
