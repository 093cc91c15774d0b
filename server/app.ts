import type { PGlite } from '@electric-sql/pglite';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { migrate, openDb } from './db.ts';
import { installAuth } from './lib/auth.ts';
import { installErrorHandling, installJsonParser } from './lib/errors.ts';
import { type PageBundle, registerStatic } from './lib/static.ts';
import { registerDocsRoute } from './routes/docs.ts';
import { registerMenuRoutes } from './routes/menus.ts';
import { registerOauthRoutes } from './routes/oauth.ts';
import { registerParkingRoutes } from './routes/parking.ts';
import { registerDictRoutes } from './routes/system-dict.ts';
import { seedIfEmpty } from './seed/index.ts';

export interface BuildAppOptions {
  /** Folder of the PGlite database; undefined or 'memory' = in memory. */
  dataDir?: string;
  /** Built front end served at `/` (default: <repo>/dist). */
  distDir?: string;
  /** Page bundles, in order; default: the repo's pages-json at /pages-json/. */
  pageBundles?: PageBundle[];
  logger?: boolean;
}

/** Opens the database (migrations, first-start seed) and registers every route; does not listen. */
export async function buildApp(opts: BuildAppOptions = {}): Promise<{ app: FastifyInstance; db: PGlite }> {
  const db = await openDb(opts.dataDir);
  await migrate(db);
  await seedIfEmpty(db);

  const app = Fastify({ logger: opts.logger ?? false, trustProxy: true, bodyLimit: 2 * 1024 * 1024 });
  app.addHook('onClose', async () => {
    await db.close();
  });
  installJsonParser(app);
  await app.register(formbody);
  installErrorHandling(app, opts.logger ?? false);
  registerDocsRoute(app);
  installAuth(app, db);

  registerOauthRoutes(app, db);
  registerParkingRoutes(app, db);
  registerMenuRoutes(app, db);
  registerDictRoutes(app, db);
  await registerStatic(app, { distDir: opts.distDir, pageBundles: opts.pageBundles });
  return { app, db };
}
