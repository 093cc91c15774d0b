import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AliasableExpression, type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import Type, { type TSchema } from 'typebox';
import type { Db } from '../db/database.ts';
import type { Access } from '../lib/auth.ts';
import { DONE, badRequest, notFound, ok } from '../lib/envelope.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { type LotColumn, type LotScope, assertLots, lotsOf, outOfScope, scopeCondition, visible } from './lot-scope.ts';
import { f } from './fields.ts';
import { type Paging, paging as defaultPaging } from './paging.ts';
import { compileValidator } from './validation.ts';

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
  /** the list cannot be read without it (a dictionary's entries need the dictionary) */
  required?: boolean;
}

const likeArg = (s: string): string => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** The value a query gives a filter (by its name or an alias), if any. */
const valueOf = (q: Row, name: string, f: Filter): unknown =>
  [name, ...(f.aliases ?? [])].map((n) => q[n]).find((x) => x !== undefined && x !== null && x !== '');

/** Ready-made filters: equality on a column, or a keyword over several columns. */
export const filter = {
  eq: (column: string, schema: TSchema, aliases?: string[]): Filter => ({ schema, aliases, where: (eb, v) => eb(column, '=', v) }),
  keyword: (columns: string[], title = '关键字'): Filter => ({
    schema: Type.String({ title, maxLength: 100 }),
    where: (eb, v: string) => eb.or(columns.map((c) => eb(c, 'ilike', likeArg(v)))),
  }),
};

/**
 * A read-only answer column computed per row (`self` = the resource's table): the name of a
 * record the row points at, or a derived state defined once (a device's online state).
 */
export type Derived = (eb: Eb, self: string) => AliasableExpression<unknown>;

export const derive = {
  /** `column` (or an expression) of the `table` record that the row's `fk` names; `fallback` when there is none */
  lookup:
    (table: string, fk: string, column: string | ((eb: Eb) => AliasableExpression<unknown>), fallback?: unknown): Derived =>
    (eb, self) => {
      const one = eb
        .selectFrom(table)
        .select(typeof column === 'string' ? `${table}.${column}` : (e: Eb) => column(e).as('v'))
        .whereRef(`${table}.id`, '=', `${self}.${fk}`)
        .$asScalar();
      return fallback === undefined ? one : eb.fn.coalesce(one, eb.val(fallback));
    },
};

/**
 * A many-to-many assignment (user → roles, user → lots) answered and written as a list of ids:
 * the join table `table` holds (`from` = this record's id, `to` = the linked record's id).
 * Ids not found in `target.table` are refused with `${target.missing}: a,b`; `target.orderBy`
 * orders the list by the linked records' columns; `target.names` answers their names beside the ids.
 */
export interface Link {
  /** the field's name in messages */
  title: string;
  table: string;
  from: string;
  to: string;
  target: { table: string; missing: string; orderBy?: string[]; names?: { as: string; column: string } };
}

