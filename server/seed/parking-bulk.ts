import type { Db } from '../db/database.ts';

/** Multi-row inserts in chunks: thousands of demo rows in a few statements keep the first start fast. */
export async function insertRows(tx: Db, table: string, columns: string[], rows: unknown[][], chunk = 400): Promise<void> {
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk);
    const params: unknown[] = [];
    const tuples = part.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`);
    await tx.query(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, params);
  }
}
