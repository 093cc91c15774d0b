import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import { notFound, ok } from '../lib/envelope.ts';
import { idParams } from '../resource/define.ts';
import { canSee, outOfScope } from '../resource/lot-scope.ts';
import { parkingOrders } from '../entities/parking-orders.ts';
import { ARREARS_AUDIT_LABEL } from '../arrears/actions.ts';
import { ACTION_LABEL, type OrderAction, PENDING_REFUND_STATUSES, offeredActions } from '../orders/order-actions.ts';
import { COUPON_TYPE, PAY_CHANNEL, REFUND_STATUS, SOURCE } from '../../domain/parking-codes.ts';
import { yuan } from '../../domain/money.ts';
import { platePhotoSvg } from '../orders/plate-photo.ts';
import { orderHistory, photoFacts } from '../orders/details.ts';
import { orderScanUrl, publicOrigin, sendQrFiles } from '../services/parking-qr.ts';
import { publicTokenOf } from '../public/bill.ts';
import { REFUND_AUDIT_LABEL } from '../refunds/transitions.ts';
import { REFUND_REASON } from '../../domain/refund-codes.ts';
import { type OrderState, STATE_LABEL } from '../../domain/parking-codes.ts';
import { priceStay } from '../fees/engine.ts';
import { findRuleVersion } from '../fees/rule-lookup.ts';
import type { FeeCover } from '../fees/types.ts';
import type { Row } from '../resource/spec.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';

/** The order details answer, its capture images and the .xlsx export of the filtered list. */

const china = (d: Date | null | undefined): string =>
  d ? new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ') : '';
const ms = (d: unknown): number | null => (d instanceof Date ? d.getTime() : null);
const auditLabel = (action: string): string =>
  ACTION_LABEL[action as OrderAction] ??
  REFUND_AUDIT_LABEL[action as keyof typeof REFUND_AUDIT_LABEL] ??
  ARREARS_AUDIT_LABEL[action] ??
  action;

/**
 * The fee lines as priced. The seeded history keeps none: they are priced again from the rule
 * version the order names, which is frozen, so they are the lines the amount came from.
 */
/** The fee lines and what they add up to (the details page shows the sum beside 应收). */
async function feeLinesOf(db: Db, row: Row): Promise<{ feeLines: unknown[]; ruleName: string; feeTotalCents: number }> {
  const { feeLines, ruleName } = await feeLinesAsBilled(db, row);
  const feeTotalCents = (feeLines as { feeCents?: number }[]).reduce((s, l) => s + Number(l.feeCents ?? 0), 0);
  return { feeLines, ruleName, feeTotalCents };
}

async function feeLinesAsBilled(db: Db, row: Row): Promise<{ feeLines: unknown[]; ruleName: string }> {
  const rule = row.ruleId ? await findRuleVersion(db, String(row.ruleId), (row.ruleVersion as number | null) ?? undefined) : null;
  if (row.feeLines) return { feeLines: row.feeLines as unknown[], ruleName: rule?.ruleName ?? '' };
  if (!rule || !row.exitTime) return { feeLines: [], ruleName: rule?.ruleName ?? '' };
  // a stay on a card is priced with the card's cover as it was billed (migration 015)
  const cover = (row.cardCover as FeeCover[] | null) ?? undefined;
  const bill = priceStay({ rule, entry: row.entryTime as Date, exit: row.exitTime as Date, carClass: row.carClass as number, cover });
  return { feeLines: bill.lines, ruleName: rule.ruleName };
}

