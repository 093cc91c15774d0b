import type { FastifyInstance } from 'fastify';
import type { RouteRef } from '../../domain/pages/check/index.ts';

/**
 * The /api routes as they register on this server, in the form check:pages matches page APIs
 * against (scripts/check-pages/server-routes.ts builds the same list by registering them on a bare
 * instance). Call before the routes register; the list fills as they do.
 */
export function collectApiRoutes(app: FastifyInstance): RouteRef[] {
  const routes: RouteRef[] = [];
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api')) return;
    const body = (r.schema as { body?: unknown } | undefined)?.body;
    for (const method of [r.method].flat()) routes.push({ method: String(method), url: r.url, ...(body ? { body } : {}) });
  });
  return routes;
}
