import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { feeRules } from '../entities/fee-rules.ts';
import { badRequest, ok } from '../lib/envelope.ts';
import { bindLots, copyRule, ruleBindings, ruleVersions, setRuleState, unbind } from '../fees/rule-actions.ts';
import { describeRule } from '../fees/preview.ts';
import { ruleBodySchema } from '../fees/rule-schema.ts';
import type { FeeRuleBody } from '../fees/types.ts';
import { ruleProblem } from '../fees/validate.ts';
import { idParams, registerResource } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { PLATE_COLOR_CODES } from '../services/parking-model.ts';
import { CAR_CLASSES } from '../../domain/parking-codes.ts';
import { registerFeeCalculator } from './fee-calculator.ts';

/** 计费规则 beyond CRUD: versions, copy, enable/disable, bindings to lots, the live preview; and the calculator. */
export function registerFeeRoutes(fastify: FastifyInstance, db: Db): void {
  registerResource(fastify, db, feeRules);
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const P = feeRules.spec.path;

  app.get(
    `${P}/:id/Versions`,
    { schema: { params: idParams }, config: { access: { menus: ['feeRule', 'feeCalculator'] } } },
    async (req) => {
      const list = await ruleVersions(db, req.params.id);
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
      const id = await copyRule(db, req, req.params.id, req.body.ruleName);
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
      await setRuleState(db, req, req.params.id, enabledMark);
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
      const list = await ruleBindings(db, req, req.query);
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
      const n = await bindLots(db, req, req.params.id, req.body);
      return ok({ count: n }, `已绑定${n}条`);
    },
  );

  app.delete(
    `/api/fee/FeeRuleBinding/:id`,
    { schema: { params: idParams }, config: { access: { buttons: ['feeRule:bind'] } } },
    async (req) => {
      await unbind(db, req, req.params.id);
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
