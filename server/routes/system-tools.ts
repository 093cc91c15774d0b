import type { FastifyInstance } from 'fastify';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import type { Access } from '../lib/auth.ts';
import { operationIdOf, toOpenApi } from '../lib/openapi-schema.ts';

/**
 * GET /api/docs/openapi.json: the OpenAPI description of every /api route, built from the routes
 * as they register (so it cannot drift from the code). Register this before the other routes.
 */

interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  schema?: { body?: Schema; querystring?: Schema; params?: Schema };
  /** the `data` of a successful answer */
  data?: Schema;
}

type Schema = { properties?: Record<string, Schema & { description?: string }>; required?: string[] } & Record<string, unknown>;

function parametersOf(r: ApiRoute) {
  const path = [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const q = r.schema?.querystring?.properties ?? {};
  const query = Object.entries(q).map(([name, s]) => ({
    name,
    in: 'query',
    required: (r.schema?.querystring?.required ?? []).includes(name),
    ...(typeof s.title === 'string' ? { description: s.title } : {}),
    schema: toOpenApi(s),
  }));
  return [...path, ...query];
}

const ENVELOPE = { $ref: '#/components/schemas/Envelope' };

const toPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function operation(r: ApiRoute) {
  const params = parametersOf(r);
  const body = r.schema?.body ? toOpenApi(r.schema.body) : undefined;
  const envelope = r.data
    ? { allOf: [{ $ref: '#/components/schemas/Envelope' }, { type: 'object', properties: { data: toOpenApi(r.data) } }] }
    : { $ref: '#/components/schemas/Envelope' };
  const a = r.access;
  const needs = typeof a === 'string' ? a : [...(a.menus ?? []).map((m) => `menu ${m}`), ...(a.buttons ?? [])].join(' | ');
  return {
    operationId: operationIdOf(r.method, r.url),
    summary: `${r.method} ${r.url}`,
    description: `权限: ${needs}`,
    'x-access': a,
    ...(a === 'public' ? { security: [] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: body }, 'application/x-www-form-urlencoded': { schema: body } },
          },
        }
      : {}),
    responses: {
      '200': { description: '{ code, msg, data }; code 200 = 成功', content: { 'application/json': { schema: envelope } } },
      ...(typeof a === 'object' ? { '403': { description: '没有权限', content: { 'application/json': { schema: ENVELOPE } } } } : {}),
      '4XX': { $ref: '#/components/responses/ClientError' },
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
    info: {
      title: '智慧停车管理平台 API',
      version: '1.0.0',
      description: '每个接口返回 `{ code, msg, data }`；业务上的拒绝也以 HTTP 200 答复，看信封的 code。',
      // a private platform's API: the licence is the site's contract with the platform, described beside the routes
      license: { name: 'Proprietary (licensed with the platform)', url: '/api/docs' },
    },
    // the console's own origin: a site's back end reaches the API where it reaches the console
    servers: [{ url: '/', description: '控制台所在的地址（同源）' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Envelope: {
          type: 'object',
          properties: {
            code: {
              type: 'integer',
              description: '200 成功；400 参数错误或业务拒绝；403 没有权限；404 记录不存在；429 过于频繁；600 未登录或登录已过期',
            },
            msg: { type: 'string' },
            data: {},
          },
          required: ['code', 'msg'],
        },
      },
      responses: {
        ClientError: {
          description:
            'HTTP 层的拒绝：请求格式不合法（400）、请求头过大（431），由 Node.js 在路由之前答复。业务上的拒绝（参数错误、未登录、过于频繁）是 HTTP 200，信封的 code 说明原因。',
        },
      },
    },
    security: [{ bearer: [] }],
    paths,
  };
}

export function registerToolsRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const routes: ApiRoute[] = [];
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api') || r.config?.access === undefined) return;
    for (const method of [r.method].flat()) {
      if (method !== 'HEAD') {
        routes.push({
          method: String(method),
          url: r.url,
          access: r.config.access as Access,
          schema: r.schema as ApiRoute['schema'],
          data: r.config.data as Schema | undefined,
        });
      }
    }
  });
  app.get('/api/docs/openapi.json', { config: { access: 'public' } }, async () => openApiDocument(routes));
}