export function registerOrderDetailRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/api/order/ParkingOrder/:id',
    { schema: { params: idParams }, config: { access: { menus: ['parkingRecordOrder'] } } },
    async (req) => {
      const { id } = req.params;
      const row = await parkingOrders.rows(db, {}).where('parkingOrder.id', '=', id).executeTakeFirst();
      if (!row) throw notFound();
      if (!(await canSee(db, req, parkingOrders.spec.lot!, row))) throw outOfScope();
      const o = parkingOrders.toJson(row);
      const { payments, coupons, refunds, audits } = await orderHistory(db, id);
      const pending = refunds
        .filter((r) => (PENDING_REFUND_STATUSES as readonly number[]).includes(Number(r.status)))
        .reduce((s, r) => s + Number(r.amountCents), 0);
      const state = o.state as OrderState;
      const timeline = [
        { time: ms(row.entryTime), title: '入场', detail: `${String(o.entryLaneName || '—')} · ${SOURCE[o.source as number] ?? ''}` },
        ...payments.map((p) => ({
          time: ms(p.payTime),
          title: '支付',
          detail: `${PAY_CHANNEL[p.channel] ?? p.channel} ${yuan(Number(p.valueCents))}元 ${p.operator}`.trim(),
        })),
        ...coupons.map((c) => ({ time: ms(c.useTime), title: '用券', detail: `${c.merchantName} ${COUPON_TYPE[c.couponType] ?? ''}` })),
        ...(row.exitTime ? [{ time: ms(row.exitTime), title: '出场', detail: String(o.exitLaneName || '—') }] : []),
        ...audits.map((a) => ({
          time: ms(a.operateTime),
          title: auditLabel(a.action),
          detail: `${a.operator}：${a.reason}`,
        })),
      ]
        .sort((a, b) => (a.time ?? 0) - (b.time ?? 0))
        .map((t) => ({ ...t, time: t.time === null ? '' : china(new Date(t.time)) }));
      const photo = (kind: string) => `/api/order/Photo/${String(row.photoKey)}/${kind}`;
      return ok({
        ...o,
        stateLabel: STATE_LABEL[state],
        ...(await feeLinesOf(db, row)),
        ruleId: row.ruleId,
        ruleVersion: row.ruleVersion,
        // the receipt's QR: the same bill on the driver's phone (/orderInfoByQRcode), by a random token
        receiptUrl: orderScanUrl(
          publicOrigin(req),
          await publicTokenOf(db, { id, publicToken: (row.publicToken as string | null) ?? null }),
        ),
        entryPhoto: photo('entry'),
        exitPhoto: row.exitTime ? photo('exit') : '',
        payments: payments.map((p) => ({
          channelLabel: PAY_CHANNEL[p.channel] ?? '',
          ...p,
          valueCents: Number(p.valueCents),
          changeCents: Number(p.changeCents),
          payTime: ms(p.payTime),
        })),
        coupons: coupons.map((c) => ({
          ...c,
          couponTypeLabel: COUPON_TYPE[c.couponType] ?? '',
          deductedCents: Number(c.deductedCents),
          useTime: ms(c.useTime),
        })),
        refunds: refunds.map((r) => ({
          ...r,
          amountCents: Number(r.amountCents),
          applyTime: ms(r.applyTime),
          approveTime: ms(r.approveTime),
          refundTime: ms(r.refundTime),
          statusLabel: REFUND_STATUS[r.status] ?? '',
          channelLabel: PAY_CHANNEL[r.channel] ?? '',
          reasonLabel: REFUND_REASON[r.reasonCode] ?? '',
        })),
        audits: audits.map((a) => ({
          ...a,
          actionLabel: auditLabel(a.action),
          operateTime: ms(a.operateTime),
        })),
        timeline,
        actions: offeredActions({
          state,
          owedCents: o.owedCents as number,
          paidCents: o.paidCents as number,
          refundedCents: o.refundedCents as number,
          pendingRefundCents: pending,
        }),
        refundableCents: Math.max(0, (o.paidCents as number) - (o.refundedCents as number) - pending),
      });
    },
  );

  // 小票二维码 › 下载二维码: the receipt's code as a PNG to print, for whoever may open the order's details
  app.get(
    '/api/order/ParkingOrder/:id/ReceiptQr',
    {
      schema: { params: idParams, summary: '下载订单小票二维码（PNG，车主扫码查看本单账单）' },
      config: { access: { menus: ['parkingRecordOrder'] } },
    },
    async (req, reply) => {
      const { id } = req.params;
      const row = await parkingOrders.rows(db, {}).where('parkingOrder.id', '=', id).executeTakeFirst();
      if (!row) throw notFound();
      if (!(await canSee(db, req, parkingOrders.spec.lot!, row))) throw outOfScope();
      const token = await publicTokenOf(db, { id, publicToken: (row.publicToken as string | null) ?? null });
      return sendQrFiles(reply, [{ name: `小票二维码-${String(row.orderNo)}`, text: orderScanUrl(publicOrigin(req), token) }], '');
    },
  );

  // an <img> sends no token: the photo is named by a random key the details answer hands out
  app.get(
    '/api/order/Photo/:key/:kind',
    {
      schema: {
        params: Type.Object({
          key: Type.String({ title: '图片', pattern: '^[0-9a-f]{32}$', 'x-msg': '图片不存在' }),
          kind: Type.Union([Type.Literal('entry'), Type.Literal('exit')], { title: '图片类型', 'x-msg': '图片类型只能是entry或exit' }),
        }),
      },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const { key, kind } = req.params;
      const row = await photoFacts(db, key, kind);
      if (!row || (kind === 'exit' && !row.exitTime)) throw notFound();
      reply.type('image/svg+xml').header('cache-control', 'private, max-age=3600');
      return platePhotoSvg({
        plateNo: row.plateNo,
        plateColor: row.plateColor,
        lotName: row.parkingName,
        laneName: row.laneName ?? '',
        time: china(kind === 'entry' ? row.entryTime : row.exitTime),
        kind,
      });
    },
  );
}
