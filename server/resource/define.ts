import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import Type, { type TSchema } from 'typebox';
import type { Db } from '../db/database.ts';
import type { Access } from '../lib/auth.ts';
import { DONE, badRequest, notFound, ok } from '../lib/envelope.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/operLog.ts';
import { pageQuery } from './paging.ts';

/**
 * The resource layer: an entity declares its fields, filters, unique keys, guards and access once;
 * this registers list / get / create / update / delete with validated, documented schemas, runs
 * each write in a transaction with its operation-log row, and answers the usual envelope.
 */

export type Row = Record<string, unknown>;
// entities name their own tables; the builder is typed per query inside the entity files
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = ExpressionBuilder<any, any>;

export interface Filter {
  /** schema of the query parameter (title = its name in messages) */
  schema: TSchema;
  where(eb: Eb, value: never): Expression<SqlBool>;
  /** other query names accepted for it (old clients) */
  aliases?: string[];
}

const likeArg = (s: string): string => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** Ready-made filters: equality on a column, or a keyword over several columns. */
export const filter = {
  eq: (column: string, schema: TSchema, aliases?: string[]): Filter => ({ schema, aliases, where: (eb, v) => eb(column, '=', v) }),
  keyword: (columns: string[], title = '关键字'): Filter => ({
    schema: Type.String({ title, maxLength: 100 }),
    where: (eb, v: string) => eb.or(columns.map((c) => eb(c, 'ilike', likeArg(v)))),
  }),
};

export interface ResourceSpec {
  /** table name in the builder's camelCase */
  table: string;
  /** e.g. /api/system/Parking */
  path: string;
  idPrefix: string;
  /** operation-log module */
  module: string;
  /** writable fields; the JSON name is the column name */
  fields: Record<string, TSchema>;
  required: string[];
  unique?: { fields: string[]; msg: string }[];
  filters?: Record<string, Filter>;
  orderBy: [string, 'asc' | 'desc'][];
  access: { list: Access; get?: Access; create?: Access; update?: Access; delete?: Access };
  /** how a record is named in the operation log */
  describe(row: Row): string;
  /** cross-field rules over the full new values (and the stored record on update) */
  check?(values: Row, before?: Row): void;
  /** stored row → answer (dates become epoch milliseconds by default) */
  toJson?(row: Row): Row;
  /** values → columns, for types the driver does not map (jsonb) */
  toColumns?(values: Row): Row;
  guards?: {
    update?(tx: Db, before: Row, after: Row): Promise<void>;
    delete?(tx: Db, row: Row): Promise<void>;
  };
}

export interface Resource {
  spec: ResourceSpec;
  /** the list filters as one condition, for sums and exports over the same rows */
  where(q: Row): (eb: Eb) => Expression<SqlBool>;
  /** paging and filters of the list */
  querySchema: TSchema;
  /** the filtered rows in list order (a query to finish: limit, execute, or compile into a report) */
  rows(db: Db, q: Row): SelectQueryBuilder<any, any, Row>; // eslint-disable-line @typescript-eslint/no-explicit-any
  find(db: Db, id: string): Promise<Row | undefined>;
  toJson(row: Row): Row;
}

const epochs = (row: Row): Row =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.getTime() : v]));

const idParams = Type.Object({ id: Type.String({ title: '编号', maxLength: 64 }) });