/** What a write hook is given: the transaction, the request (its caller), the record and its new values. */
export interface Write {
  tx: Db;
  req: FastifyRequest;
  id: string;
  /** the new values (on delete: the stored record) */
  values: Row;
  /** the stored record, on update and delete */
  before?: Row;
}

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
  /** many-to-many assignments, answered and written under their names as lists of ids */
  links?: Record<string, Link>;
  /** body fields that are not columns (passwords, grants, switches folded into a column): validated, handed to check, toColumns and effects */
  inputs?: Record<string, TSchema>;
  /** fields and inputs only a create body takes (an update leaves them as they are) */
  createOnly?: string[];
  /** `list`: a field whose taken values follow the message (`msg：A、B`) */
  unique?: { fields: string[]; msg: string; list?: string }[];
  filters?: Record<string, Filter>;
  /** answer columns computed per row (lookups, derived states); list order may use them too */
  derived?: Record<string, Derived>;
  orderBy: [string | Derived, 'asc' | 'desc'][];
  /** the list is every matching row nested under `children` by this parent field, or flat when filtered or `flat=1` */
  tree?: {
    parent: string;
    /** leaves answer `children: []` too (the console's menu item) */
    emptyChildren?: boolean;
  };
  /** figures over the filtered rows answered beside the list; the filters in `ignore` do not narrow them */
  summary?: { columns: Record<string, (eb: Eb) => AliasableExpression<unknown>>; ignore?: string[] };
  access: { list: Access; get?: Access | false; create?: Access; update?: Access; delete?: Access };
  /** where the record's lot is: every list, detail and write is kept to the caller's lots (lot-scope.ts) */
  lot?: LotColumn;
  /** list paging (default currentPage from 1 and pageSize) */
  paging?: Paging;
  /** update by PUT <path> with the id in the body (this is its title in messages), as the spec's api/dictDetail does */
  bodyId?: string;
  /** set to now() by an update (default lastModifyTime; null when the table has none) */
  modifiedColumn?: string | null;
  /** an update that changes this field is logged as a status change */
  statusField?: string;
  /** how a record is named in the operation log */
  describe(row: Row): string;
  /**
   * cross-field rules over the full new values (and, on update, the stored record and the body as
   * sent); may answer the values completed (e.g. a plate colour that follows the plate)
   */
  check?(values: Row, before?: Row, body?: Row): Row | void;
  /** stored row → answer (dates become epoch milliseconds by default); `req` for answers that depend on it */
  toJson?(row: Row, req?: FastifyRequest): Row;
  /** values → columns, for types the driver does not map (jsonb) or columns made from inputs (`all`: the values with the inputs) */
  toColumns?(values: Row, all: Row): Row;
  guards?: {
    /** rules against other records on create and update, before the unique check; may answer the values completed */
    save?(tx: Db, values: Row, before?: Row): Promise<Row | void>;
    update?(tx: Db, before: Row, after: Row): Promise<void>;
    delete?(tx: Db, row: Row): Promise<void>;
  };
  /** rules and writes after the record's own, in its transaction (a refusal rolls the write back): rows of other tables, rules over all records */
  effects?: {
    create?(w: Write): Promise<void>;
    update?(w: Write): Promise<void>;
    delete?(w: Write): Promise<void>;
  };
}

export interface Resource {
  spec: ResourceSpec;
  /** the list filters as one condition, for sums and exports over the same rows (`ignore`: filters left out) */
  where(q: Row, ignore?: string[], lots?: LotScope): (eb: Eb) => Expression<SqlBool>;
  /** paging and filters of the list */
  querySchema: TSchema;
  /** the filtered rows in list order (a query to finish: limit, execute, or compile into a report) */
  rows(db: Db, q: Row, lots?: LotScope): SelectQueryBuilder<any, any, Row>; // eslint-disable-line @typescript-eslint/no-explicit-any
  find(db: Db, id: string): Promise<Row | undefined>;
  toJson(row: Row, req?: FastifyRequest): Row;
  /** new records in one statement with the create rules, unique keys and one log row for all (batch actions); answers their ids */
  createMany(tx: Db, req: FastifyRequest, values: Row[], log: { recordId: string; detail: string }): Promise<string[]>;
}

const epochs = (row: Row): Row =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.getTime() : v]));

/** The `:id` of a record's path, for action routes beside the resource's own. */
export const idParams = Type.Object({ id: Type.String({ title: '编号', maxLength: 64 }) });

