import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../lib/openapi-schema.ts';
import { buildTestApp } from './helpers.ts';

interface Op {
  operationId?: string;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { title?: string }> } }> };
  parameters?: { name: string; in: string }[];
  responses: Record<string, unknown>;
}

let app: FastifyInstance;
let paths: Record<string, Record<string, Op>>;
let doc: { servers?: unknown[] };
beforeAll(async () => {
  ({ app } = await buildTestApp());
  doc = (await app.inject('/api/docs/openapi.json')).json();
  paths = (doc as { paths: typeof paths }).paths;
});
afterAll(async () => {
  await app.close();
});

describe('the OpenAPI description comes from the route schemas', () => {
  it('every write documents its request body', () => {
    const missing = Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method, op]) => ['post', 'put', 'patch'].includes(method) && !op.requestBody)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('a resource documents its fields, filters and the shape of its answers', () => {
    const create = paths['/api/coupon/Merchant'].post;
    const fields = create.requestBody!.content['application/json'].schema.properties!;
    expect(fields.merchantName.title).toBe('商户名称');
    expect(Object.keys(fields)).toContain('contactPhone');
    // the balance moves only by top-ups and coupons used (its own action), never by a form
    expect(Object.keys(fields)).not.toContain('balance');
    expect(paths['/api/coupon/Merchant/{id}/Actions/TopUp'].post.requestBody).toBeTruthy();
    expect(paths['/api/coupon/Merchant'].get.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['currentPage', 'pageSize', 'keyword', 'parkingId', 'enabledMark']),
    );
    expect(JSON.stringify(paths['/api/coupon/Merchant/{id}'].get.responses)).toContain('merchantName');
  });
});

describe('the API description is a contract a site can generate its client from', () => {
  const operations = () =>
    Object.entries(paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

  it('names every operation once, by its method and route (stable whatever order the routes register in)', () => {
    const ids = operations().map(({ path, method, op }) => {
      expect(op.operationId, `${method} ${path}`).toBe(operationIdOf(method, path.replace(/\{(\w+)\}/g, ':$1')));
      return op.operationId;
    });
    expect(ids.length).toBeGreaterThan(100);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says where the API is, what a refusal looks like, and never `nullable` without a type', () => {
    expect(doc.servers).toHaveLength(1);
    const no4xx = operations().filter(({ op }) => !Object.keys(op.responses).some((c) => c.startsWith('4')));
    expect(no4xx.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const untyped: string[] = [];
    JSON.stringify(doc, (key, value) => {
      if (value && typeof value === 'object' && value.nullable && !value.type) untyped.push(key);
      return value;
    });
    expect(untyped).toEqual([]);
  });
});
