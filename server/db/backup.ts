import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import type { Database, Db } from './database.ts';

/**
 * Backups of the embedded database: PGlite's dump of its data directory (a gzipped tar of the
 * folder, uploads included), taken by the process that has the folder open, and restored into a
 * folder that no server has open. PostgreSQL has pg_dump and pg_restore (README, "Backups").
 */

/**
 * A gzipped tar of the open PGlite database, consistent while the server runs: it holds the one
 * connection (pglite-dialect.ts), so it waits for a transaction in progress to end and no write
 * starts until it is done; a checkpoint first puts every committed page in the files.
 */
export async function dumpPglite(db: Database): Promise<Buffer> {
  const pglite = db.pglite;
  if (db.kind !== 'pglite' || !pglite) throw new Error('only the embedded database is dumped; PostgreSQL has pg_dump');
  const blob = await db.kysely.connection().execute(async (conn) => {
    await sql`checkpoint`.execute(conn);
    return pglite.dumpDataDir('gzip');
  });
  return Buffer.from(await blob.arrayBuffer());
}

/** Rows per table of the public schema, by table name: what a backup holds, and what a restore must find. */
export async function tableCounts(db: Pick<Db, 'query'>): Promise<Record<string, number>> {
  const { rows } = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const r = await db.query<{ n: number }>(`select count(*)::int as n from "${name.replace(/"/g, '""')}"`);
    counts[name] = r.rows[0].n;
  }
  return counts;
}

const stamp = (): string => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

/**
 * Restores the backup `file` into the PGlite folder `dir`, which no server may have open. The
 * backup is unpacked and opened in a folder beside `dir` first, so a damaged file changes nothing;
 * a folder already at `dir` is kept, renamed `<dir>.before-restore-<China time>`, never deleted.
 * Answers the restored rows per table and where the previous folder went.
 */
export async function restorePglite(file: string, dir: string): Promise<{ counts: Record<string, number>; previous?: string }> {
  const target = resolve(dir);
  mkdirSync(dirname(target), { recursive: true });
  const staging = `${target}.restoring-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  let counts: Record<string, number>;
  try {
    const pglite = new PGlite(staging, { loadDataDir: new Blob([readFileSync(file)]) });
    try {
      await pglite.waitReady;
      const migrations = await pglite.query<{ n: number }>('select count(*)::int as n from schema_migrations');
      if (!migrations.rows[0].n) throw new Error('the backup holds no migrated database');
      counts = await tableCounts({
        query: async (text) => {
          const rows = (await pglite.query(text)).rows as never[];
          return { rows, rowCount: rows.length };
        },
      });
    } finally {
      await pglite.close();
    }
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `${file} is not a backup of the console's database (${e instanceof Error ? e.message : String(e)}); nothing was changed`,
      { cause: e },
    );
  }
  let previous: string | undefined;
  if (existsSync(target) && readdirSync(target).length > 0) {
    previous = `${target}.before-restore-${stamp()}`;
    renameSync(target, previous);
  } else rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);
  return { counts, previous };
}

/** A backup file name in China time, as every time the console shows: `console-20261124-163000.tar.gz`. */
export const backupFileName = (): string => `console-${stamp()}.tar.gz`;
