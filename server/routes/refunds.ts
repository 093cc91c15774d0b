import { applyCardRefund } from '../refunds/apply-card.ts';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import { notFound, ok } from '../lib/envelope.ts';
import { idParams, registerResource } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { assertLots, lotsOf } from '../resource/lot-scope.ts';
import { refunds } from '../entities/refunds.ts';
import { plateQuery } from '../entities/parking-orders.ts';
import { REFUND_REASON, REFUND_STATUS } from '../../domain/refund-codes.ts';
import { STATE_LABEL, type OrderState } from '../../domain/parking-codes.ts';
import { yuan } from '../../domain/money.ts';
import { type ApplyInput, applyRefund, orderToRefund, ordersToRefund, paymentAnswer, paymentsOf } from '../refunds/apply.ts';
import { REFUND_ACTION_BUTTON, type RefundAction, runRefundAction } from '../refunds/transitions.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { UNAPPLIED_REFUND_BUTTON, listUnapplied, refundUnapplied } from '../public/unapplied.ts';

/**
 * 退款管理: the list (entities/refunds.ts), applying from 退款申请 (find the order by number or plate,
 * its payments with what each can still give back), and the audit desk's actions, each behind its
 * button. Applying from the order's details is routes/order-actions.ts; both reach refunds/apply.ts.
 */

const words = (title: string, required: boolean) =>
  Type.String({
    title,
    maxLength: 200,
    ...(required ? { minLength: 1 } : {}),
    'x-msg': required ? `${title}不能为空，且不能超过200个字符` : `${title}不能超过200个字符`,
  });
const amountCents = Type.Integer({
  title: '退款金额',
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
  'x-msg': '退款金额必须是大于0的整数（分）',
});

const APPLY = Type.Object(
  {
    orderId: Type.String({ title: '订单', minLength: 1, maxLength: 64, 'x-msg': '请选择订单' }),
    paymentId: Type.String({ title: '支付记录', minLength: 1, maxLength: 64, 'x-msg': '请选择支付记录' }),
    amountCents,
    reasonCode: f.codes('退款原因', REFUND_REASON),
    reason: words('退款说明', false),
  },
  { required: ['orderId', 'paymentId', 'amountCents', 'reasonCode'] },
);

const CARD_APPLY = Type.Object(
  {
    cardPaymentId: Type.String({ title: '缴费记录', minLength: 1, maxLength: 64, 'x-msg': '请选择缴费记录' }),
    amountCents,
    reasonCode: f.codes('退款原因', REFUND_REASON),
    reason: words('退款说明', false),
  },
  { required: ['cardPaymentId', 'amountCents', 'reasonCode'] },
);

const PATHS: Record<RefundAction, string> = { approve: 'Approve', reject: 'Reject', retry: 'Retry', close: 'Close' };
const ACTION_DONE: Record<RefundAction, string> = { approve: '已通过', reject: '已驳回', retry: '已重新提交渠道', close: '已关闭' };
/** The words each action takes: a rejection and a closing say why; approving and retrying may. */
const BODY = {
  approve: Type.Object({ reason: words('审核意见', false) }, { required: [] }),
  reject: Type.Object({ reason: words('驳回原因', true) }, { required: ['reason'] }),
  retry: Type.Object({ reason: words('重试说明', false) }, { required: [] }),
  close: Type.Object({ reason: words('关闭原因', true) }, { required: ['reason'] }),
} satisfies Record<RefundAction, unknown>;
const APPLY_ACCESS = { buttons: ['refund:add', 'order:refund'] };

