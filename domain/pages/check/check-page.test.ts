import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { checkPageDocument, compileAmisSchema, type PageCheckContext } from './index.ts';

// The shared checker gets everything as data, as the page studio gives it in a browser.
const amisSchema = createRequire(import.meta.url)('amis/schema.json') as Record<string, unknown>;
const context: PageCheckContext = {
  schema: compileAmisSchema(amisSchema),
  routes: [{ method: 'GET', url: '/api/system/Parking' }],
  permissionCodes: ['parking:add'],
};

describe('checkPageDocument', () => {
  it('passes a page that uses only known APIs and codes', () => {
    const page = {
      type: 'page',
      body: { type: 'crud', api: 'get:/api/system/Parking', columns: [{ name: 'parkingName', label: '名称' }] },
      toolbar: [{ type: 'button', label: '新增', visibleOn: "${HAS_PERM('parking:add')}" }],
    };
    expect(checkPageDocument(page, context)).toEqual([]);
  });

  it('names each problem by its JSON path: schema, API, permission', () => {
    const page = {
      type: 'page',
      titel: '停车场',
      body: { type: 'service', api: 'get:/api/system/Nowhere' },
      toolbar: [{ type: 'button', label: '删除', visibleOn: "${HAS_PERM('parking:remove')}" }],
    };
    expect(checkPageDocument(page, context)).toEqual([
      { path: '/titel', message: 'unknown property "titel"' },
      { path: '/body/api', message: expect.stringContaining('no reference-server route for GET /api/system/Nowhere') },
      { path: '/toolbar/0/visibleOn', message: expect.stringContaining('unknown permission code "parking:remove"') },
    ]);
  });

  it('tells a page including a fragment it cannot look up', () => {
    const problems = checkPageDocument({ type: 'page', definitions: { lot: { $fragment: 'lot-select' } } }, context);
    expect(problems).toEqual([{ path: '', message: expect.stringContaining('片段 "lot-select" 不存在') }]);
  });
});
