import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import { badRequest, ok } from '../lib/envelope.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { lotsOf, assertLots } from '../resource/lot-scope.ts';
import { operatorOf } from '../lib/operator.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { idParams } from '../resource/define.ts';
import { PLATE_MESSAGE, PLATE_RE } from '../../domain/field-rules.ts';
import { plateQuery } from '../entities/parking-orders.ts';
import { billOf, payableDebts, publicTokenOf, stayOfPlate } from '../public/bill.ts';
import { carArrives } from '../public/barrier.ts';
import { createPayment, providerBooking, signedNotify, simulateWalletPay, takeNotify } from '../public/payments.ts';
import { createDebtPayment } from '../public/debt-payment.ts';
import { publicOrigin } from '../services/parking-qr.ts';
import { findLane } from '../orders/lanes.ts';

/**
 * The collector's handheld (/pdaScanQrcode, signed in on the page with an account holding
 * `pda:collect`) and the lane camera's simulated sight (车道管理 › 模拟到达, `lane:barrier`).
 */

const plate = Type.String({ title: '车牌', minLength: 1, maxLength: 12, 'x-msg': PLATE_MESSAGE });

function cleanPlate(text: string): string {
  const p = plateQuery(text);
  if (!PLATE_RE.test(p)) throw badRequest(PLATE_MESSAGE);
  return p;
}

export function registerPdaRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const pda = { access: { buttons: ['pda:collect'] } };

  app.get(
    '/api/pda/Bill',
    { schema: { querystring: Type.Object({ plateNo: plate }), summary: '手持机：车牌的在场账单与欠费' }, config: pda },
    async (req) => {
      const plateNo = cleanPlate(req.query.plateNo);
      const stay = await stayOfPlate(db, plateNo, lotsOf(req));
      if (stay) return ok(await billOf(db, req, stay, Date.now()));
      // no car in the collector's lots: its debts can still be paid at the kerb
      const debts = await payableDebts(db, req, plateNo, '');
      const arrears = debts.map((d) => ({
        orderNo: d.orderNo,
        lotName: d.parkingName,
        exitTime: d.exitTime.getTime(),
        owedCents: d.owedCents,
      }));
      const arrearsCents = arrears.reduce((s, d) => s + d.owedCents, 0);
      return ok({ kind: 'noCar', lotName: '', laneName: '', order: null, arrears, arrearsCents, dueCents: arrearsCents, card: null });
    },
  );

  app.post(
    '/api/pda/Collect',
    {
      schema: {
        body: Type.Object({
          plateNo: plate,
          mode: Type.Union([Type.Literal('qr'), Type.Literal('code')], { title: '收款方式', 'x-msg': '收款方式只能是qr或code' }),
          authCode: Type.Optional(Type.String({ title: '付款码', pattern: '^1[0-5]\\d{16}$', 'x-msg': '付款码应为18位数字' })),
        }),
        summary: '手持机收款：顾客扫动态码，或收费员扫顾客付款码',
      },
      config: pda,
    },
    async (req) => {
      const plateNo = cleanPlate(req.body.plateNo);
      const stay = await stayOfPlate(db, plateNo, lotsOf(req));
      if (stay) assertLots(req, stay.parkingId);
      const collector = operatorOf(req);
      const channel = req.body.mode === 'code' && req.body.authCode?.startsWith('28') ? 2 : 1;
      // the stay with the plate's debts; no car in the collector's lots: the debts alone
      const pay = stay
        ? { ...(await createPayment(db, req, await publicTokenOf(db, stay), channel, collector)), orderId: stay.id }
        : await createDebtPayment(db, req, plateNo, channel, collector);
      await writeOperLog(db, req, {
        action: 'create',
        module: 'parkingOrder',
        recordId: pay.orderId,
        detail: `${plateNo} 手持机收款${stay ? '' : '（欠费）'} ${pay.outTradeNo} ${(pay.amountCents / 100).toFixed(2)}元`,
      });
      if (req.body.mode === 'qr') {
        const qrText = `${publicOrigin(req)}/scan.html#/scanPay?outTradeNo=${pay.outTradeNo}`;
        return ok({ outTradeNo: pay.outTradeNo, amountCents: pay.amountCents, qrText });
      }
      if (!req.body.authCode) throw badRequest('请扫描或输入顾客的付款码');
      // 被扫: the provider answers the charge at once; its notify is taken here, then again later (a no-op)
      await simulateWalletPay(db, pay.outTradeNo, (n) => takeNotify(db, n, req.log), { delayMs: 2000, duplicate: false });
      const booked = (await providerBooking(db, pay.outTradeNo))!;
      const taken = await takeNotify(
        db,
        signedNotify({ outTradeNo: pay.outTradeNo, transactionId: booked.txn_id, amountCents: Number(booked.amount_cents) }),
        req.log,
      );
      if (taken.result !== 'SUCCESS') throw badRequest(taken.msg);
      return ok({ outTradeNo: pay.outTradeNo, amountCents: pay.amountCents, status: 'paid' }, '收款成功');
    },
  );

  app.post(
    '/api/system/ParkingLane/:id/Actions/Arrive',
    {
      schema: { params: idParams, body: Type.Object({ plateNo: plate }), summary: '模拟车牌识别：车辆驶至出口道闸前' },
      config: { access: { buttons: ['lane:barrier'] } },
    },
    async (req) => {
      const plateNo = cleanPlate(req.body.plateNo);
      const lane = await findLane(db, req.params.id);
      assertLots(req, lane.parkingId);
      if (![2, 3].includes(lane.direction)) throw badRequest('只有出口车道有出场道闸');
      const r = await carArrives(db, req.params.id, plateNo);
      return ok(r, `${plateNo}已到达出口道闸`);
    },
  );
}
