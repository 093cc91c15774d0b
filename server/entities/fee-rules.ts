import { sql } from 'kysely';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import { describeRule } from '../fees/preview.ts';
import { bodyOf, canonical } from '../fees/rule-body.ts';
import { ruleBodyFields } from '../fees/rule-schema.ts';
import type { FeeRuleBody } from '../fees/types.ts';
import { ruleProblem } from '../fees/validate.ts';
import { VEHICLE_TYPE } from '../../domain/fee-codes.ts';
import { type Row, type Write, defineResource, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';

const whoOf = (w: Write): string => w.req.auth?.realName || w.req.auth?.account || '';

/** Orders priced with this version, if the orders table exists (it arrives in a later migration). */
async function usedByOrders(tx: Db, ruleId: string, version?: number): Promise<boolean> {
  const { rows } = await tx.query<{ t: string | null }>(`select to_regclass('parking_order')::text as t`);
  if (!rows[0]?.t) return false;
  const used = await tx.query(`select 1 from parking_order where rule_id = $1 and ($2::int is null or rule_version = $2) limit 1`, [
    ruleId,
    version ?? null,
  ]);
  return used.rows.length > 0;
}

/**
 * Whether the current version of a rule is in use: bound to a lot (now or once), or priced an
 * order. Such a version never changes again; an edit writes the next version.
 */
export async function versionInUse(tx: Db, ruleId: string, version: number): Promise<boolean> {
  const { rows } = await tx.query<{ in_use: boolean; bound: boolean }>(
    `select v.in_use, exists (select 1 from fee_rule_binding b where b.rule_id = v.rule_id) as bound
       from fee_rule_version v where v.rule_id = $1 and v.version = $2`,
    [ruleId, version],
  );
  return Boolean(rows[0]?.in_use || rows[0]?.bound) || (await usedByOrders(tx, ruleId, version));
}

/**
 * 计费规则: a name, a vehicle type and a body of prices (server/fees/types.ts), versioned: the
 * record holds the current body and version, fee_rule_version every version ever saved.
 */
export const feeRules = defineResource({
  table: 'feeRule',
  path: '/api/fee/FeeRule',
  idPrefix: 'fr',
  module: 'feeRule',
  fields: {
    ruleName: f.text('规则名称', 50),
    vehicleType: f.codes('车型', VEHICLE_TYPE, { default: 1 }),
    enabledMark: f.oneOf('启用状态', [0, 1], '启用状态只能是0（停用）或1（启用）', { default: 1 }),
    description: f.text('备注', 200, { default: '' }),
  },
  inputs: ruleBodyFields,
  required: ['ruleName', 'windows'],
  unique: [{ fields: ['ruleName'], msg: '规则名称已存在' }],
  filters: {
    keyword: filter.keyword(['ruleName', 'description']),
    enabledMark: filter.eq('enabledMark', f.int('启用状态', { max: 1, msg: '启用状态筛选值不正确' })),
    vehicleType: filter.eq('vehicleType', f.int('车型', { max: 9, msg: '车型筛选值不正确' })),
    parkingId: {
      schema: Type.String({ title: '停车场', maxLength: 64 }),
      where: (_eb, id: string) =>
        sql<boolean>`exists (select 1 from fee_rule_binding b where b.rule_id = fee_rule.id and b.parking_id = ${id})`,
    },
  },
  derived: {
    bindingCount: () => sql`(select count(*)::int from fee_rule_binding b where b.rule_id = fee_rule.id)`,
    lotNames: () =>
      sql`array(select distinct p.parking_name from fee_rule_binding b join parking p on p.id = b.parking_id where b.rule_id = fee_rule.id order by p.parking_name)`,
  },
  orderBy: [
    ['createTime', 'desc'],
    ['id', 'asc'],
  ],
  access: {
    // the calculator and the lot form pick rules from this list
    list: { menus: ['feeRule', 'feeCalculator', 'parkingAdmin'] },
    get: { menus: ['feeRule', 'feeCalculator'] },
    create: { buttons: ['feeRule:add'] },
    update: { buttons: ['feeRule:edit'] },
    delete: { buttons: ['feeRule:delete'] },
  },
  statusField: 'enabledMark',
  describe: (v) => `${v.ruleName}`,
  check(values) {
    const problem = ruleProblem(bodyOf(values));
    if (problem) throw badRequest(problem);
  },
  toColumns: (v, all) => ({ ...v, body: JSON.stringify(bodyOf(all)) }),
  toJson: (r) => {
    const { body, ...rest } = r;
    const b = (typeof body === 'string' ? JSON.parse(body) : body) as FeeRuleBody;
    return { ...rest, ...b, preview: describeRule(b) };
  },
  guards: {
    async delete(tx, row) {
      const { rows } = await tx.query('select 1 from fee_rule_binding where rule_id = $1 limit 1', [row.id]);
      if (rows.length) throw badRequest('计费规则已绑定停车场，请先解除绑定再删除');
      if (await usedByOrders(tx, row.id)) throw badRequest('计费规则已有订单使用，不能删除，可停用');
    },
  },
  effects: {
    async create(w) {
      await w.tx.query('insert into fee_rule_version (rule_id, version, body, creator) values ($1, 1, $2, $3)', [
        w.id,
        JSON.stringify(bodyOf(w.values)),
        whoOf(w),
      ]);
      await w.tx.query('update fee_rule set modifier = $2 where id = $1', [w.id, whoOf(w)]);
    },
    async update(w) {
      const before = w.before as Row;
      // a column the resource keeps itself, not a field, so not typed by the schemas
      const version = before.version as number;
      const body = bodyOf(w.values);
      await w.tx.query('update fee_rule set modifier = $2 where id = $1', [w.id, whoOf(w)]);
      if (canonical(body) === canonical(before.body)) return;
      if (await versionInUse(w.tx, w.id, version)) {
        const bound = await w.tx.query('select 1 from fee_rule_binding where rule_id = $1 limit 1', [w.id]);
        await w.tx.query('insert into fee_rule_version (rule_id, version, body, creator, in_use) values ($1, $2, $3, $4, $5)', [
          w.id,
          version + 1,
          JSON.stringify(body),
          whoOf(w),
          bound.rows.length > 0,
        ]);
        await w.tx.query('update fee_rule set version = $2 where id = $1', [w.id, version + 1]);
      } else {
        await w.tx.query(
          'update fee_rule_version set body = $3, creator = $4, create_time = now(), effective_time = now() where rule_id = $1 and version = $2',
          [w.id, version, JSON.stringify(body), whoOf(w)],
        );
      }
    },
  },
});
