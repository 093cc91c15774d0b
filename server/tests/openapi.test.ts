import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers.ts';

interface Op {
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { title?: string }> } }> };
  parameters?: { name: string; in: string }[];
  responses: Record<string, unknown>;
}

let app: FastifyInstance;
let paths: Record<string, Record<string, Op>>;
beforeAll(async () => {
  ({ app } = await buildTestApp());
  paths = (await app.inject('/api/docs/openapi.json')).json().paths;
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
    expect(Object.keys(fields)).toContain('balance');
    expect(paths['/api/coupon/Merchant'].get.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['currentPage', 'pageSize', 'keyword', 'parkingId', 'enabledMark']),
    );
    expect(JSON.stringify(paths['/api/coupon/Merchant/{id}'].get.responses)).toContain('merchantName');
  });
});
