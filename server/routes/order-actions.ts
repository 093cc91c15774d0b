import type { FastifyInstance } from 'fastify';
import Type, { type TSchema } from 'typebox';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import type { Db } from '../db/database.ts';
import { ok } from '../lib/envelope.ts';
import { idParams } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { ACTION_BUTTON, ACTION_LABEL, type ActionInput, type OrderAction, runOrderAction } from '../orders/order-actions.ts';
import { STATE_LABEL } from '../../domain/parking-codes.ts';
import { REFUND_REASON } from '../../domain/refund-codes.ts';
import { applyRefund } from '../refunds/apply.ts';

/**
 * POST /api/order/ParkingOrder/:id/Actions/{Close,ChangeAmount,Waive,Arrears,Refund}: the audited
 * changes of an order, each behind its button (403 without it) and with a required reason.
 */

const reason = Type.String({ title: '原因', minLength: 1, maxLength: 200, 'x-msg': '原因不能为空，且不能超过200个字符' });

const BODIES = {
  close: Type.Object({ reason }, { required: ['reason'] }),
  changeAmount: Type.Object({ receivableCents: f.cents('调整后应收金额'), reason }, { required: ['receivableCents', 'reason'] }),
  waive: Type.Object({ reason }, { required: ['reason'] }),
  arrears: Type.Object({ reason }, { required: ['reason'] }),
  refund: Type.Object(
    {
      amountCents: Type.Integer({
        title: '退款金额',
        minimum: 1,
        maximum: Number.MAX_SAFE_INTEGER,
        'x-msg': '退款金额必须是大于0的整数（分）',
      }),
      paymentId: Type.String({ title: '支付记录', maxLength: 64 }),
      reasonCode: f.codes('退款原因', REFUND_REASON),
      reason,
    },
    { required: ['amountCents', 'reason'] },
  ),
} satisfies Record<OrderAction, TSchema>;

const PATHS: Record<OrderAction, string> = {
  close: 'Close',
  changeAmount: 'ChangeAmount',
  waive: 'Waive',
  arrears: 'Arrears',
  refund: 'Refund',
};

export function registerOrderActionRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const path = (action: OrderAction) => `/api/order/ParkingOrder/:id/Actions/${PATHS[action]}`;
  const options = <B extends TSchema>(action: OrderAction, body: B) => ({
    schema: { params: idParams, body, summary: `停车订单${ACTION_LABEL[action]}（原因必填，留审计记录）` },
    config: { access: { buttons: [ACTION_BUTTON[action]] } },
  });
  for (const action of Object.keys(PATHS) as OrderAction[]) {
    if (action === 'refund') {
      // not paid here: an APPLIED request that another user approves (退款审核); its fields are checked by applyRefund
      app.post(path(action), options(action, BODIES.refund), async (req) =>
        ok(await applyRefund(db, req, req.params.id, req.body), '退款申请已提交，待审核'),
      );
      continue;
    }
    app.post(path(action), options(action, BODIES[action]), async (req) => {
      const input: ActionInput = req.body;
      const state = await runOrderAction(db, req, req.params.id, action, input);
      return ok({ state, stateLabel: STATE_LABEL[state] }, `${ACTION_LABEL[action]}成功`);
    });
  }
}
