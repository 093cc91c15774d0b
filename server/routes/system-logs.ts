import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { type Resource, type Row, registerResource } from '../resource/define.ts';
import { loginLogs, operLogs } from '../entities/logs.ts';

/** /api/system/Log/oper and /api/system/Log/login: search the operation and sign-in logs, export them as CSV. */

const EXPORT_LIMIT = 10_000;

const csvCell = (v: unknown): string => {
  // a leading = + - @ would run as a formula in a spreadsheet
  const s = String(v ?? '').replace(/^[=+\-@]/, "'$&");
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** GET <list>/Actions/Export: the list's rows (same filters) as CSV with these columns. */
function registerExport(app: FastifyInstance, db: Db, r: Resource, button: string, header: [string, string][]): void {
  app.get(
    `${r.spec.path}/Actions/Export`,
    { schema: { querystring: r.querySchema }, config: { access: { buttons: [button] } } },
    async (req, reply) => {
      const rows = (
        await r
          .rows(db, req.query as Row)
          .limit(EXPORT_LIMIT)
          .execute()
      ).map((row) => r.toJson(row));
      const lines = [
        header.map(([, title]) => title).join(','),
        ...rows.map((j) =>
          header.map(([key]) => csvCell(key === 'createTime' ? new Date(Number(j[key])).toISOString() : j[key])).join(','),
        ),
      ];
      await writeOperLog(db, req, { action: 'export', module: r.spec.module, detail: `导出${rows.length}条` });
      reply.header('Content-Type', 'text/csv; charset=utf-8');
      reply.header('Content-Disposition', `attachment; filename="${r.spec.module}.csv"`);
      return `\uFEFF${lines.join('\r\n')}`;
    },
  );
}

export function registerLogRoutes(app: FastifyInstance, db: Db): void {
  registerExport(app, db, operLogs, 'operLog:export', [
    ['createTime', '时间'],
    ['account', '账号'],
    ['action', '操作'],
    ['module', '模块'],
    ['recordId', '记录'],
    ['detail', '内容'],
    ['ip', 'IP'],
  ]);
  registerExport(app, db, loginLogs, 'loginLog:export', [
    ['createTime', '时间'],
    ['account', '账号'],
    ['success', '成功'],
    ['reason', '原因'],
    ['ip', 'IP'],
    ['userAgent', '浏览器'],
  ]);
  registerResource(app, db, operLogs);
  registerResource(app, db, loginLogs);
}
