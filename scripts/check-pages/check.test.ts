import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPages, type CheckInput } from './check.ts';

function bundle(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pages-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

const input = (dir: string, more: Partial<CheckInput> = {}): CheckInput => ({
  bundles: [dir],
  routes: [
    { method: 'GET', url: '/api/system/Parking' },
    { method: 'DELETE', url: '/api/system/Parking/:id' },
  ],
  permissionCodes: new Set(['parking:add']),
  menuPages: [],
  root: dir,
  ...more,
});

const goodPage = {
  type: 'page',
  title: '停车场',
  body: {
    type: 'crud',
    api: 'get:/api/system/Parking',
    columns: [
      { name: 'parkingName', label: '名称' },
      { type: 'operation', label: '操作', buttons: [{ type: 'button', label: '删除', actionType: 'ajax', visibleOn: "${HAS_PERM('parking:add')}", api: 'delete:/api/system/Parking/${id}' }] },
    ],
  },
};

describe('check:pages', () => {
  it('passes a correct page', () => {
    expect(checkPages(input(bundle({ 'a/good.json': goodPage }))).problems).toEqual([]);
  });

  it('catches a misspelt property, naming file and JSON path', () => {
    const { problems } = checkPages(input(bundle({ 'a/typo.json': { ...goodPage, titel: 'x' } })));
    expect(problems).toEqual([{ file: 'a/typo.json', path: '/titel', message: 'unknown property "titel"' }]);
  });

  it('catches an API path the reference server does not serve', () => {
    const page = { ...goodPage, body: { ...goodPage.body, api: 'get:/api/system/Parkinng' } };
    const { problems } = checkPages(input(bundle({ 'a/api.json': page })));
    expect(problems).toEqual([{ file: 'a/api.json', path: '/body/api', message: 'no reference-server route for GET /api/system/Parkinng' }]);
  });

  it('catches a wrong method on an existing path', () => {
    const page = { ...goodPage, body: { ...goodPage.body, api: 'post:/api/system/Parking/${id}' } };
    expect(checkPages(input(bundle({ 'a/m.json': page }))).problems[0].message).toContain('POST /api/system/Parking/${id}');
  });

  it('catches an unknown permission code', () => {
    const page = JSON.parse(JSON.stringify(goodPage).replace('parking:add', 'parking:ad'));
    const { problems } = checkPages(input(bundle({ 'a/perm.json': page })));
    expect(problems).toEqual([{ file: 'a/perm.json', path: '/body/columns/1/buttons/0/visibleOn', message: 'unknown permission code "parking:ad" (not in the menu seed)' }]);
  });

  it('reports malformed JSON with line and column', () => {
    const { problems } = checkPages(input(bundle({ 'bad.json': '{\n  "type": "page",\n  oops\n}' })));
    expect(problems[0]).toMatchObject({ file: 'bad.json', message: 'malformed JSON at line 3, column 3' });
  });

  it('names a seeded menu page that has no file in any bundle', () => {
    const { problems } = checkPages(input(bundle({}), { menuPages: ['parking/nowhere'] }));
    expect(problems).toEqual([{ file: 'parking/nowhere.json', path: '', message: 'menu entry urlAddress "parking/nowhere" has no page file in any bundle' }]);
  });
});
