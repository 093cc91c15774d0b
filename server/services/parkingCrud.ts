import type { Db } from './parkingQuery.ts';

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
