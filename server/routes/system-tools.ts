import type { FastifyInstance } from 'fastify';
import type { Access } from '../lib/auth.ts';

/**
 * GET /api/docs/openapi.json: the OpenAPI description of every /api route, built from the routes
 * as they register (so it cannot drift from the code). Register this before the other routes.
 */

interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

const toPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function operation(r: ApiRoute) {
  const params = [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  const a = r.access;
  const needs = typeof a === 'string' ? a : [...(a.menus ?? []).map((m) => `menu ${m}`), ...(a.buttons ?? [])].join(' | ');
  return {
    summary: `${r.method} ${r.url}`,
    description: `权限: ${needs}`,
    'x-access': a,
    ...(a === 'public' ? { security: [] } : {}),
    ...(params.length ? { parameters: params } : {}),
    responses: {
      '200': { description: '{ code, msg, data }; code 200 = 成功', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } },
      ...(typeof a === 'object' ? { '403': { description: '没有权限' } } : {}),
    },
  };
}

export function openApiDocument(routes: ApiRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const p = (paths[toPath(r.url)] ??= {});
    p[r.method.toLowerCase()] = operation(r);
  }
  return {
    openapi: '3.0.3',
    info: { title: '智慧停车管理平台 API', version: '1.0.0' },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Envelope: { type: 'object', properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: {} }, required: ['code', 'msg'] },
      },
    },
    security: [{ bearer: [] }],
    paths,
  };
}

export function registerToolsRoutes(app: FastifyInstance): void {
  const routes: ApiRoute[] = [];
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api') || r.config?.access === undefined) return;
    for (const method of [r.method].flat()) {
      if (method !== 'HEAD') routes.push({ method: String(method), url: r.url, access: r.config.access as Access });
    }
  });
  app.get('/api/docs/openapi.json', { config: { access: 'public' } }, async () => openApiDocument(routes));
}
