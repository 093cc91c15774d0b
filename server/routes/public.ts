import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import { ApiError, badRequest, ok } from '../lib/envelope.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { Limit, addressOf } from '../services/sign-in/limits.ts';
import type { SignInLimits } from '../services/sign-in/limit-policy.ts';
import { billOf, stayByToken } from '../public/bill.ts';
import { laneBill, leaveFree, laneOf, stayOnSpace } from '../public/barrier.ts';
import { enterUnplated } from '../public/unplated.ts';
import { PAY_EXPIRES_MS, closePayment, createPayment, paymentState, simulateWalletPay, takeNotify } from '../public/payments.ts';
import { groupCardInfo } from '../public/group-card.ts';
import { createRenewalPayment, renewalQuoteOfOrder } from '../public/card-renewal.ts';

/**
 * The routes of the drivers' pages (docs/public-api.md): no sign-in, each rate-limited per address,
 * each input checked, answering only what the page shows.
 */

const id = (title: string) => Type.String({ title, minLength: 1, maxLength: 64, 'x-msg': `${title}不正确` });
const token = Type.String({ title: '订单凭证', pattern: '^[0-9a-f]{32}$', 'x-msg': '订单凭证不正确' });
const tradeNo = Type.String({ title: '支付单号', pattern: '^PP[0-9A-Z]{8,40}$', 'x-msg': '支付单号不正确' });
const channel = Type.Union([Type.Literal(1), Type.Literal(2)], { title: '支付方式', 'x-msg': '支付方式只能是1（微信）或2（支付宝）' });

/** Per address: a page polls and a driver retries, a stranger walking tokens does not get far. */
const PUBLIC_RULE = { max: 120, windowMs: 60_000 };

