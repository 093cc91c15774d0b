import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteRef } from '../../domain/pages/check/page-rules.ts';

const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const CACHE_DIR = join(REPO, 'node_modules', '.cache', 'check-pages');

/**
 * The reference server's /api routes, as the page checker matches page APIs against them.
 * The one place that knows how to ask the server.
 *
 * TODO(server-routes): `discoverServerRoutes` is the one function to change when the server's
 * route registration changes (owner: the server). It uses `registerApi` from server/app.ts on a
 * bare Fastify instance with a database stand-in that throws if touched (registration reads
 * nothing from the database), so no PGlite is opened or seeded. What remains costly on a cache
 * miss is importing server/app.ts (PGlite, pg, Kysely: about 1.5 s); a route-only entry point
 * without those imports would remove it. `serverRoutes` below caches the answer meanwhile.
 */
export async function discoverServerRoutes(): Promise<RouteRef[]> {
  const [{ default: Fastify }, { registerApi }] = await Promise.all([import('fastify'), import('../../server/app.ts')]);
  const routes: RouteRef[] = [];
  const app = Fastify({ logger: false });
  app.addHook('onRoute', (r) => {
    const body = (r.schema as { body?: unknown } | undefined)?.body;
    for (const method of [r.method].flat()) routes.push({ method: String(method), url: r.url, ...(body ? { body } : {}) });
  });
  // start-up work (a change feed, a job) runs in onReady hooks and reads the database: routes are all
  // registered before it, so discovery leaves those hooks out
  const addHook = app.addHook.bind(app) as (name: string, hook: unknown) => unknown;
  (app as unknown as { addHook: typeof addHook }).addHook = (name, hook) => (name === 'onReady' ? app : addHook(name, hook));
  const untouchable = new Proxy({} as Parameters<typeof registerApi>[1], {
    get: (_target, key) => {
      throw new Error(`route discovery touched the database (${String(key)})`);
    },
  });
  await registerApi(app, untouchable);
  await app.ready();
  await app.close();
  return routes.filter((r) => r.url.startsWith('/api'));
}

/** Every source file that can change the route list: the server's code (tests aside) and the installed packages. */
function sourceFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'tests' && entry.name !== 'node_modules') walk(full);
      } else if (/\.(ts|js|json|sql)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
        hash.update(relative(REPO, full)).update('\0').update(readFileSync(full)).update('\0');
      }
    }
  };
  walk(join(REPO, 'server'));
  const lock = join(REPO, 'package-lock.json');
  if (existsSync(lock)) hash.update(readFileSync(lock));
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The server's routes, from a cache keyed by a fingerprint of the server's source files: any
 * edit under server/ (or a new package-lock.json) asks the server again. `fresh` skips the cache.
 */
export async function serverRoutes({ fresh = false }: { fresh?: boolean } = {}): Promise<RouteRef[]> {
  const file = join(CACHE_DIR, `server-routes-${sourceFingerprint()}.json`);
  if (!fresh && existsSync(file)) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as RouteRef[];
    } catch {
      // a damaged cache file is simply rebuilt
    }
  }
  const routes = await discoverServerRoutes();
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    for (const old of readdirSync(CACHE_DIR)) if (old.startsWith('server-routes-')) rmSync(join(CACHE_DIR, old), { force: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(routes));
    renameSync(tmp, file);
  } catch {
    // a read-only node_modules only costs the next run the same time
  }
  return routes;
}
