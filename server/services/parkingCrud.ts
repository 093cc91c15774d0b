import { badRequest } from '../lib/envelope.ts';
import type { Db } from '../db/database.ts';

/** Insert / update of a validated record through a column ↔ field list (one statement each). */

export async function insertRecord<V>(db: Db, table: string, id: string, cols: [string, keyof V][], v: V): Promise<void> {
  const names = cols.map(([c]) => c).join(', ');
  const marks = cols.map((_, i) => `$${i + 2}`).join(', ');
  await db.query(`insert into ${table} (id, ${names}) values ($1, ${marks})`, [id, ...cols.map(([, k]) => v[k])]);
}

export async function updateRecord<V>(db: Db, table: string, id: string, cols: [string, keyof V][], v: V): Promise<void> {
  const sets = cols.map(([c], i) => `${c} = $${i + 2}`).join(', ');
  await db.query(`update ${table} set ${sets}, last_modify_time = now() where id = $1`, [id, ...cols.map(([, k]) => v[k])]);
}

/**
 * Refuses a value another record of `table` already holds (`match`: column → value, all equal),
 * apart from the record being updated. The unique index catches a concurrent insert (uniqueAs).
 */
export async function assertUnique(db: Db, table: string, match: Record<string, unknown>, msg: string, exceptId = ''): Promise<void> {
  const cols = Object.keys(match);
  const where = cols.map((c, i) => `${c} = $${i + 1}`).join(' and ');
  const { rows } = await db.query(`select 1 from ${table} where ${where} and id <> $${cols.length + 1}`, [...Object.values(match), exceptId]);
  if (rows.length) throw badRequest(msg);
}
