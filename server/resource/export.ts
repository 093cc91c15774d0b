import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { attachment } from '../services/parking-qr.ts';
import { lotsOf } from './lot-scope.ts';
import type { Resource } from './spec.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';

/** The most rows one export holds, on every screen: past it the export is refused, never cut short. */
export const EXPORT_ROW_LIMIT = 50_000;

export const tooManyToExport = (limit: number) => `筛选结果超过${limit}条，请缩小时间范围或增加筛选条件后再导出`;

/** GET <path>/Actions/Export: the list's rows (its filters, the caller's lots, its order) as the spec's file. */
export function registerExport(fastify: FastifyInstance, db: Db, r: Resource, limit = EXPORT_ROW_LIMIT): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const spec = r.spec.export;
  if (!spec) return;
  app.get(
    `${r.spec.path}/Actions/Export`,
    { schema: { querystring: r.querySchema }, config: { access: { buttons: [spec.button] } } },
    async (req, reply) => {
      const rows = await r
        .rows(db, req.query, lotsOf(req))
        .limit(limit + 1)
        .execute();
      if (rows.length > limit) throw badRequest(tooManyToExport(limit));
      const file = await spec.file(rows.map((row) => r.toJson(row, req)));
      await writeOperLog(db, req, { action: 'export', module: r.spec.module, detail: `导出${rows.length}条` });
      attachment(reply, spec.fileName);
      reply.type(file.type);
      return file.body;
    },
  );
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