/** Nests an ordered list under its parents; a node whose parent is not listed is a root. */
function nest(rows: Row[], parent: string, emptyChildren = false): Row[] {
  const byId = new Map(rows.map((r): [unknown, Row] => [r.id, emptyChildren ? { ...r, children: [] } : { ...r }]));
  const roots: Row[] = [];
  for (const node of byId.values()) {
    const up = node[parent] ? byId.get(node[parent]) : undefined;
    if (up) ((up.children as Row[] | undefined) ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** A link's ids (or, with `names`, the linked records' names) of the row, in the link's order. */
function linked(l: Link, column?: string): Derived {
  return (eb, self) => {
    const { table: target, orderBy } = l.target;
    const join = column !== undefined || orderBy !== undefined;
    let q = eb.selectFrom(l.table).whereRef(`${l.table}.${l.from}`, '=', `${self}.id`);
    if (join) q = q.innerJoin(target, `${target}.id`, `${l.table}.${l.to}`);
    let list = q.select(column === undefined ? `${l.table}.${l.to}` : `${target}.${column}`);
    for (const c of orderBy ?? [`${l.table}.${l.to}`]) list = list.orderBy(c.includes('.') ? c : `${target}.${c}`);
    return sql`array(${list})`;
  };
}

/** Replaces the links given in `values` by those ids; unknown ids are refused. */
async function writeLinks(tx: Db, spec: ResourceSpec, id: string, values: Row): Promise<void> {
  const k = tx.kysely as AnyDb;
  for (const [name, l] of Object.entries(spec.links ?? {})) {
    if (!Array.isArray(values[name])) continue;
    const ids = [...new Set(values[name] as string[])];
    if (ids.length) {
      const found = new Set((await k.selectFrom(l.target.table).select('id').where('id', 'in', ids).execute()).map((r) => r.id as string));
      const missing = ids.filter((x) => !found.has(x));
      if (missing.length) throw badRequest(`${l.target.missing}: ${missing.join(',')}`);
    }
    await k.deleteFrom(l.table).where(l.from, '=', id).execute();
    if (ids.length) await k.insertInto(l.table).values(ids.map((x) => ({ [l.from]: id, [l.to]: x }))).execute();
  }
}

export function defineResource(spec: ResourceSpec): Resource {
  const filters = spec.filters ?? {};
  const toJson = (row: Row, req?: FastifyRequest): Row => epochs(spec.toJson ? spec.toJson(row, req) : row);
  const derived: Record<string, Derived> = {
    ...spec.derived,
    ...Object.fromEntries(
      Object.entries(spec.links ?? {}).flatMap(([name, l]) => [
        [name, linked(l)],
        ...(l.target.names ? [[l.target.names.as, linked(l, l.target.names.column)]] : []),
      ]),
    ),
  };
  let validate: ((v: unknown) => unknown) | undefined;
  // the stored columns and the derived ones
  const select = (db: Db) =>
    (db.kysely as AnyDb)
      .selectFrom(spec.table)
      .selectAll(spec.table)
      .select((eb) => Object.entries(derived).map(([n, d]) => d(eb, spec.table).as(n)));
  return {
    spec,
    toJson,
    querySchema: Type.Object({
      ...(spec.paging ?? defaultPaging).schema.properties,
      ...Object.fromEntries(
        Object.entries(filters).flatMap(([k, f]) => [k, ...(f.aliases ?? [])].map((n) => [n, f.required && n === k ? f.schema : Type.Optional(f.schema)])),
      ),
      ...(spec.tree ? { flat: Type.Optional(Type.Integer({ title: '平铺', minimum: 0, maximum: 1, 'x-msg': '平铺参数只能是0或1' })) } : {}),
    }),
    where: (q, ignore = [], lots = null) => (eb) =>
      eb.and([
        ...Object.entries(filters).flatMap(([k, f]) => {
          const v = ignore.includes(k) ? undefined : valueOf(q, k, f);
          return v === undefined ? [] : [f.where(eb, v as never)];
        }),
        ...(spec.lot && lots ? [scopeCondition(spec.table, spec.lot, lots)(eb)] : []),
      ]),
    rows(db, q, lots = null) {
      let query = select(db).where(this.where(q, [], lots));
      for (const [col, dir] of spec.orderBy) query = typeof col === 'string' ? query.orderBy(col, dir) : query.orderBy((eb) => col(eb, spec.table), dir);
      return query;
    },
    find: async (db, id) => (await select(db).where(`${spec.table}.id`, '=', id).executeTakeFirst()) as Row | undefined,
    async createMany(tx, req, values, log) {
      // each record's fields as if posted alone: their rules and defaults
      validate ??= compileValidator(
        Type.Object(Object.fromEntries(Object.entries(spec.fields).map(([n, s]) => [n, spec.required.includes(n) ? s : Type.Optional(s)]))),
      );
      const ids = await insert(tx, spec, values.map((v) => validate!(v) as Row), req).catch(uniqueViolation(spec));
      await writeOperLog(tx, req, { action: 'create', module: spec.module, ...log });
      return ids;
    },
  };
}

/** check and guards.save over one record's new values: the values to store. */
async function prepare(tx: Db, spec: ResourceSpec, values: Row, before?: Row, body?: Row): Promise<Row> {
  const checked = spec.check?.(values, before, body) ?? values;
  return (await spec.guards?.save?.(tx, checked, before)) ?? checked;
}

async function insert(tx: Db, spec: ResourceSpec, values: Row[], req: FastifyRequest): Promise<string[]> {
  const rows: Row[] = [];
  for (const v of values) rows.push(await prepare(tx, spec, v));
  if (spec.lot && lotsOf(req)) {
    if (spec.lot.column === 'id') throw outOfScope('限定了停车场范围的用户不能新增停车场');
    for (const v of rows) assertLots(req, v[spec.lot.column]);
  }
  await assertUnique(tx, spec, rows);
  const ids = rows.map(() => newId(spec.idPrefix));
  await (tx.kysely as AnyDb)
    .insertInto(spec.table)
    .values(rows.map((v, i) => ({ id: ids[i], ...columnsOf(spec, v) })))
    .execute();
  for (const [i, v] of rows.entries()) {
    await writeLinks(tx, spec, ids[i], v);
    await spec.effects?.create?.({ tx, req, id: ids[i], values: v });
  }
  return ids;
}

/** The writable fields of `v` as columns (`except`: fields left as they are). */
function columnsOf(spec: ResourceSpec, v: Row, except: string[] = []): Row {
  const picked = Object.fromEntries(Object.keys(spec.fields).filter((n) => n in v && !except.includes(n)).map((n) => [n, v[n]]));
  return spec.toColumns ? spec.toColumns(picked, v) : picked;
}

async function assertUnique(db: Db, spec: ResourceSpec, rows: Row[], exceptId = ''): Promise<void> {
  for (const u of spec.unique ?? []) {
    const hits = (await (db.kysely as AnyDb)
      .selectFrom(spec.table)
      .select(u.fields)
      .where((eb) => eb.or(rows.map((v) => eb.and(u.fields.map((c) => eb(c, '=', v[c]))))))
      .where('id', '<>', exceptId)
      .orderBy(u.list ?? 'id')
      .limit(u.list ? 5 : 1)
      .execute()) as Row[];
    if (hits.length) throw badRequest(u.list ? `${u.msg}：${hits.map((h) => h[u.list!]).join('、')}` : u.msg);
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
  const createOnly = spec.createOnly ?? [];
  // the body fields: columns, links (lists of ids) and inputs
  const writable: Record<string, TSchema> = {
    ...spec.fields,
    ...Object.fromEntries(Object.entries(spec.links ?? {}).map(([n, l]) => [n, f.ids(l.title)])),
    ...spec.inputs,
  };
  const body = Type.Object(
    Object.fromEntries(Object.entries(writable).map(([n, s]) => [n, spec.required.includes(n) ? s : Type.Optional(s)])),
  );
  const updatable = Object.entries(writable).filter(([n]) => !createOnly.includes(n));
  const updateBody = Type.Object(
    {
      ...(spec.bodyId ? { id: Type.String({ title: spec.bodyId, maxLength: 64 }) } : {}),
      ...Object.fromEntries(updatable.map(([n, s]) => [n, Type.Optional(s)])),
    },
    { 'x-nonblank': spec.required.filter((n) => !createOnly.includes(n)) },
  );
  const paging = spec.paging ?? defaultPaging;
  const log = (tx: Db, req: FastifyRequest, action: 'create' | 'update' | 'delete', id: string, row: Row) =>
    writeOperLog(tx, req, { action, module: spec.module, recordId: id, detail: spec.describe(row) });

  // what a record and a page of them look like, for the OpenAPI description
  const record = Type.Object({ id: Type.String(), ...spec.fields, createTime: Type.Integer({ description: 'epoch ms' }) });
  const page = Type.Object({
    list: Type.Array(record),
    pagination: Type.Object({ currentPage: Type.Integer(), pageSize: Type.Integer(), total: Type.Integer() }),
  });

  app.get(spec.path, { schema: { querystring: r.querySchema }, config: { access: spec.access.list, data: page } }, async (req) => {
    const q = req.query as Row;
    const lots = lotsOf(req);
    const json = (row: Row) => r.toJson(row, req);
    if (spec.tree) {
      const rows = (await r.rows(db, q, lots).execute()).map(json);
      const flat = q.flat === 1 || Object.entries(spec.filters ?? {}).some(([name, f]) => valueOf(q, name, f) !== undefined);
      const pagination = { currentPage: 1, pageSize: rows.length, total: rows.length };
      return ok({ list: flat ? rows : nest(rows, spec.tree.parent, spec.tree.emptyChildren), pagination });
    }
    const { n } = (await k(db)
      .selectFrom(spec.table)
      .where(r.where(q, [], lots))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()) as { n: number };
    const p = paging.read(q);
    const rows = await r.rows(db, q, lots).limit(p.pageSize).offset(p.offset).execute();
    const pagination = { currentPage: p.currentPage, pageSize: p.pageSize, total: Number(n) };
    if (!spec.summary) return ok({ list: rows.map(json), pagination });
    const { columns, ignore } = spec.summary;
    const summary = await k(db)
      .selectFrom(spec.table)
      .where(r.where(q, ignore, lots))
      .select((eb) => Object.entries(columns).map(([name, c]) => c(eb).as(name)))
      .executeTakeFirstOrThrow();
    return ok({ list: rows.map(json), pagination, summary });
  });

  if (spec.access.get !== false) {
    app.get(`${spec.path}/:id`, { schema: { params: idParams }, config: { access: spec.access.get ?? spec.access.list, data: record } }, async (req) => {
      const row = await r.find(db, (req.params as { id: string }).id);
      if (!row) throw notFound();
      if (spec.lot && !visible(lotsOf(req), row[spec.lot.column], spec.lot)) throw outOfScope();
      return ok(r.toJson(row, req));
    });
  }

  if (spec.access.create) {
    app.post(spec.path, { schema: { body }, config: { access: spec.access.create } }, async (req) => {
      const v = req.body as Row;
      const id = await db
        .transaction(async (tx) => {
          const [id] = await insert(tx, spec, [v], req);
          await log(tx, req, 'create', id, v);
          return id;
        })
        .catch(uniqueViolation(spec));
      return ok({ id }, DONE.created);
    });
  }

  if (spec.access.update) {
    const path = spec.bodyId ? spec.path : `${spec.path}/:id`;
    const schema = spec.bodyId ? { body: updateBody } : { params: idParams, body: updateBody };
    const modified = spec.modifiedColumn === undefined ? 'lastModifyTime' : spec.modifiedColumn;
    app.put(path, { schema, config: { access: spec.access.update } }, async (req) => {
      const id = spec.bodyId ? ((req.body as Row).id as string) : (req.params as { id: string }).id;
      await db
        .transaction(async (tx) => {
          const before = await r.find(tx, id);
          if (!before) throw notFound();
          if (spec.lot) assertLots(req, before[spec.lot.column]);
          const body = Object.fromEntries(Object.entries(req.body as Row).filter(([n]) => !createOnly.includes(n)));
          const merged = { ...r.toJson(before), ...body };
          if (spec.lot) assertLots(req, merged[spec.lot.column]);
          const after = await prepare(tx, spec, merged, before, body);
          if (spec.lot) assertLots(req, after[spec.lot.column]);
          await assertUnique(tx, spec, [after], id);
          await spec.guards?.update?.(tx, before, after);
          await k(tx)
            .updateTable(spec.table)
            .set({ ...columnsOf(spec, after, createOnly), ...(modified ? { [modified]: sql`now()` } : {}) })
            .where('id', '=', id)
            .execute();
          await writeLinks(tx, spec, id, body);
          await spec.effects?.update?.({ tx, req, id, values: after, before });
          const status = spec.statusField !== undefined && after[spec.statusField] !== before[spec.statusField];
          await writeOperLog(tx, req, { action: status ? 'status' : 'update', module: spec.module, recordId: id, detail: spec.describe(after) });
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
        if (spec.lot) assertLots(req, row[spec.lot.column]);
        await spec.guards?.delete?.(tx, row);
        await k(tx).deleteFrom(spec.table).where('id', '=', id).execute();
        await spec.effects?.delete?.({ tx, req, id, values: row, before: row });
        await log(tx, req, 'delete', id, row);
      });
      return ok(null, DONE.deleted);
    });
  }
}
