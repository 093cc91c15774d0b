import Fastify from 'fastify';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { installErrorHandling } from '../lib/errors.ts';
import { registerExport, tooManyToExport } from './export.ts';
import type { Resource, Row } from './spec.ts';

/** A resource whose list holds `n` rows, exported as one line per row. */
function resourceOf(n: number): Resource {
  const rows: Row[] = Array.from({ length: n }, (_, i) => ({ id: `r${i}` }));
  return {
    spec: {
      path: '/api/things',
      module: 'thing',
      export: {
        button: 'thing:export',
        fileName: '东西.csv',
        file: async (list: Row[]) => ({ body: list.map((r) => r.id).join('\n'), type: 'text/csv' }),
      },
    },
    querySchema: Type.Object({}),
    rows: () => ({ limit: (k: number) => ({ execute: async () => rows.slice(0, k) }) }),
    toJson: (row: Row) => row,
  } as unknown as Resource;
}

async function exportOf(n: number, limit: number) {
  const app = Fastify();
  installErrorHandling(app, false);
  const logged: unknown[] = [];
  const db = { query: async (_sql: string, params: unknown[]) => (logged.push(params), { rows: [] }) } as unknown as Db;
  registerExport(app, db, resourceOf(n), limit);
  const res = await app.inject({ url: '/api/things/Actions/Export' });
  await app.close();
  return { res, logged };
}

describe('exports (one row limit and one message for every screen)', () => {
  it('holds every filtered row up to the limit, named as the spec says', async () => {
    const { res } = await exportOf(3, 3);
    expect(res.body.split('\n')).toEqual(['r0', 'r1', 'r2']);
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('东西.csv'));
  });

  it('refuses past the limit with the message that says what to do, instead of cutting the file short', async () => {
    const { res, logged } = await exportOf(4, 3);
    expect(res.json()).toMatchObject({ code: 400, msg: tooManyToExport(3) });
    expect(tooManyToExport(3)).toBe('筛选结果超过3条，请缩小时间范围或增加筛选条件后再导出');
    expect(logged).toEqual([]);
  });
});