export function registerRefundRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  // the orders an applicant may pick: by order number, or by plate (its latest paid stays)
  app.get(
    '/api/refund/Orders',
    {
      schema: {
        querystring: Type.Object({ keyword: Type.String({ title: '订单号或车牌', maxLength: 32 }) }),
        summary: '可退款的订单（按订单号或车牌）',
      },
      config: { access: APPLY_ACCESS },
    },
    async (req) => {
      const q = plateQuery(req.query.keyword ?? '');
      if (q.length < 2) return ok({ options: [] });
      const rows = await ordersToRefund(db, q, lotsOf(req));
      return ok({
        options: rows.map((o) => ({
          value: o.id,
          label: `${o.orderNo} ${o.plateNo} ${o.parkingName} 实收${yuan(Number(o.paidCents))}元 ${STATE_LABEL[o.state as OrderState] ?? ''}`,
        })),
      });
    },
  );

  app.get(
    '/api/refund/Orders/:id/Payments',
    { schema: { params: idParams, summary: '订单的支付记录及每笔可退金额' }, config: { access: APPLY_ACCESS } },
    async (req) => {
      const order = await orderToRefund(db, req.params.id);
      if (!order) throw notFound();
      assertLots(req, order.parkingId);
      const payments = (await paymentsOf(db, order.id)).map((p) => paymentAnswer(p));
      return ok({
        ...order,
        paidCents: Number(order.paidCents),
        refundedCents: Number(order.refundedCents),
        payments,
        options: payments.map((p) => ({
          value: p.id,
          label: p.refusal ? `${p.label}（${p.refusal}）` : p.label,
          disabled: Boolean(p.refusal),
        })),
      });
    },
  );

  app.post(
    '/api/refund/Refunds',
    { schema: { body: APPLY, summary: '申请退款（待另一用户审核）' }, config: { access: { buttons: ['refund:add'] } } },
    async (req) => {
      const { orderId, paymentId, ...input } = req.body;
      return ok(
        await applyRefund(db, req, orderId, { ...(input as ApplyInput), paymentId: paymentId || undefined }),
        '退款申请已提交，待审核',
      );
    },
  );

  app.post(
    '/api/refund/CardRefunds',
    {
      schema: { body: CARD_APPLY, summary: '卡费退款申请（月卡、团体卡的一笔缴费；待另一用户审核）' },
      config: { access: { buttons: ['refund:add'] } },
    },
    async (req) => {
      const { cardPaymentId, ...input } = req.body;
      return ok(await applyCardRefund(db, req, cardPaymentId, input), '退款申请已提交，待审核');
    },
  );

  for (const action of Object.keys(PATHS) as RefundAction[]) {
    app.post(
      `/api/refund/Refunds/:id/Actions/${PATHS[action]}`,
      {
        schema: { params: idParams, body: BODY[action], summary: `退款审核：${ACTION_DONE[action]}` },
        config: { access: { buttons: [REFUND_ACTION_BUTTON[action]] } },
      },
      async (req) => {
        const status = await runRefundAction(db, req, req.params.id, action, req.body.reason ?? '');
        return ok({ status, statusLabel: REFUND_STATUS[status] }, `退款申请${ACTION_DONE[action]}`);
      },
    );
  }

  // 未入账支付: a driver's payment applied to nothing (public/unapplied.ts), given back once
  app.get(
    '/api/refund/Unapplied',
    {
      schema: {
        querystring: Type.Object({
          refundState: Type.Optional(
            Type.Integer({ title: '退回状态', minimum: 0, maximum: 1, 'x-msg': '退回状态只能是0（待退回）或1（已退回）' }),
          ),
          parkingId: Type.Optional(Type.String({ title: '停车场', maxLength: 64 })),
          page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 100_000 })),
          perPage: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 100 })),
        }),
        summary: '未入账支付：车主已付款但未能入账的款项（待退回、已退回）',
      },
      config: { access: { menus: ['refundAudit'] } },
    },
    async (req) => ok(await listUnapplied(db, req, req.query)),
  );

  app.post(
    '/api/refund/Unapplied/:outTradeNo/Actions/Refund',
    {
      schema: {
        params: Type.Object({ outTradeNo: Type.String({ title: '支付单号', pattern: '^PP[0-9A-Z]{8,40}$', 'x-msg': '支付单号不正确' }) }),
        body: Type.Object({ reason: words('退回原因', true) }, { required: ['reason'] }),
        summary: '退回未入账支付（原路退回车主，只退一次）',
      },
      config: { access: { buttons: [UNAPPLIED_REFUND_BUTTON] } },
    },
    async (req) => ok(await refundUnapplied(db, req, req.params.outTradeNo, req.body.reason), '已原路退回车主'),
  );

  registerResource(fastify, db, refunds);
}
