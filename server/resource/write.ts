import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import { newId } from '../lib/ids.ts';
import { assertLotsExist, assertRecordLot, lotsOf, outOfScope } from './lot-scope.ts';
import type { AnyDb, Derived, Link, ResourceSpec, Row, Stored } from './spec.ts';

/** How a resource's records are written: links, the create and update rules, unique keys. */

/** A link's ids (or, with `names`, the linked records' names) of the row, in the link's order. */
export function linked(l: Link, column?: string): Derived {
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
export async function writeLinks(tx: Db, spec: ResourceSpec, id: string, values: Row): Promise<void> {
  const k = tx.kysely as AnyDb;
  for (const [name, l] of Object.entries(spec.links ?? {})) {
    const given = values[name];
    if (!Array.isArray(given)) continue;
    const ids = [...new Set<string>(given)];
    if (ids.length) {
      const found = new Set((await k.selectFrom(l.target.table).select('id').where('id', 'in', ids).execute()).map((r) => r.id));
      const missing = ids.filter((x) => !found.has(x));
      if (missing.length) throw badRequest(`${l.target.missing}: ${missing.join(',')}`);
    }
    await k.deleteFrom(l.table).where(l.from, '=', id).execute();
    if (ids.length)
      await k
        .insertInto(l.table)
        .values(ids.map((x) => ({ [l.from]: id, [l.to]: x })))
        .execute();
  }
}

/** check and guards.save over one record's new values: the values to store. */
export async function prepare(tx: Db, spec: ResourceSpec, values: Row, before?: Stored, body?: Row): Promise<Row> {
  const checked = spec.check?.(values, before, body) ?? values;
  // a record's own lot column (not a parking lot's id, nor a parent's): the lots it names exist
  const lot = spec.lot;
  if (lot && !lot.via && lot.column !== 'id') await assertLotsExist(tx, checked[lot.column], titleOf(spec, lot.column));
  return (await spec.guards?.save?.(tx, checked, before)) ?? checked;
}

const titleOf = (spec: ResourceSpec, field: string): string | undefined => (spec.fields[field] as { title?: string } | undefined)?.title;

export async function insert(tx: Db, spec: ResourceSpec, values: Row[], req: FastifyRequest): Promise<string[]> {
  const rows: Row[] = [];
  for (const v of values) rows.push(await prepare(tx, spec, v));
  if (spec.lot && lotsOf(req)) {
    if (spec.lot.column === 'id') throw outOfScope('限定了停车场范围的用户不能新增停车场');
    for (const v of rows) await assertRecordLot(tx, req, spec.lot, v);
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
export function columnsOf(spec: ResourceSpec, v: Row, except: string[] = []): Row {
  const picked = Object.fromEntries(
    Object.keys(spec.fields)
      .filter((n) => n in v && !except.includes(n))
      .map((n) => [n, v[n]]),
  );
  return spec.toColumns ? spec.toColumns(picked, v) : picked;
}

export async function assertUnique(db: Db, spec: ResourceSpec, rows: Row[], exceptId = ''): Promise<void> {
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
export function uniqueViolation(spec: ResourceSpec): (e: unknown) => never {
  return (e) => {
    if ((e as { code?: string }).code === '23505') throw badRequest(spec.unique?.[0]?.msg ?? '记录已存在');
    throw e;
  };
}
