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
import { createFileStore, registerUploadRoutes } from './routes/upload.ts';
import { registerDictRoutes } from './routes/system-dict.ts';
import { registerLogRoutes } from './routes/system-logs.ts';
import { registerRoleRoutes } from './routes/system-roles.ts';
import { registerToolsRoutes } from './routes/system-tools.ts';
import { registerUserRoutes } from './routes/system-users.ts';
import { seedIfEmpty } from './seed/index.ts';

export interface BuildAppOptions {
  /** Folder of the PGlite database; undefined or 'memory' = in memory. */
  dataDir?: string;
  /** Built front end served at `/` (default: <repo>/dist). */
  distDir?: string;
  /** Page bundles, in order; default: the repo's pages-json at /pages-json/. */
  pageBundles?: PageBundle[];
  logger?: boolean;
  /** Development: stream page-file changes at /__pages-events. */
  watchPages?: boolean;
  /** Told of every route as it is registered (the page checker matches page APIs against them). */
  onRoute?: (route: { method: string; url: string }) => void;
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
  if (opts.onRoute) {
    const tell = opts.onRoute;
    app.addHook('onRoute', (r) => {
      for (const method of [r.method].flat()) tell({ method: String(method), url: r.url });
    });
  }
  installJsonParser(app);
  await app.register(formbody);
  installErrorHandling(app, opts.logger ?? false);
  registerDocsRoute(app);
  registerToolsRoutes(app); // before the routes it describes
  installAuth(app, db);

  registerOauthRoutes(app, db);
  registerParkingRoutes(app, db);
  registerMenuRoutes(app, db);
  await registerUploadRoutes(app, db, createFileStore(opts.dataDir));
  registerDictRoutes(app, db);
  registerUserRoutes(app, db);
  registerRoleRoutes(app, db);
  registerLogRoutes(app, db);
  await registerStatic(app, { distDir: opts.distDir, pageBundles: opts.pageBundles, watchPages: opts.watchPages });
  return { app, db };
}