export function registerPublicRoutes(fastify: FastifyInstance, db: Db, limits: SignInLimits): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const limit = new Limit(
    fastify,
    'public:addr',
    () => PUBLIC_RULE,
    addressOf,
    '请求过于频繁',
    () => limits.loopbackFactor,
  );
  const config = { access: 'public' as const };
  const limited = async (req: FastifyRequest, reply: FastifyReply) => limit.hit(req, reply);

  app.get(
    '/api/public/Scan/Lane',
    {
      schema: {
        querystring: Type.Object({ parkingId: id('停车场'), laneId: id('车道'), passport: Type.Optional(token) }),
        summary: '扫码出场：道闸前车辆的账单；无牌车凭入场凭证（公开）',
      },
      config,
      preHandler: limited,
    },
    async (req) => {
      const lane = await laneOf(db, req.query.parkingId, req.query.laneId);
      return ok(await laneBill(db, req, lane, Date.now(), req.query.passport));
    },
  );

  app.post(
    '/api/public/Scan/Enter',
    {
      schema: {
        body: Type.Object({ parkingId: id('停车场'), laneId: id('车道') }),
        summary: '无牌车扫码入场：开始停车并领取入场凭证（公开）',
      },
      config,
      preHandler: limited,
    },
    async (req) => {
      const lane = await laneOf(db, req.body.parkingId, req.body.laneId);
      if (!lane.entry) throw badRequest('这是出口车道的二维码，入场请扫描入口车道的二维码');
      const pass = await enterUnplated(db, lane.id, Date.now());
      return ok({ ...pass, lotName: lane.parkingName, laneName: lane.laneName }, '道闸已开启，请入场');
    },
  );

  app.get(
    '/api/public/Scan/Space',
    {
      schema: { querystring: Type.Object({ parkingId: id('停车场'), spaceId: id('泊位') }), summary: '扫泊位码：泊位上车辆的账单（公开）' },
      config,
      preHandler: limited,
    },
    async (req) => {
      const stay = await stayOnSpace(db, req.query.parkingId, req.query.spaceId);
      return ok(stay.order ? await billOf(db, req, stay.order, Date.now()) : stay.empty);
    },
  );

  app.get(
    '/api/public/Scan/Order',
    { schema: { querystring: Type.Object({ token }), summary: '扫码查看订单账单（公开）' }, config, preHandler: limited },
    async (req) => {
      const stay = await stayByToken(db, req.query.token);
      if (!stay) throw new ApiError(404, '订单不存在');
      return ok(await billOf(db, req, stay, Date.now()));
    },
  );

  app.post(
    '/api/public/Scan/Leave',
    { schema: { body: Type.Object({ token }), summary: '无需缴费：抬杆放行（模拟道闸）' }, config, preHandler: limited },
    async (req) => ok(await leaveFree(db, req, req.body.token), '道闸已开启，请通行'),
  );

  app.post(
    '/api/public/Pay',
    { schema: { body: Type.Object({ token, channel }), summary: '创建支付单（停车费与欠费一并支付）' }, config, preHandler: limited },
    async (req) => {
      const { outTradeNo, amountCents } = await createPayment(db, req, req.body.token, req.body.channel);
      return ok({ outTradeNo, amountCents, expiresAt: Date.now() + PAY_EXPIRES_MS });
    },
  );

  const periods = Type.Integer({ title: '续费周期数', minimum: 1, maximum: 120, 'x-msg': '续费周期数必须是1到120之间的整数' });

  app.get(
    '/api/public/Card/Renewal',
    { schema: { querystring: Type.Object({ token, periods }), summary: '月卡续费报价（扫码出场页的续费）' }, config, preHandler: limited },
    async (req) => ok(await renewalQuoteOfOrder(db, req.query.token, req.query.periods)),
  );

  app.post(
    '/api/public/Card/Renew',
    {
      schema: { body: Type.Object({ token, channel, periods }), summary: '创建月卡续费支付单（扫码出场页的续费）' },
      config,
      preHandler: limited,
    },
    async (req) => {
      const { outTradeNo, amountCents, quote } = await createRenewalPayment(db, req.body.token, req.body.periods, req.body.channel);
      return ok({ outTradeNo, amountCents, expiresAt: Date.now() + PAY_EXPIRES_MS, quote });
    },
  );

  app.post(
    '/api/public/PaySim/Confirm',
    { schema: { body: Type.Object({ outTradeNo: tradeNo }), summary: '模拟钱包：车主确认支付' }, config, preHandler: limited },
    async (req) => {
      const amountCents = await simulateWalletPay(db, req.body.outTradeNo, (n) => takeNotify(db, n, req.log));
      return ok({ amountCents }, '支付已提交');
    },
  );

  // the wallet sheet's 取消 and 支付失败: the payment closes (awaiting → closed) unless the wallet booked it
  for (const [path, reason, summary] of [
    ['Cancel', 'cancelled', '模拟钱包：车主取消支付（关闭支付单）'],
    ['Fail', 'failed', '模拟钱包：支付失败（关闭支付单，未扣款）'],
  ] as const)
    app.post(
      `/api/public/PaySim/${path}`,
      { schema: { body: Type.Object({ outTradeNo: tradeNo }), summary }, config, preHandler: limited },
      async (req) => {
        const r = await closePayment(db, req.body.outTradeNo, reason);
        return ok({ status: r.status }, r.msg);
      },
    );

  app.get(
    '/api/public/Pay/:outTradeNo',
    { schema: { params: Type.Object({ outTradeNo: tradeNo }), summary: '支付结果（轮询）' }, config, preHandler: limited },
    async (req) => ok(await paymentState(db, req, req.params.outTradeNo, req.log)),
  );

  app.post(
    '/api/public/PayNotify',
    {
      schema: {
        body: Type.Object({
          outTradeNo: tradeNo,
          transactionId: Type.String({ title: '交易号', minLength: 1, maxLength: 64 }),
          amountCents: Type.Integer({ title: '金额', minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
          sign: Type.String({ title: '签名', minLength: 1, maxLength: 128 }),
        }),
        summary: '支付平台回调（可重复，签名校验）',
      },
      config,
    },
    async (req) => {
      const r = await takeNotify(db, req.body, req.log, req);
      if (r.result !== 'SUCCESS') throw badRequest(r.msg);
      return ok({ result: r.result }, r.msg);
    },
  );

  app.get(
    '/api/public/GroupCard',
    {
      schema: {
        querystring: Type.Object({ cardNo: Type.String({ title: '卡号', minLength: 1, maxLength: 32, 'x-msg': '卡号不正确' }) }),
        summary: '团体卡信息（公开，手机号脱敏）',
      },
      config,
      preHandler: limited,
    },
    async (req) => ok(await groupCardInfo(db, req.query.cardNo)),
  );
}
