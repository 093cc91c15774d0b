import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { badRequest, ok } from '../lib/envelope.ts';
import { idParams } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { InstantError, toMs } from '../fees/clock.ts';
import { ARREARS_ACTION_BUTTON, ARREARS_ACTION_LABEL, type ArrearsAction, runArrearsAction } from '../arrears/actions.ts';
import { loadPolicy } from '../arrears/create.ts';
import { sendNotices } from '../arrears/notices.ts';
import { savePolicy } from '../arrears/policy.ts';
import { ARREARS_STATUS_LABEL, HUNT_SCOPES } from '../../domain/arrears-codes.ts';
import { TAKING_CHANNELS } from '../../domain/parking-codes.ts';

/**
 * 欠费追缴: the audited actions on a debt (收款, 核销, 争议), each behind its button; sending notices
 * (追缴通知); the recovery policy. Lists are the resources of entities/arrears-*.ts.
 */

const reason = (title: string) => Type.String({ title, maxLength: 200, 'x-msg': `${title}不能超过200个字符` });

const BODIES = {
  pay: Type.Object(
    {
      amountCents: Type.Integer({
        title: '收款金额',
        minimum: 1,
        maximum: Number.MAX_SAFE_INTEGER,
        'x-msg': '收款金额必须是大于0的整数（分）',
      }),
      channel: f.oneOf('收款渠道', TAKING_CHANNELS, '收款渠道只能是1（微信）、2（支付宝）、3（现金）、4（银联）、5（ETC）或7（储值卡）'),
      recoveredLotId: Type.Optional(Type.String({ title: '收款车场', maxLength: 64 })),
      reason: Type.Optional(reason('备注')),
    },
    { required: ['amountCents', 'channel'] },
  ),
  writeOff: Type.Object({ reason: reason('核销原因') }, { required: ['reason'] }),
  dispute: Type.Object({ reason: reason('争议原因') }, { required: ['reason'] }),
  resolve: Type.Object({ reason: reason('解除说明') }, { required: ['reason'] }),
} satisfies Record<ArrearsAction, unknown>;

const PATHS: Record<ArrearsAction, string> = { pay: 'Pay', writeOff: 'WriteOff', dispute: 'Dispute', resolve: 'Resolve' };

const sendBody = Type.Object(
  {
    ids: Type.Array(Type.String({ maxLength: 64 }), { title: '欠费记录', minItems: 1, maxItems: 500, 'x-msg': '请选择1到500条欠费记录' }),
    channel: f.oneOf('通知渠道', [1, 2], '通知渠道只能是1（短信）或2（微信模板消息）'),
    sendAt: Type.Optional(
      Type.Union([Type.String({ maxLength: 40 }), Type.Integer({ minimum: 0 })], {
        title: '定时发送时间',
        'x-msg': '定时发送时间格式不正确，应为YYYY-MM-DD HH:mm:ss',
      }),
    ),
  },
  { required: ['ids', 'channel'] },
);

const policyBody = Type.Object(
  {
    delayHours: f.int('转欠费时限', { min: 1, max: 720, msg: '转欠费时限必须是1到720之间的整数（小时）' }),
    huntScope: f.oneOf('追缴范围', HUNT_SCOPES, '追缴范围只能是1（本车场）、2（同运营方车场）或3（全部车场）'),
    blockEntry: Type.Boolean({ title: '欠费车辆禁止入场' }),
    showOnExit: Type.Boolean({ title: '出场时提示历史欠费' }),
  },
  { required: ['delayHours', 'huntScope', 'blockEntry', 'showOnExit'] },
);

const ids = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(String)
    : String(v ?? '')
        .split(',')
        .filter(Boolean);

function sendTime(v: string | number | undefined): number | undefined {
  if (v === undefined || v === '') return undefined;
  try {
    const n = typeof v === 'number' ? v : toMs(v);
    if (!Number.isFinite(n)) throw new RangeError();
    return n;
  } catch (e) {
    throw badRequest(
      e instanceof InstantError && !e.message.startsWith('无法识别')
        ? `定时发送时间有误：${e.message}`
        : '定时发送时间格式不正确，应为YYYY-MM-DD HH:mm:ss',
    );
  }
}

export function registerArrearsRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  for (const action of Object.keys(PATHS) as ArrearsAction[]) {
    app.post(
      `/api/arrears/ArrearsRecord/:id/Actions/${PATHS[action]}`,
      {
        schema: { params: idParams, body: BODIES[action], summary: `欠费记录${ARREARS_ACTION_LABEL[action]}（留审计记录）` },
        config: { access: { buttons: [ARREARS_ACTION_BUTTON[action]] } },
      },
      async (req) => {
        const status = await runArrearsAction(db, req, req.params.id, action, req.body);
        return ok({ status, statusLabel: ARREARS_STATUS_LABEL[status] }, `${ARREARS_ACTION_LABEL[action]}成功`);
      },
    );
  }

  app.post(
    '/api/arrears/ArrearsNotice/Actions/Send',
    {
      schema: { body: sendBody, summary: '发送追缴通知（短信或微信模板消息，可定时；每个车牌每天最多一条）' },
      config: { access: { buttons: ['arrearsNotice:add'] } },
    },
    async (req) => {
      const b = req.body;
      const r = await sendNotices(db, req, { ids: ids(b.ids), channel: b.channel, sendAt: sendTime(b.sendAt) });
      const scheduled = r.notices.every((n) => n.status === 0);
      return ok(r, scheduled ? `已安排定时发送${r.notices.length}条通知` : `已发送${r.notices.length}条通知`);
    },
  );

  app.get('/api/arrears/Policy', { config: { access: { menus: ['arrearsRecord', 'arrearsNotice'] } } }, async () =>
    ok(await loadPolicy(db)),
  );
  app.post(
    '/api/arrears/Policy',
    { schema: { body: policyBody, summary: '保存追缴策略' }, config: { access: { buttons: ['arrears:policy'] } } },
    async (req) => ok(await savePolicy(db, req, req.body), '追缴策略已保存'),
  );
}
