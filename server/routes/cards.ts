import { REFUND_AUDIT_LABEL } from '../refunds/transitions.ts';
import { cardPaymentRefunds, refundRequestsOf } from '../refunds/apply-card.ts';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { notFound, ok } from '../lib/envelope.ts';
import { f } from '../resource/fields.ts';
import { idParams, registerResource } from '../resource/define.ts';
import { canSee, outOfScope } from '../resource/lot-scope.ts';
import { cardProducts } from '../entities/card-products.ts';
import { monthCards } from '../entities/month-cards.ts';
import { groupCards } from '../entities/group-cards.ts';
import { type CardAction, type CardKind, quoteRenewal, runCardAction } from '../cards/actions.ts';
import { CARD_EVENT_LABEL } from '../cards/state-machine.ts';
import { cardDay } from '../cards/common.ts';
import { cardPaymentsAndAudits, groupCardSlotRows } from '../cards/history.ts';
import { groupCardScanUrl, publicOrigin, sendQrFiles } from '../services/parking-qr.ts';
import { CARD_PAY_CHANNELS, CARD_STATUS_LABEL, SLOT_STATE } from '../../domain/card-codes.ts';
import { PAY_CHANNEL } from '../../domain/parking-codes.ts';

/**
 * 月卡产品, 月卡, 团体卡: the three lists (entities/card-*.ts, month-cards.ts, group-cards.ts) and the
 * audited actions on a card behind their buttons: 支付 (opens a pending card), 续费 (the period is
 * quoted first), 冻结 / 解冻; a card's payments and audit; a group card's slot board and history.
 */

const reason = (title: string) => Type.String({ title, maxLength: 200, 'x-msg': `${title}不能超过200个字符` });
const channel = f.oneOf('支付渠道', CARD_PAY_CHANNELS, '支付渠道只能是1（微信）、2（支付宝）、3（现金）或4（银联）');
const periods = f.int('续费周期数', { min: 1, max: 36, msg: '续费周期数必须是1到36之间的整数' });

const BODIES = {
  pay: Type.Object({ channel, reason: Type.Optional(reason('备注')) }, { required: ['channel'] }),
  renew: Type.Object({ channel, periods, reason: Type.Optional(reason('备注')) }, { required: ['channel', 'periods'] }),
  freeze: Type.Object({ reason: reason('冻结原因') }, { required: ['reason'] }),
  unfreeze: Type.Object({ reason: Type.Optional(reason('解冻说明')) }),
} satisfies Record<CardAction, unknown>;
const PATHS: Record<CardAction, string> = { pay: 'Pay', renew: 'Renew', freeze: 'Freeze', unfreeze: 'Unfreeze' };
const BUTTON: Record<CardAction, string> = { pay: 'pay', renew: 'renew', freeze: 'freeze', unfreeze: 'freeze' };
const KINDS: { kind: CardKind; path: string; code: string; actions: CardAction[] }[] = [
  { kind: 'month', path: 'MonthCard', code: 'monthCard', actions: ['pay', 'renew', 'freeze', 'unfreeze'] },
  { kind: 'group', path: 'GroupCard', code: 'groupCard', actions: ['pay', 'freeze', 'unfreeze'] },
];

/** what the changes list calls each audit row */
// a card payment's refund steps are audited on the card too (refunds/subject.ts)
const AUDIT_LABEL: Record<string, string> = {
  ...CARD_EVENT_LABEL,
  edit: '编辑',
  backdate: '补录开卡',
  refund: '申请退款',
  ...REFUND_AUDIT_LABEL,
};

const ms = (d: unknown): number | null => (d instanceof Date ? d.getTime() : null);

