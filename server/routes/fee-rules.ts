import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { feeRules } from '../entities/fee-rules.ts';
import { badRequest, notFound, ok } from '../lib/envelope.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { describeRule } from '../fees/preview.ts';
import { bindRule, mirrorOnLot } from '../fees/lot-bindings.ts';
import { ruleBodySchema } from '../fees/rule-schema.ts';
import type { FeeRuleBody } from '../fees/types.ts';
import { ruleProblem } from '../fees/validate.ts';
import { idParams, registerResource } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { assertLots, lotsOf } from '../resource/lot-scope.ts';
import { PLATE_COLOR_CODES } from '../services/parking-model.ts';
import { CAR_CLASSES } from '../../domain/parking-codes.ts';
import { registerFeeCalculator } from './fee-calculator.ts';

/** 计费规则 beyond CRUD: versions, copy, enable/disable, bindings to lots, the live preview; and the calculator. */
export function registerFeeRoutes(fastify: FastifyInstance, db: Db): void {
  registerResource(fastify, db, feeRules);
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const P = feeRules.spec.path;
  const who = (req: { auth?: { realName?: string; account?: string } | null }) => req.auth?.realName || req.auth?.account || '';

  app.get(
    `${P}/:id/Versions`,
    { schema: { params: idParams }, config: { access: { menus: ['feeRule', 'feeCalculator'] } } },
    async (req) => {
      const { rows } = await db.query<{
        version: number;
        body: FeeRuleBody;
        in_use: boolean;
        effective_time: Date;
        creator: string;
        create_time: Date;
      }>(
        'select version, body, in_use, effective_time, creator, create_time from fee_rule_version where rule_id = $1 order by version desc',
        [req.params.id],
      );
      if (!rows.length) throw notFound();
      const list = rows.map((r) => ({
        version: r.version,
        inUse: r.in_use,
        effectiveTime: new Date(r.effective_time).getTime(),
        creator: r.creator,
        createTime: new Date(r.create_time).getTime(),
        preview: describeRule(r.body),
        body: r.body,
      }));
      return ok({ list, pagination: { currentPage: 1, pageSize: list.length, total: list.length } });
    },
  );

  app.post(
    `${P}/:id/Actions/Copy`,
    {
      schema: { params: idParams, body: Type.Object({ ruleName: Type.Optional(f.text('新规则名称', 50)) }) },
      config: { access: { buttons: ['feeRule:copy'] } },
    },
    async (req) => {
      const id = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ rule_name: string; vehicle_type: number; body: FeeRuleBody; description: string }>(
          'select rule_name, vehicle_type, body, description from fee_rule where id = $1',
          [req.params.id],
        );
        const src = rows[0];
        if (!src) throw notFound();
        const name = req.body.ruleName || `${src.rule_name}（复制）`.slice(0, 50);
        const taken = await tx.query('select 1 from fee_rule where rule_name = $1', [name]);
        if (taken.rows.length) throw badRequest('规则名称已存在');
        const id = newId('fr');
        await tx.query(
          `insert into fee_rule (id, rule_name, vehicle_type, body, enabled_mark, description, modifier) values ($1, $2, $3, $4, 0, $5, $6)`,
          [id, name, src.vehicle_type, JSON.stringify(src.body), src.description, who(req)],
        );
        await tx.query('insert into fee_rule_version (rule_id, version, body, creator) values ($1, 1, $2, $3)', [
          id,
          JSON.stringify(src.body),
          who(req),
        ]);
        await writeOperLog(tx, req, { action: 'create', module: 'feeRule', recordId: id, detail: `${name}（复制自${src.rule_name}）` });
        return id;
      });
      return ok({ id }, '复制成功，新规则为停用状态');
    },
  );

  app.put(
    `${P}/:id/Actions/State`,
    {
      schema: { params: idParams, body: Type.Object({ enabledMark: feeRules.spec.fields.enabledMark }, { required: ['enabledMark'] }) },
      config: { access: { buttons: ['feeRule:edit'] } },
    },
    async (req) => {
      const { enabledMark } = req.body;
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ rule_name: string }>(
          'update fee_rule set enabled_mark = $2, modifier = $3, last_modify_time = now() where id = $1 returning rule_name',
          [req.params.id, enabledMark, who(req)],
        );
        if (!rows[0]) throw notFound();
        await writeOperLog(tx, req, {
          action: 'status',
          module: 'feeRule',
          recordId: req.params.id,
          detail: `${rows[0].rule_name} ${enabledMark ? '启用' : '停用'}`,
        });
      });
      return ok(null, enabledMark ? '已启用' : '已停用');
    },
  );

  app.get(
    `/api/fee/FeeRuleBinding`,
    {
      schema: {
        querystring: Type.Object({
          ruleId: Type.Optional(Type.String({ title: '计费规则', maxLength: 64 })),
          parkingId: Type.Optional(Type.String({ title: '停车场', maxLength: 64 })),
        }),
      },
      config: { access: { menus: ['feeRule', 'parkingAdmin', 'feeCalculator'] } },
    },
    async (req) => {
      const q = req.query;
      const lots = lotsOf(req);
      const { rows } = await db.query(
        `select b.id, b.parking_id as "parkingId", p.parking_name as "parkingName", b.plate_color as "plateColor", b.car_class as "carClass",
                b.rule_id as "ruleId", r.rule_name as "ruleName", r.version, (extract(epoch from b.create_time) * 1000)::bigint as "createTime"
           from fee_rule_binding b join parking p on p.id = b.parking_id join fee_rule r on r.id = b.rule_id
          where ($1::text is null or b.rule_id = $1) and ($2::text is null or b.parking_id = $2) and ($3::text[] is null or b.parking_id = any($3))
          order by p.sort_code, p.parking_name, b.plate_color nulls first, b.car_class nulls first`,
        [q.ruleId ?? null, q.parkingId ?? null, lots],
      );
      const list = rows.map((r) => ({ ...r, createTime: Number(r.createTime) }));
      return ok({ list, pagination: { currentPage: 1, pageSize: list.length, total: list.length } });
    },
  );

  const bindBody = Type.Object(
    {
      parkingIds: Type.Array(Type.String({ maxLength: 64 }), {
        title: '停车场',
        minItems: 1,
        maxItems: 500,
        'x-msg': '请选择要绑定的停车场',
      }),
      plateColors: Type.Array(f.oneOf('车牌颜色', PLATE_COLOR_CODES, '车牌颜色只能是1到5'), {
        title: '车牌颜色',
        default: [],
        maxItems: 5,
        'x-msg': '车牌颜色只能是1到5',
      }),
      carClasses: Type.Array(f.oneOf('车辆类别', CAR_CLASSES, '车辆类别只能是1到6'), {
        title: '车辆类别',
        default: [],
        maxItems: 6,
        'x-msg': '车辆类别只能是1到6',
      }),
    },
    { required: ['parkingIds'] },
  );
  app.post(
    `${P}/:id/Bindings`,
    { schema: { params: idParams, body: bindBody }, config: { access: { buttons: ['feeRule:bind'] } } },
    async (req) => {
      const b = req.body;
      for (const lot of b.parkingIds) assertLots(req, lot);
      const colours = b.plateColors.length ? [...new Set(b.plateColors)] : [null];
      const classes = b.carClasses.length ? [...new Set(b.carClasses)] : [null];
      const n = await db.transaction(async (tx) => {
        const rule = await tx.query<{ rule_name: string; enabled_mark: number }>(
          'select rule_name, enabled_mark from fee_rule where id = $1',
          [req.params.id],
        );
        if (!rule.rows[0]) throw notFound();
        const lots = [...new Set(b.parkingIds)];
        const found = await tx.query<{ id: string }>('select id from parking where id = any($1)', [lots]);
        const missing = lots.filter((x) => !found.rows.some((r) => r.id === x));
        if (missing.length) throw badRequest(`停车场不存在：${missing.join(',')}`);
        const keys = lots.flatMap((parkingId) =>
          colours.flatMap((plateColor) => classes.map((carClass) => ({ parkingId, plateColor, carClass }))),
        );
        await bindRule(tx, req.params.id, keys);
        await writeOperLog(tx, req, {
          action: 'update',
          module: 'feeRule',
          recordId: req.params.id,
          detail: `${rule.rows[0].rule_name} 绑定${lots.length}个停车场（${keys.length}条）`,
        });
        return keys.length;
      });
      return ok({ count: n }, `已绑定${n}条`);
    },
  );

  app.delete(
    `/api/fee/FeeRuleBinding/:id`,
    { schema: { params: idParams }, config: { access: { buttons: ['feeRule:bind'] } } },
    async (req) => {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ parking_id: string; rule_id: string }>(
          'select parking_id, rule_id from fee_rule_binding where id = $1',
          [req.params.id],
        );
        if (!rows[0]) throw notFound();
        assertLots(req, rows[0].parking_id);
        await tx.query('delete from fee_rule_binding where id = $1', [req.params.id]);
        await mirrorOnLot(tx, rows[0].parking_id);
        await writeOperLog(tx, req, {
          action: 'update',
          module: 'feeRule',
          recordId: rows[0].rule_id,
          detail: `解除绑定 ${rows[0].parking_id}`,
        });
      });
      return ok(null, '已解除绑定');
    },
  );

  // the form's live preview: the sentence, or what is wrong so far
  app.post(
    `${P}/Actions/Preview`,
    { schema: { body: ruleBodySchema }, config: { access: { menus: ['feeRule', 'feeCalculator'] } } },
    async (req) => {
      const body: FeeRuleBody = req.body;
      const problem = ruleProblem(body);
      if (problem) throw badRequest(problem);
      return ok({ preview: describeRule(body) });
    },
  );

  registerFeeCalculator(app, db);
}
