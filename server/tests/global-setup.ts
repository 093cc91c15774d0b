import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../app.ts';

/**
 * Builds the server tests' template database once per run: migrated and seeded. Each test file
 * then starts from a copy (PGlite: a data-dir dump; PostgreSQL, under `npm run test:pg`:
 * `create database … template …`), which is much cheaper than migrating and seeding again.
 */

export interface TemplateDb {
  kind: 'pglite' | 'postgres';
  /** PGlite: the dump file */
  dumpFile?: string;
  /** PostgreSQL: the server URL and the template's name */
  url?: string;
  template?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: TemplateDb;
  }
}

const CACHE = join('node_modules', '.cache', 'server-tests');
// a small, deterministic slice of charging history keeps the template quick to build
const SEED = { chargingHistoryDays: 2, orderDays: 2 };

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // only `npm run test:pg` asks for PostgreSQL: `npm test` exports TEST_DATABASE_URL for it, and
  // the unit run in the same shell must still cover PGlite, the engine `npm start` uses
  const url = process.env.SERVER_TESTS_ON_POSTGRES === '1' ? process.env.TEST_DATABASE_URL : undefined;
  if (url) {
    const template = `parking_test_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const db = await prepareDatabase({ databaseUrl: withDatabase(url, template) }, SEED);
    await db.close();
    project.provide('templateDb', { kind: 'postgres', url, template });
    return async () => {
      await admin.query(`drop database if exists ${template}`);
      await admin.end();
    };
  }
  const db = await prepareDatabase({}, SEED);
  const dump = await db.pglite!.dumpDataDir('none');
  await db.close();
  mkdirSync(CACHE, { recursive: true });
  const dumpFile = join(CACHE, `template-${process.pid}.tar`);
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('templateDb', { kind: 'pglite', dumpFile });
  return async () => rmSync(dumpFile, { force: true });
}
