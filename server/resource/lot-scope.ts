import type { FastifyRequest } from 'fastify';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { ApiError } from '../lib/envelope.ts';

/**
 * Data scope by lot: a user assigned some lots (用户管理 › 所属停车场) sees and changes only the
 * records of those lots; a user with none assigned is not restricted. A resource declares where
 * its lot is (`lot: { column }`, or `many` for a list of lots) and the layer applies the scope to
 * every list, sum, export, detail and write.
 */

export interface LotColumn {
  /** the column holding the lot id (`id` for the lot itself) */
  column: string;
  /** the column is an array of lot ids: visible when one of them is in scope, writable when all are */
  many?: boolean;
  /** records without a lot (districts, streets) are seen by everyone, changed only by unrestricted users */
  shared?: boolean;
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = ExpressionBuilder<any, any>;

/** The condition that keeps a query to the caller's lots. */
export function scopeCondition(table: string, lot: LotColumn, lots: string[]): (eb: Eb) => Expression<SqlBool> {
  const column = `${table}.${lot.column}`;
  if (lot.many) return () => sql<SqlBool>`${sql.ref(column)} && ${sql.val(lots)}::text[]`;
  return (eb) => (lot.shared ? eb.or([eb(column, 'is', null), eb(column, 'in', lots)]) : eb(column, 'in', lots));
}
