import type { PGlite, Transaction } from '@electric-sql/pglite';
import { badRequest } from '../lib/envelope.ts';
import { type Input, optInt } from '../lib/fields.ts';

/** Paging and filter building shared by the parking infrastructure lists. */

export type Db = PGlite | Transaction;

export interface Paging {
  currentPage: number;
  pageSize: number;
}

export function readPaging(q: Input): Paging {
  const currentPage = optInt(q.currentPage, '当前页码必须是正整数') ?? 1;
  if (currentPage < 1) throw badRequest('当前页码必须是正整数');
  const pageSize = optInt(q.pageSize, '每页条数必须是1到1000之间的整数') ?? 10;
  if (pageSize < 1 || pageSize > 1000) throw badRequest('每页条数必须是1到1000之间的整数');
  return { currentPage, pageSize };
}

/** Collects `where` conditions with numbered parameters; `?` in a condition is each use of the value. */
export class Where {
  readonly conds: string[] = [];
  readonly params: unknown[] = [];

  add(sql: string, v: unknown): this {
    this.params.push(v);
    this.conds.push(sql.replaceAll('?', `$${this.params.length}`));
    return this;
  }

  get sql(): string {
    return this.conds.length ? `where ${this.conds.join(' and ')}` : '';
  }
}

export const likeArg = (s: string): string => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** Runs a count and a page of `select <cols> from <from> <where> order by <order>`; answers the list envelope data. */
export async function pageOf<R, J>(
  db: Db,
  from: string,
  cols: string,
  w: Where,
  order: string,
  p: Paging,
  map: (r: R) => J,
): Promise<{ list: J[]; pagination: Paging & { total: number } }> {
  const total = (await db.query<{ n: number }>(`select count(*)::int as n from ${from} ${w.sql}`, w.params)).rows[0].n;
  const { rows } = await db.query<R>(
    `select ${cols} from ${from} ${w.sql} order by ${order} limit ${p.pageSize} offset ${(p.currentPage - 1) * p.pageSize}`,
    w.params,
  );
  return { list: rows.map(map), pagination: { ...p, total } };
}

/** Unique violations raised by a concurrent insert answer the same words as the pre-check. */
export function uniqueAs(msg: string): (e: unknown) => never {
  return (e) => {
    if ((e as { code?: string }).code === '23505') throw badRequest(msg);
    throw e;
  };
}

export async function lotExists(db: Db, id: string): Promise<{ id: string; parking_name: string; type: number } | undefined> {
  return (await db.query<{ id: string; parking_name: string; type: number }>('select id, parking_name, type from parking where id = $1', [id])).rows[0];
}

export const ts = (d: Date | null): number | null => (d ? d.getTime() : null);