export function defineResource(spec: ResourceSpec): Resource {
  const filters = spec.filters ?? {};
  const toJson = (row: Row): Row => epochs(spec.toJson ? spec.toJson(row) : row);
  return {
    spec,
    toJson,
    querySchema: Type.Object({
      ...pageQuery.properties,
      ...Object.fromEntries(Object.entries(filters).flatMap(([k, f]) => [k, ...(f.aliases ?? [])].map((n) => [n, Type.Optional(f.schema)]))),
    }),
    where: (q) => (eb) =>
      eb.and(
        Object.entries(filters).flatMap(([k, f]) => {
          const v = [k, ...(f.aliases ?? [])].map((n) => q[n]).find((x) => x !== undefined && x !== null && x !== '');
          return v === undefined ? [] : [f.where(eb, v as never)];
        }),
      ),
    rows(db, q) {
      let query = (db.kysely as AnyDb).selectFrom(spec.table).selectAll().where(this.where(q));
      for (const [col, dir] of spec.orderBy) query = query.orderBy(col, dir);
      return query;
    },
    find: async (db, id) => (await (db.kysely as AnyDb).selectFrom(spec.table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined,
  };
}

async function assertUnique(db: Db, spec: ResourceSpec, v: Row, exceptId = ''): Promise<void> {
  for (const u of spec.unique ?? []) {
    const hit = await (db.kysely as AnyDb)
      .selectFrom(spec.table)
      .select('id')
      .where((eb) => eb.and(u.fields.map((c) => eb(c, '=', v[c]))))
      .where('id', '<>', exceptId)
      .executeTakeFirst();
    if (hit) throw badRequest(u.msg);
  }
}

/** A concurrent insert that passed the pre-check is caught by the unique index: same words. */
function uniqueViolation(spec: ResourceSpec): (e: unknown) => never {
  return (e) => {
    if ((e as { code?: string }).code === '23505') throw badRequest(spec.unique?.[0]?.msg ?? '记录已存在');
    throw e;
  };
}

export function registerResource(app: FastifyInstance, db: Db, r: Resource): void {
  const { spec } = r;
  const k = (d: Db): AnyDb => d.kysely as AnyDb;
  const body = Type.Object(
    Object.fromEntries(Object.entries(spec.fields).map(([n, s]) => [n, spec.required.includes(n) ? s : Type.Optional(s)])),
  );
  const updateBody = Type.Object(
    Object.fromEntries(Object.entries(spec.fields).map(([n, s]) => [n, Type.Optional(s)])),
    { 'x-nonblank': spec.required },
  );
  const columns = (v: Row): Row => {
    const picked = Object.fromEntries(Object.keys(spec.fields).filter((n) => n in v).map((n) => [n, v[n]]));
    return spec.toColumns ? spec.toColumns(picked) : picked;
  };
  const log = (tx: Db, req: FastifyRequest, action: 'create' | 'update' | 'delete', id: string, row: Row) =>
    writeOperLog(tx, req, { action, module: spec.module, recordId: id, detail: spec.describe(row) });

  app.get(spec.path, { schema: { querystring: r.querySchema }, config: { access: spec.access.list } }, async (req) => {
    const q = req.query as Row & { currentPage: number; pageSize: number };
    const { n } = (await k(db)
      .selectFrom(spec.table)
      .where(r.where(q))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()) as { n: number };
    const rows = await r.rows(db, q).limit(q.pageSize).offset((q.currentPage - 1) * q.pageSize).execute();
    return ok({ list: rows.map(r.toJson), pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(n) } });
  });

  app.get(`${spec.path}/:id`, { schema: { params: idParams }, config: { access: spec.access.get ?? spec.access.list } }, async (req) => {
    const row = await r.find(db, (req.params as { id: string }).id);
    if (!row) throw notFound();
    return ok(r.toJson(row));
  });

  if (spec.access.create) {
    app.post(spec.path, { schema: { body }, config: { access: spec.access.create } }, async (req) => {
      const v = req.body as Row;
      spec.check?.(v);
      const id = newId(spec.idPrefix);
      await db
        .transaction(async (tx) => {
          await assertUnique(tx, spec, v);
          await k(tx).insertInto(spec.table).values({ id, ...columns(v) }).execute();
          await log(tx, req, 'create', id, v);
        })
        .catch(uniqueViolation(spec));
      return ok({ id }, DONE.created);
    });
  }

  if (spec.access.update) {
    app.put(`${spec.path}/:id`, { schema: { params: idParams, body: updateBody }, config: { access: spec.access.update } }, async (req) => {
      const id = (req.params as { id: string }).id;
      await db
        .transaction(async (tx) => {
          const before = await r.find(tx, id);
          if (!before) throw notFound();
          const after = { ...r.toJson(before), ...(req.body as Row) };
          spec.check?.(after, before);
          await assertUnique(tx, spec, after, id);
          await spec.guards?.update?.(tx, before, after);
          await k(tx).updateTable(spec.table).set({ ...columns(after), lastModifyTime: sql`now()` }).where('id', '=', id).execute();
          await log(tx, req, 'update', id, after);
        })
        .catch(uniqueViolation(spec));
      return ok(null, DONE.updated);
    });
  }

  if (spec.access.delete) {
    app.delete(`${spec.path}/:id`, { schema: { params: idParams }, config: { access: spec.access.delete } }, async (req) => {
      const id = (req.params as { id: string }).id;
      await db.transaction(async (tx) => {
        const row = await r.find(tx, id);
        if (!row) throw notFound();
        await spec.guards?.delete?.(tx, row);
        await k(tx).deleteFrom(spec.table).where('id', '=', id).execute();
        await log(tx, req, 'delete', id, row);
      });
      return ok(null, DONE.deleted);
    });
  }
}
