import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './database.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Applies server/migrations/NNN_name.sql in filename order, each in its own transaction,
 * recording each in schema_migrations. Returns the names applied by this call. An advisory lock
 * keeps two servers starting on one PostgreSQL from applying the same file twice.
 */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7301)');
    await tx.query(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set(await appliedMigrations(tx));
    const files = readdirSync(dir)
      .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
      .sort();
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.query(readFileSync(join(dir, file), 'utf8'));
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}

/** The names of the migrations applied to `db` (schema_migrations), in no order. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('select name from schema_migrations');
  return rows.map((r) => r.name);
}
