import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import { notFound, ok } from '../lib/envelope.ts';
import { merchantLedgerPage, topUpMerchant } from '../coupons/merchant-balance.ts';
import { couponAudits } from '../coupons/store.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { idParams, registerResource } from '../resource/define.ts';
import { canSee, lotsOf, outOfScope } from '../resource/lot-scope.ts';
import { couponTemplates } from '../entities/coupon-templates.ts';
import { couponRecords } from '../entities/coupon-records.ts';
import { merchants } from '../entities/merchants.ts';
import { MAX_BATCH, addTemplateStock, issueCoupons, platesOf } from '../coupons/issue.ts';
import { voidCoupon } from '../coupons/lifecycle.ts';
import { COUPON_STATES, couponValueLabel } from '../../domain/coupon-codes.ts';
import { yuan } from '../../domain/money.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { operatorOf } from '../lib/operator.ts';

/**
 * 优惠券: templates (entities/coupon-templates.ts), the issued coupons' list (entities/coupon-records.ts),
 * issuing to one plate or a batch with a result per plate, voiding, and a coupon's audit trail.
 */

const ISSUE = Type.Object(
  {
    templateId: Type.String({ title: '优惠券模板', minLength: 1, maxLength: 64, 'x-msg': '请选择优惠券模板' }),
    plates: Type.String({
      title: '车牌号',
      minLength: 1,
      maxLength: MAX_BATCH * 12,
      'x-msg': `请输入车牌号（每行一个，最多${MAX_BATCH}个）`,
      description: 'one plate, or many separated by new lines, commas or spaces',
    }),
  },
  { required: ['templateId', 'plates'] },
);

/** A top-up at most this large at once (1,000,000 yuan): a typo of extra zeros is refused. */
export const MAX_TOP_UP_CENTS = 100_000_000;

const TOP_UP = Type.Object(
  {
    amountCents: Type.Integer({
      title: '充值金额',
      minimum: 1,
      maximum: MAX_TOP_UP_CENTS,
      'x-msg': `充值金额必须是0.01到${MAX_TOP_UP_CENTS / 100}元`,
    }),
    note: Type.Optional(Type.String({ title: '备注', maxLength: 100, 'x-msg': '备注不能超过100个字符' })),
  },
  { required: ['amountCents'] },
);

const ADD_STOCK = Type.Object(
  { count: Type.Integer({ title: '补充数量', minimum: 1, maximum: 1_000_000, 'x-msg': '补充数量必须是1到1000000之间的整数' }) },
  { required: ['count'] },
);

const VOID = Type.Object(
  { reason: Type.String({ title: '作废原因', minLength: 1, maxLength: 200, 'x-msg': '作废原因不能为空，且不能超过200个字符' }) },
  { required: ['reason'] },
);

