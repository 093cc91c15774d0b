import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { withDatabase } from './global-setup.ts';

/** True when the server tests run on PostgreSQL (`npm run test:pg`) rather than PGlite. */
export const onPostgres = (): boolean => inject('templateDb').kind === 'postgres';

/** A fresh copy of the run's migrated, seeded template database (see global-setup.ts); dropped on close. */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const t = inject('templateDb');
  if (t.kind === 'pglite') return openDatabase({ loadDataDir: new Blob([readFileSync(t.dumpFile!)]) });
  const name = `parking_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: t.url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${t.template}`);
  } finally {
    await admin.end();
  }
  const db = await openDatabase({ databaseUrl: withDatabase(t.url!, name) });
  const close = db.close.bind(db);
  return Object.assign(db, {
    url: withDatabase(t.url!, name),
    close: async () => {
      await close();
      const a = new pg.Client({ connectionString: t.url });
      await a.connect();
      await a.query(`drop database if exists ${name}`);
      await a.end();
    },
  });
}
