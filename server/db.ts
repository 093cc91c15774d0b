import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens PGlite in a folder, or in memory when dataDir is undefined or 'memory'. */
export async function openDb(dataDir?: string): Promise<PGlite> {
  let db: PGlite;
  if (!dataDir || dataDir === 'memory') {
    db = new PGlite();
  } else {
    mkdirSync(dataDir, { recursive: true });
    db = new PGlite(dataDir);
  }
  await db.waitReady;
  return db;
}

/**
 * Applies server/migrations/NNN_name.sql in filename order, each in its own transaction,
 * recording each in schema_migrations. Returns the names applied by this call.
 */
export async function migrate(db: PGlite, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`);
  const done = new Set(
    (await db.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name),
  );
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = readFileSync(join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
    });
    applied.push(file);
  }
  return applied;
}
