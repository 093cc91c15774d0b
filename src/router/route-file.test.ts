import { describe, expect, it } from 'vitest';
import { resolveDataRoute } from './data-route-title';
import { parseRouteFile } from '../../domain/pages/route-file-text';

const SPEC_ROUTES = {
  routes: [
    {
      path: '/parkingAdmin/add/:id',
      urlAddress: 'parking/parkingAdd',
      title: '编辑停车场',
      permission: 'parking:edit',
      variants: [{ when: { id: ['0', 'new'] }, title: '新增停车场', permission: 'parking:add' }],
    },
    {
      path: '/OrderManagement/parkingRecordOrderInfo/:id',
      urlAddress: 'OrderManagement/parkingRecordOrderInfo',
      title: '停车订单详情 {id}',
      menu: '/OrderManagement/parkingRecordOrder',
    },
  ],
};

const parse = (value: unknown) =>
  parseRouteFile(typeof value === 'string' ? value : JSON.stringify(value, null, 2), '/pages-json/_routes.json');

describe('route file', () => {
  it('reads the spec routes: pattern, page, permission, menu, variants', () => {
    const { routes, problems } = parse(SPEC_ROUTES);
    expect(problems).toEqual([]);
    expect(routes.map((r) => [r.path, r.urlAddress, r.permission, r.menu ?? null, r.at])).toEqual([
      ['/parkingAdmin/add/:id', 'parking/parkingAdd', ['parking:edit'], null, '/routes/0'],
      [
        '/OrderManagement/parkingRecordOrderInfo/:id',
        'OrderManagement/parkingRecordOrderInfo',
        [],
        '/OrderManagement/parkingRecordOrder',
        '/routes/1',
      ],
    ]);
  });

  it('titles tell parameter sets apart, as before: 新增 for 0 and new, 编辑 otherwise; {id} filled in', () => {
    const [lot, order] = parse(SPEC_ROUTES).routes;
    expect(resolveDataRoute(lot, { id: '0' })).toEqual({ title: '新增停车场', permission: ['parking:add'] });
    expect(resolveDataRoute(lot, { id: 'new' }).title).toBe('新增停车场');
    expect(resolveDataRoute(lot, { id: 'p-1' })).toEqual({ title: '编辑停车场', permission: ['parking:edit'] });
    expect(resolveDataRoute(order, { id: '7' }).title).toBe('停车订单详情 7');
  });

  it('a malformed file gives no routes and says where, without throwing', () => {
    const result = parse('{\n  "routes": [\n    { "path": "/a/:id", }\n  ]\n}');
    expect(result.routes).toEqual([]);
    expect(result.problems[0]).toEqual({ path: '', message: 'malformed JSON at line 3, column 25 (PropertyNameExpected)' });
  });

  it('a file that is not an object, or has no routes array, says so', () => {
    expect(parse('[]').problems).toEqual([{ path: '', message: 'a route file must be an object: { "routes": [ … ] }' }]);
    expect(parse({ route: [] }).problems).toEqual([
      { path: '/route', message: 'unknown property "route"' },
      { path: '/routes', message: 'routes must be an array of route declarations' },
    ]);
  });

  it('names every problem of a bad entry by JSON path, drops only that entry', () => {
    const { routes, problems } = parse({
      routes: [
        { path: 'parkingAdmin/:id', urlAddress: '/parking/parkingAdd.json', titel: 'x', permission: [] },
        { path: '/a/:id/:id', urlAddress: 'a', title: '{name}', variants: [{ when: { nope: '1' }, extra: 1 }] },
        SPEC_ROUTES.routes[1],
      ],
    });
    expect(routes.map((r) => r.path)).toEqual(['/OrderManagement/parkingRecordOrderInfo/:id']);
    expect(problems).toEqual([
      { path: '/routes/0/titel', message: 'unknown property "titel"' },
      { path: '/routes/0/path', message: 'path "parkingAdmin/:id" must start with "/"' },
      { path: '/routes/0/urlAddress', message: 'urlAddress is a page name, without a leading "/" (e.g. "parking/parkingAdd")' },
      { path: '/routes/0/title', message: 'title must be a non-empty string' },
      { path: '/routes/0/permission', message: 'permission must be a button code or a non-empty array of them' },
      { path: '/routes/1/path', message: 'path "/a/:id/:id" parameter ":id" appears twice' },
      { path: '/routes/1/title', message: 'title uses {name}, which is not a parameter of the path' },
      { path: '/routes/1/variants/0/extra', message: 'unknown property "extra"' },
      { path: '/routes/1/variants/0/when/nope', message: '"nope" is not a parameter of the path' },
    ]);
  });

  it('a path declared twice keeps the first', () => {
    const { routes, problems } = parse({ routes: [SPEC_ROUTES.routes[1], { ...SPEC_ROUTES.routes[1], title: 'again' }] });
    expect(routes).toHaveLength(1);
    expect(problems).toEqual([
      { path: '/routes/1/path', message: 'path "/OrderManagement/parkingRecordOrderInfo/:id" is already declared at /routes/0' },
    ]);
  });
});