export function registerCardRoutes(fastify: FastifyInstance, db: Db): void {
  registerResource(fastify, db, cardProducts);
  registerResource(fastify, db, monthCards);
  registerResource(fastify, db, groupCards);
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  for (const { kind, path, code, actions } of KINDS) {
    for (const action of actions) {
      app.post(
        `/api/card/${path}/:id/Actions/${PATHS[action]}`,
        {
          schema: {
            params: idParams,
            body: BODIES[action],
            summary: `${kind === 'month' ? '月卡' : '团体卡'}${CARD_EVENT_LABEL[action]}（留审计记录）`,
          },
          config: { access: { buttons: [`${code}:${BUTTON[action]}`] } },
        },
        async (req) => {
          const r = await runCardAction(db, req, kind, req.params.id, action, req.body);
          return ok({ ...r, statusLabel: CARD_STATUS_LABEL[r.status] }, `${CARD_EVENT_LABEL[action]}成功`);
        },
      );
    }

    // a card's payments and audit rows (the details dialog)
    const resource = kind === 'month' ? monthCards : groupCards;
    app.get(
      `/api/card/${path}/:id/History`,
      { schema: { params: idParams, summary: '卡的缴费记录和变更记录' }, config: { access: { menus: [code] } } },
      async (req) => {
        const { id } = req.params;
        const row = await resource.find(db, id);
        if (!row) throw notFound();
        if (!(await canSee(db, req, resource.spec.lot!, row))) throw outOfScope();
        const { payments, audits } = await cardPaymentsAndAudits(db, id);
        const requests = await refundRequestsOf(
          db,
          payments.map((p) => p.id),
        );
        return ok({
          payments: payments.map((p) => ({
            ...p,
            ...cardPaymentRefunds({
              channel: p.channel,
              payTime: p.payTime,
              valueCents: Number(p.amountCents),
              refunds: requests.get(p.id) ?? [],
            }),
            amountCents: Number(p.amountCents),
            periodStart: cardDay(p.periodStart),
            periodEnd: cardDay(p.periodEnd),
            payTime: ms(p.payTime),
            channelLabel: PAY_CHANNEL[p.channel] ?? '',
            payKindLabel: p.payKind === 1 ? '开卡' : '续费',
          })),
          audits: audits.map((a) => ({
            ...a,
            operateTime: ms(a.operateTime),
            actionLabel: AUDIT_LABEL[a.action] ?? a.action,
          })),
        });
      },
    );
  }

  app.get(
    '/api/card/MonthCard/:id/Actions/RenewQuote',
    {
      schema: {
        params: idParams,
        querystring: Type.Object({ periods }, { required: ['periods'] }),
        summary: '续费试算：续费后的有效期和金额',
      },
      config: { access: { buttons: ['monthCard:renew'] } },
    },
    async (req) => {
      return ok(await quoteRenewal(db, req, req.params.id, req.query.periods));
    },
  );

  // 团体卡 › 下载二维码: the card's code as a PNG to print, for whoever sees the list that shows it
  app.get(
    '/api/card/GroupCard/:id/Qr',
    {
      schema: { params: idParams, summary: '下载团体卡二维码（PNG，单位车主扫码查看团体卡）' },
      config: { access: { menus: ['groupCard'] } },
    },
    async (req, reply) => {
      const row = await groupCards.find(db, req.params.id);
      if (!row) throw notFound();
      if (!(await canSee(db, req, groupCards.spec.lot!, row))) throw outOfScope();
      const cardNo = String(row.cardNo);
      return sendQrFiles(reply, [{ name: `团体卡二维码-${cardNo}`, text: groupCardScanUrl(publicOrigin(req), cardNo) }], '');
    },
  );

  // who holds a slot, who waits (billed as temporary), and the slot history
  app.get(
    '/api/card/GroupCard/:id/Slots',
    { schema: { params: idParams, summary: '团体卡车位占用：占位车辆、排队车辆和历史' }, config: { access: { menus: ['groupCard'] } } },
    async (req) => {
      const { id } = req.params;
      const row = await groupCards.find(db, id);
      if (!row) throw notFound();
      if (!(await canSee(db, req, groupCards.spec.lot!, row))) throw outOfScope();
      const rows = await groupCardSlotRows(db, id);
      const slots = rows.map((s) => {
        const state = s.leftTime ? 3 : s.holdFrom ? 1 : 2;
        return {
          ...s,
          entryTime: ms(s.entryTime),
          holdFrom: ms(s.holdFrom),
          leftTime: ms(s.leftTime),
          state,
          stateLabel: SLOT_STATE[state as keyof typeof SLOT_STATE],
        };
      });
      const holders = slots.filter((s) => s.state === 1);
      const waiting = slots.filter((s) => s.state === 2).reverse();
      return ok({
        slots: Number(row.slots),
        held: holders.length,
        free: Math.max(0, Number(row.slots) - holders.length),
        holders,
        waiting,
        history: slots,
      });
    },
  );
}
