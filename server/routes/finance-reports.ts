import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import { ok } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { lotsOf } from '../resource/lot-scope.ts';
import { XLSX_TYPE } from '../resource/export.ts';
import { attachment } from '../services/parking-qr.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { MAX_REPORT_DAYS, reportRange } from '../reports/range.ts';
import { dailyReport, dailyTotals } from '../reports/daily.ts';
import { channelReport } from '../reports/channel.ts';
import { chargingReport, chargingTotals } from '../reports/charging.ts';
import { movementsBehind } from '../reports/drill.ts';
import { simulatorsRunning } from '../live/demo-flag.ts';
import { chargingSheet, channelSheet, dailySheet } from '../reports/sheets.ts';
import { channelChart, channelTotals, chargingChart, dailyChart } from '../reports/charts.ts';

/**
 * 财务报表: 日报表, 渠道收入, 充电收入 over a range of China days (a month at most), each with its
 * date basis, a totals row, the movements behind a row, and an xlsx export. The figures come from
 * server/figures/ and the kept daily totals of migration 026.
 */

const rangeQuery = Type.Object({
  dateRange: Type.Optional(Type.String({ title: '日期范围', maxLength: 40 })),
  from: Type.Optional(Type.String({ title: '开始日期', maxLength: 10 })),
  to: Type.Optional(Type.String({ title: '结束日期', maxLength: 10 })),
});

const drillQuery = Type.Object({
  dateRange: Type.Optional(Type.String({ title: '日期范围', maxLength: 40 })),
  from: Type.Optional(Type.String({ title: '开始日期', maxLength: 10 })),
  to: Type.Optional(Type.String({ title: '结束日期', maxLength: 10 })),
  parkingId: Type.Optional(Type.String({ title: '停车场', maxLength: 64 })),
  noLot: Type.Optional(Type.Integer({ title: '未归属车场', minimum: 0, maximum: 1, 'x-msg': '未归属车场只能是0或1' })),
  channel: Type.Optional(Type.Integer({ title: '支付渠道', minimum: 0, maximum: 99, 'x-msg': '支付渠道不正确' })),
  source: Type.Optional(Type.String({ title: '来源', maxLength: 20 })),
  stationId: Type.Optional(Type.String({ title: '充电站', maxLength: 64 })),
});

/** What the page says above the table: the range, a day not over, a demo while the simulators write today's data. */
async function notes(db: Db, req: FastifyRequest, range: ReturnType<typeof reportRange>) {
  return {
    maxDays: MAX_REPORT_DAYS,
    first: range.first,
    last: range.last,
    // a range holding today: its last day is not over and its numbers still move
    openDay: range.last >= range.today ? range.today : '',
    demo: await simulatorsRunning(db),
    lotLimited: lotsOf(req) !== null,
  };
}

async function sendSheet(reply: FastifyReply, db: Db, req: FastifyRequest, name: string, rows: number, body: Buffer) {
  await writeOperLog(db, req, { action: 'export', module: 'finance', detail: `导出${name}${rows}行` });
  attachment(reply, `${name}.xlsx`);
  reply.type(XLSX_TYPE);
  return body;
}

export function registerFinanceReportRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const daily = { menus: ['financeDaily'] };
  const channel = { menus: ['financeChannel'] };
  const charging = { menus: ['financeCharging'] };

  app.get('/api/finance/Daily', { schema: { querystring: rangeQuery, summary: '日报表' }, config: { access: daily } }, async (req) => {
    const range = reportRange(req.query);
    const list = await dailyReport(db, lotsOf(req), range);
    return ok({ list, totals: dailyTotals(list), chart: dailyChart(list), notes: await notes(db, req, range) });
  });
  app.get(
    '/api/finance/Daily/Actions/Export',
    { schema: { querystring: rangeQuery }, config: { access: { buttons: ['financeDaily:export'] } } },
    async (req, reply) => {
      const range = reportRange(req.query);
      const list = await dailyReport(db, lotsOf(req), range);
      return sendSheet(reply, db, req, `日报表${range.first}至${range.last}`, list.length, await dailySheet(list, dailyTotals(list)));
    },
  );

  app.get(
    '/api/finance/Channel',
    { schema: { querystring: rangeQuery, summary: '渠道收入' }, config: { access: channel } },
    async (req) => {
      const range = reportRange(req.query);
      const list = await channelReport(db, lotsOf(req), range);
      return ok({
        list,
        totals: channelTotals(list),
        chart: channelChart(list),
        notes: await notes(db, req, range),
      });
    },
  );
  app.get(
    '/api/finance/Channel/Actions/Export',
    { schema: { querystring: rangeQuery }, config: { access: { buttons: ['financeChannel:export'] } } },
    async (req, reply) => {
      const range = reportRange(req.query);
      const list = await channelReport(db, lotsOf(req), range);
      return sendSheet(reply, db, req, `渠道收入${range.first}至${range.last}`, list.length, await channelSheet(list, channelTotals(list)));
    },
  );

  app.get(
    '/api/finance/Charging',
    { schema: { querystring: rangeQuery, summary: '充电收入' }, config: { access: charging } },
    async (req) => {
      const range = reportRange(req.query);
      const list = await chargingReport(db, lotsOf(req), range);
      return ok({
        list,
        totals: chargingTotals(list),
        chart: chargingChart(list),
        notes: await notes(db, req, range),
      });
    },
  );
  app.get(
    '/api/finance/Charging/Actions/Export',
    { schema: { querystring: rangeQuery }, config: { access: { buttons: ['financeCharging:export'] } } },
    async (req, reply) => {
      const range = reportRange(req.query);
      const list = await chargingReport(db, lotsOf(req), range);
      return sendSheet(
        reply,
        db,
        req,
        `充电收入${range.first}至${range.last}`,
        list.length,
        await chargingSheet(list, chargingTotals(list)),
      );
    },
  );

  app.get(
    '/api/finance/Movements',
    {
      schema: { querystring: drillQuery, summary: '报表行的收退款明细' },
      config: { access: { menus: ['financeDaily', 'financeChannel', 'financeCharging'] } },
    },
    async (req) => {
      const range = reportRange(req.query);
      const { list, more } = await movementsBehind(db, lotsOf(req), range, req.query);
      const inCents = list.filter((m) => m.cents > 0).reduce((s, m) => s + m.cents, 0);
      const refundCents = -list.filter((m) => m.cents < 0).reduce((s, m) => s + m.cents, 0);
      return ok({ list, more, totals: { inCents, refundCents, netCents: inCents - refundCents, count: list.length } });
    },
  );
}
