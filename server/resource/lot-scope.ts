import type { FastifyRequest } from 'fastify';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { ApiError } from '../lib/envelope.ts';
import type { AnyDb, Eb, Row } from './spec.ts';

/**
 * Data scope by lot: a user assigned some lots (用户管理 › 所属停车场) sees and changes only the
 * records of those lots; a user with none assigned is not restricted. A resource declares where
 * its lot is (`lot: { column }`, `many` for a list of lots, `via` for a parent's lot) and the layer
 * applies the scope to every list, sum, export, detail and write.
 */

export interface LotColumn {
  /** the column holding the lot id (`id` for the lot itself), or with `via` the parent's id */
  column: string;
  /** the column is an array of lot ids: visible when one of them is in scope, writable when all are */
  many?: boolean;
  /** records without a lot (districts, streets) are seen by everyone, changed only by unrestricted users */
  shared?: boolean;
  /**
   * The lot is a parent's (a pile's is its station's): each step names the table the previous
   * column's id is in and that table's column leading on, the last one holding the lot. An empty
   * link counts as no lot.
   */
  via?: { table: string; column: string }[];
}

/** The caller's lots, or null when unrestricted. */
export type LotScope = string[] | null;

export const lotsOf = (req?: FastifyRequest): LotScope => req?.auth?.lots ?? null;

export const OUT_OF_SCOPE = '无权访问其他停车场的数据';
export const outOfScope = (msg = OUT_OF_SCOPE): ApiError => new ApiError(403, msg);

const idsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === null || v === undefined || v === '' ? [] : [String(v)]);

/** May the caller see a record whose lot value is `value`? */
export function visible(lots: LotScope, value: unknown, lot?: LotColumn): boolean {
  if (!lots) return true;
  const ids = idsOf(value);
  return (lot?.shared === true && ids.length === 0) || ids.some((id) => lots.includes(id));
}

/** May the caller write a record whose lot value is `value` (every lot named in scope)? */
export function writable(lots: LotScope, value: unknown): boolean {
  if (!lots) return true;
  const ids = idsOf(value);
  return ids.length > 0 && ids.every((id) => lots.includes(id));
}

/** Refuses a lot (or lots) outside the caller's scope. */
export function assertLots(req: FastifyRequest, value: unknown): void {
  if (!writable(lotsOf(req), value)) throw outOfScope();
}

/** Refuses (400) the lots in `value` that do not exist: a write naming one answers a message, not a foreign-key failure. */
export async function assertLotsExist(db: Db, value: unknown, title = '停车场'): Promise<void> {
  const ids = [...new Set(idsOf(value))];
  if (!ids.length) return;
  const { rows } = await db.query<{ id: string }>('select id from parking where id = any($1::text[])', [ids]);
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  // one lot: the words every form already shows; several: which of them
  if (missing.length) throw new ApiError(400, ids.length > 1 ? `${title}不存在：${missing.join('、')}` : `${title}不存在`);
}

/** Whether lot `id` exists. */
export async function lotExists(db: Db, id: string): Promise<boolean> {
  return (await db.kysely.selectFrom('parking').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The lot value of a record (stored, or new values): its own column, or its parent's through `via`. */
export async function lotValue(db: Db, lot: LotColumn, row: Row): Promise<unknown> {
  let value = row[lot.column];
  for (const step of lot.via ?? []) {
    if (idsOf(value).length === 0) return null;
    const parent = await (db.kysely as AnyDb).selectFrom(step.table).select(step.column).where('id', '=', value).executeTakeFirst();
    value = parent?.[step.column] ?? null;
  }
  return value;
}

/** May the caller see this record? (A parent's lot is looked up only for a restricted caller.) */
export async function canSee(db: Db, req: FastifyRequest, lot: LotColumn, row: Row): Promise<boolean> {
  const lots = lotsOf(req);
  return !lots || visible(lots, await lotValue(db, lot, row), lot);
}

/** Refuses a record (its stored or its new values) whose lot the caller may not change. */
export async function assertRecordLot(db: Db, req: FastifyRequest, lot: LotColumn, row: Row): Promise<void> {
  if (lotsOf(req)) assertLots(req, await lotValue(db, lot, row));
}

/**
 * The condition that keeps a query to the caller's lots: those it may see, or with `change` those
 * it may write (shared records left out, every lot of a list in scope). A parent's lot is a
 * subquery per step, so a list, sum or export stays one statement.
 */
export function scopeCondition(table: string, lot: LotColumn, lots: string[], change = false): (eb: Eb) => Expression<SqlBool> {
  const column = `${table}.${lot.column}`;
  const orShared = (eb: Eb, cond: Expression<SqlBool>) => (lot.shared && !change ? eb.or([eb(column, 'is', null), cond]) : cond);
  const [step, ...rest] = lot.via ?? [];
  if (step) {
    const parents = scopeCondition(step.table, { ...lot, column: step.column, via: rest }, lots, change);
    return (eb) => orShared(eb, eb(column, 'in', eb.selectFrom(step.table).select(`${step.table}.id`).where(parents)));
  }
  if (lot.many && change)
    return () => sql<SqlBool>`(${sql.ref(column)} <@ ${sql.val(lots)}::text[] and cardinality(${sql.ref(column)}) > 0)`;
  if (lot.many) return () => sql<SqlBool>`${sql.ref(column)} && ${sql.val(lots)}::text[]`;
  return (eb) => orShared(eb, eb(column, 'in', lots));
}
