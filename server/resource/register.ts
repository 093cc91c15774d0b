import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import Type, { type TSchema } from 'typebox';
import type { Db } from '../db/database.ts';
import { DONE, notFound, ok } from '../lib/envelope.ts';
import { registerExport } from './export.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { idParams } from './define.ts';
import { TotalsCache, versionOf } from './totals-cache.ts';
import { keptTotals } from './kept-totals.ts';
import { valueOf } from './filters.ts';
import { f } from './fields.ts';
import { assertRecordLot, canSee, lotsOf, outOfScope } from './lot-scope.ts';
import { paging as defaultPaging } from './paging.ts';
import type { AnyDb, Resource, Row, Stored } from './spec.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { assertUnique, columnsOf, insert, prepare, uniqueViolation, writeLinks } from './write.ts';

/** The routes of a resource: list, get, create, update, delete, each validated, scoped and logged. */

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

export function registerResource(fastify: FastifyInstance, db: Db, r: Resource): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
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
  const updateFields = Object.fromEntries(updatable.map(([n, s]) => [n, Type.Optional(s)]));
  const updateOpts = { 'x-nonblank': spec.required.filter((n) => !createOnly.includes(n)) };
  const updateBody = Type.Object(updateFields, updateOpts);
  // PUT <path> with the record's id in the body (bodyId), instead of PUT <path>/:id
  const updateBodyWithId = Type.Object({ id: Type.String({ title: spec.bodyId, maxLength: 64 }), ...updateFields }, updateOpts);
  const paging = spec.paging ?? defaultPaging;
  const totals = new TotalsCache();
  /**
   * The record a write guards, locked until its transaction ends: an edit or a delete beside a
   * payment of the same record (a card) waits for it and then sees what it wrote.
   */
  const lockedFind = async (tx: Db, id: string): Promise<Stored | undefined> => {
    await k(tx).selectFrom(spec.table).select('id').where('id', '=', id).forUpdate().execute();
    return r.find(tx, id);
  };
  const log = (tx: Db, req: FastifyRequest, action: 'create' | 'update' | 'delete', id: string, row: Row) =>
    writeOperLog(tx, req, { action, module: spec.module, recordId: id, detail: spec.describe(row) });

  // what a record and a page of them look like, for the OpenAPI description
  const record = Type.Object({ id: Type.String(), ...spec.fields, createTime: Type.Integer({ description: 'epoch ms' }) });
  const page = Type.Object({
    list: Type.Array(record),
    pagination: Type.Object({ currentPage: Type.Integer(), pageSize: Type.Integer(), total: Type.Integer() }),
  });

  registerExport(app, db, r);
  app.get(spec.path, { schema: { querystring: r.querySchema }, config: { access: spec.access.list, data: page } }, async (req) => {
    const q = req.query;
    const lots = lotsOf(req);
    const json = (row: Stored) => r.toJson(row, req);
    if (spec.tree) {
      const rows = (await r.rows(db, q, lots).execute()).map(json);
      const flat = q.flat === 1 || Object.entries(spec.filters ?? {}).some(([name, f]) => valueOf(q, name, f) !== undefined);
      const pagination = { currentPage: 1, pageSize: rows.length, total: rows.length };
      return ok({ list: flat ? rows : nest(rows, spec.tree.parent, spec.tree.emptyChildren), pagination });
    }
    const p = paging.read(q);
    const page = await r.rows(db, q, lots).select(versionOf(spec.table)).limit(p.pageSize).offset(p.offset).execute();
    const seen = page[0]?.listVersion;
    const rows = page.map(({ listVersion: _, ...row }) => row);
    const kept = spec.summary?.kept;
    if (kept && Object.entries(spec.filters ?? {}).every(([name, f]) => name === kept.lotFilter || valueOf(q, name, f) === undefined)) {
      const lotFilter = spec.filters?.[kept.lotFilter];
      const named = lotFilter ? valueOf(q, kept.lotFilter, lotFilter) : undefined;
      const { total, summary } = await keptTotals(db, kept, Object.keys(spec.summary!.columns), named, lots);
      return ok({ list: rows.map(json), pagination: { currentPage: p.currentPage, pageSize: p.pageSize, total }, summary });
    }
    const counted = k(db)
      .selectFrom(spec.table)
      .where(r.where(q, [], lots))
      .select((eb) => eb.fn.countAll<number>().as('n'));
    const total = Number((await totals.row(counted, spec.table, seen)).n);
    const pagination = { currentPage: p.currentPage, pageSize: p.pageSize, total };
    if (!spec.summary) return ok({ list: rows.map(json), pagination });
    const { columns, ignore } = spec.summary;
    const summed = k(db)
      .selectFrom(spec.table)
      .where(r.where(q, ignore, lots))
      .select((eb) => Object.entries(columns).map(([name, c]) => c(eb).as(name)));
    const summary = await totals.row(summed, spec.table, seen);
    return ok({ list: rows.map(json), pagination, summary });
  });

  if (spec.access.get !== false) {
    app.get(
      `${spec.path}/:id`,
      { schema: { params: idParams }, config: { access: spec.access.get ?? spec.access.list, data: record } },
      async (req) => {
        const row = await r.find(db, req.params.id);
        if (!row) throw notFound();
        if (spec.lot && !(await canSee(db, req, spec.lot, row))) throw outOfScope();
        return ok(r.toJson(row, req));
      },
    );
  }

  if (spec.access.create) {
    app.post(spec.path, { schema: { body }, config: { access: spec.access.create } }, async (req) => {
      const v = req.body;
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
    const modified = spec.modifiedColumn === undefined ? 'lastModifyTime' : spec.modifiedColumn;
    const update = async (req: FastifyRequest, id: string, sent: Row) => {
      await db
        .transaction(async (tx) => {
          const before = await lockedFind(tx, id);
          if (!before) throw notFound();
          if (spec.lot) await assertRecordLot(tx, req, spec.lot, before);
          const body = Object.fromEntries(Object.entries(sent).filter(([n]) => !createOnly.includes(n)));
          const merged = { ...r.toJson(before), ...body };
          if (spec.lot) await assertRecordLot(tx, req, spec.lot, merged);
          const after = await prepare(tx, spec, merged, before, body);
          if (spec.lot) await assertRecordLot(tx, req, spec.lot, after);
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
          await writeOperLog(tx, req, {
            action: status ? 'status' : 'update',
            module: spec.module,
            recordId: id,
            detail: spec.describe(after),
          });
        })
        .catch(uniqueViolation(spec));
      return ok(null, DONE.updated);
    };
    const config = { access: spec.access.update };
    if (spec.bodyId) app.put(spec.path, { schema: { body: updateBodyWithId }, config }, (req) => update(req, req.body.id, req.body));
    else
      app.put(`${spec.path}/:id`, { schema: { params: idParams, body: updateBody }, config }, (req) =>
        update(req, req.params.id, req.body),
      );
  }

  if (spec.access.delete) {
    app.delete(`${spec.path}/:id`, { schema: { params: idParams }, config: { access: spec.access.delete } }, async (req) => {
      const id = req.params.id;
      await db.transaction(async (tx) => {
        const row = await lockedFind(tx, id);
        if (!row) throw notFound();
        if (spec.lot) await assertRecordLot(tx, req, spec.lot, row);
        await spec.guards?.delete?.(tx, row);
        await k(tx).deleteFrom(spec.table).where('id', '=', id).execute();
        await spec.effects?.delete?.({ tx, req, id, values: row, before: row });
        await log(tx, req, 'delete', id, row);
      });
      return ok(null, DONE.deleted);
    });
  }
}
