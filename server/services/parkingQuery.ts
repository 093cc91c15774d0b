import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import type { Page, Where } from './paging.ts';

/** Query helpers of the parking infrastructure lists (paging and conditions: ./paging.ts). */

export const likeArg = (s: string): string => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** Runs a count and a page of `select <cols> from <from> <where> order by <order>`; answers the list envelope data. */
export async function pageOf<R, J>(
  db: Db,
  from: string,
  cols: string,
  w: Where,
  order: string,
  p: Page,
  map: (r: R) => J,
): Promise<{ list: J[]; pagination: Page & { total: number } }> {
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