export function registerCouponRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  // the templates a user may issue from: enabled, in the caller's lots, with what is left
  app.get('/api/coupon/TemplateOptions', { config: { access: { buttons: ['couponRecord:add'] } } }, async (req) => {
    const lots = lotsOf(req);
    const rows = await couponTemplates.rows(db, { enabledMark: 1 }, lots).limit(500).execute();
    return ok({
      options: rows.map((t) => ({
        value: t.id,
        label: `${String(t.merchantName)} · ${String(t.templateName)}（${couponValueLabel(t.couponType as number, t.faceValue as number)}，库存${String(t.stock)}）`,
      })),
    });
  });

  app.post(
    '/api/coupon/Records',
    {
      schema: { body: ISSUE, summary: '发券：给一个或多个车牌发放优惠券，逐个返回结果' },
      config: { access: { buttons: ['couponRecord:add'] } },
    },
    async (req) => {
      const plates = platesOf(req.body.plates);
      const rows = await issueCoupons(db, req.body.templateId, plates, { operator: operatorOf(req, ''), lots: lotsOf(req) });
      const issued = rows.filter((r) => r.ok).length;
      if (issued)
        await writeOperLog(db, req, {
          action: 'create',
          module: 'couponRecord',
          recordId: req.body.templateId,
          detail: `发券${issued}张：${rows
            .filter((r) => r.ok)
            .slice(0, 20)
            .map((r) => `${r.plateNo} ${r.couponNo}`)
            .join('、')}${issued > 20 ? '…' : ''}`,
        });
      const msg =
        rows.length === 1
          ? rows[0].ok
            ? `发券成功，券号${rows[0].couponNo}`
            : rows[0].msg
          : `发券完成：成功${issued}张，失败${rows.length - issued}张`;
      return { code: rows.length === 1 && !rows[0].ok ? 400 : 200, msg, data: { rows, issued, refused: rows.length - issued } };
    },
  );

  app.post(
    '/api/coupon/Records/:id/Actions/Void',
    {
      schema: { params: idParams, body: VOID, summary: '作废一张已发放未使用的优惠券' },
      config: { access: { buttons: ['couponRecord:void'] } },
    },
    async (req) => {
      const state = await voidCoupon(db, req, req.params.id, req.body.reason);
      return ok({ state, stateLabel: COUPON_STATES[state] }, '优惠券已作废');
    },
  );

  app.get(
    '/api/coupon/Records/:id/Audits',
    { schema: { params: idParams, summary: '一张优惠券的变更记录' }, config: { access: { menus: ['couponRecord'] } } },
    async (req) => {
      const row = await couponRecords.find(db, req.params.id);
      if (!row) throw notFound();
      if (!(await canSee(db, req, couponRecords.spec.lot!, row))) throw outOfScope();
      const audits = await couponAudits(db, req.params.id);
      return ok({ items: audits.map((a) => ({ ...a, operateTime: a.operateTime.getTime() })) });
    },
  );

  // more stock, added to what is left (never written from a form that may have read it before an issue)
  app.post(
    '/api/coupon/Template/:id/Actions/AddStock',
    { schema: { params: idParams, body: ADD_STOCK, summary: '补充优惠券库存' }, config: { access: { buttons: ['couponTemplate:edit'] } } },
    async (req) => {
      const stock = await addTemplateStock(db, req, req.params.id, req.body.count);
      return ok({ stock }, `已补充库存，当前库存${stock}张`);
    },
  );

  // money paid in by the merchant: added to the balance as it is now, with its ledger row
  app.post(
    '/api/coupon/Merchant/:id/Actions/TopUp',
    { schema: { params: idParams, body: TOP_UP, summary: '商户预付充值' }, config: { access: { buttons: ['merchant:edit'] } } },
    async (req) => {
      const { amountCents, note = '' } = req.body;
      const balance = await topUpMerchant(db, req, req.params.id, amountCents, note);
      return ok({ balance }, `已充值${yuan(amountCents)}元，当前余额${yuan(balance)}元`);
    },
  );

  // the merchant's balance movements: coupons used (minus what each took off) and top-ups, newest first
  app.get(
    '/api/coupon/Merchant/:id/Ledger',
    {
      schema: {
        params: idParams,
        // paged like every list (currentPage from 1, pageSize), newest first
        querystring: Type.Object({
          currentPage: Type.Optional(
            Type.Integer({ title: '当前页码', minimum: 1, maximum: 1_000_000, default: 1, 'x-msg': '当前页码必须是正整数' }),
          ),
          pageSize: Type.Optional(
            Type.Integer({ title: '每页条数', minimum: 1, maximum: 1000, default: 10, 'x-msg': '每页条数必须是1到1000之间的整数' }),
          ),
        }),
        summary: '商户余额流水（分页）',
      },
      config: { access: { menus: ['merchant'] } },
    },
    async (req) => {
      const m = await merchants.find(db, req.params.id);
      if (!m) throw notFound();
      if (!(await canSee(db, req, merchants.spec.lot!, m))) throw outOfScope();
      const { currentPage = 1, pageSize = 10 } = req.query;
      const { rows, total } = await merchantLedgerPage(db, req.params.id, currentPage, pageSize);
      return ok({
        balance: Number(m.balance),
        // amis's own list words (items, total), as this answer has always named its rows
        total,
        items: rows.map((r) => ({
          ...r,
          amountCents: Number(r.amountCents),
          balanceAfter: Number(r.balanceAfter),
          createTime: r.createTime.getTime(),
        })),
      });
    },
  );

  registerResource(fastify, db, couponTemplates);
  registerResource(fastify, db, couponRecords);
}
