import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { checkPages, locatePointer, type CheckInput } from './check.ts';
import { parseCheckFile } from '../../domain/pages/check/bundle-declarations.ts';

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
  permissionCodes: new Set(['parking:add', 'parking:edit']),
  menuPages: [],
  menuPaths: ['/parking/parkingAdmin'],
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
      {
        type: 'operation',
        label: '操作',
        buttons: [
          {
            type: 'button',
            label: '删除',
            actionType: 'ajax',
            visibleOn: "${HAS_PERM('parking:add')}",
            api: 'delete:/api/system/Parking/${id}',
          },
        ],
      },
    ],
  },
};

const problemsOf = (files: Record<string, unknown>, more: Partial<CheckInput> = {}) => checkPages(input(bundle(files), more)).problems;

describe('check:pages', () => {
  it('passes a correct page', () => {
    expect(problemsOf({ 'a/good.json': goodPage })).toEqual([]);
  });

  it('catches a misspelt property, naming file and JSON path; the report finds its line', () => {
    const dir = bundle({ 'a/typo.json': { ...goodPage, titel: 'x' } });
    expect(checkPages(input(dir)).problems).toEqual([{ file: 'a/typo.json', path: '/titel', message: 'unknown property "titel"' }]);
    expect(locatePointer(readFileSync(join(dir, 'a/typo.json'), 'utf8'), '/titel')).toEqual({ line: 27, column: 3 });
  });

  it('catches an API path the reference server does not serve', () => {
    const page = { ...goodPage, body: { ...goodPage.body, api: 'get:/api/system/Parkinng' } };
    expect(problemsOf({ 'a/api.json': page })).toEqual([
      {
        file: 'a/api.json',
        path: '/body/api',
        message: 'no reference-server route for GET /api/system/Parkinng (nor declared in _check.json)',
      },
    ]);
  });

  it('checks an api address with ${…} in it like a plain one', () => {
    const page = (api: string) => ({ ...goodPage, body: { ...goodPage.body, api } });
    expect(problemsOf({ 'a/ok.json': page('get:${config.apiHost}/api/system/Parking?keyword=${keyword}') })).toEqual([]);
    expect(problemsOf({ 'a/bad.json': page('get:${config.apiHost}/api/system/Parkinng') })).toEqual([
      {
        file: 'a/bad.json',
        path: '/body/api',
        message: 'no reference-server route for GET /api/system/Parkinng (nor declared in _check.json)',
      },
    ]);
    expect(problemsOf({ 'a/obj.json': page({ method: 'delete', url: '/api/system/Parkinng/${id}' } as unknown as string) })).toHaveLength(
      1,
    );
  });

  it('catches a wrong method on an existing path', () => {
    const page = { ...goodPage, body: { ...goodPage.body, api: 'post:/api/system/Parking/${id}' } };
    expect(problemsOf({ 'a/m.json': page })[0].message).toContain('POST /api/system/Parking/${id}');
  });

  it('catches an unknown permission code', () => {
    const page = JSON.parse(JSON.stringify(goodPage).replace('parking:add', 'parking:ad'));
    expect(problemsOf({ 'a/perm.json': page })).toEqual([
      {
        file: 'a/perm.json',
        path: '/body/columns/1/buttons/0/visibleOn',
        message: 'unknown permission code "parking:ad" (not in the menu seed nor in _check.json)',
      },
    ]);
  });

  it('reports every problem of a file, not only the first', () => {
    const page = JSON.parse(
      JSON.stringify({ ...goodPage, titel: 'x', body: { ...goodPage.body, perPgae: 10, api: 'get:/api/nowhere' } }).replace(
        'parking:add',
        'parking:ad',
      ),
    );
    // schema problems in the order the page is written (titel comes last in this one), then APIs and codes
    expect(problemsOf({ 'a/many.json': page })).toEqual([
      { file: 'a/many.json', path: '/body/perPgae', message: 'unknown property "perPgae"' },
      { file: 'a/many.json', path: '/titel', message: 'unknown property "titel"' },
      { file: 'a/many.json', path: '/body/api', message: 'no reference-server route for GET /api/nowhere (nor declared in _check.json)' },
      {
        file: 'a/many.json',
        path: '/body/columns/1/buttons/0/visibleOn',
        message: 'unknown permission code "parking:ad" (not in the menu seed nor in _check.json)',
      },
    ]);
  });

  it('names only the real typo inside a toolbar dialog, not the branches amis does not mean', () => {
    const page = {
      type: 'page',
      body: {
        type: 'crud',
        api: 'get:/api/system/Parking',
        headerToolbar: [
          { type: 'button', label: '新增', actionType: 'dialog', dialog: { title: '新增', body: { type: 'form', bdy: [] } } },
        ],
        columns: [{ name: 'a', label: 'A' }],
      },
    };
    expect(problemsOf({ 'a/dialog.json': page })).toEqual([
      { file: 'a/dialog.json', path: '/body/headerToolbar/0/dialog/body/bdy', message: 'unknown property "bdy"' },
    ]);
  });

  it('reports malformed JSON with line and column', () => {
    const dir = bundle({ 'bad.json': '{\n  "type": "page",\n  oops\n}' });
    expect(checkPages(input(dir)).problems).toEqual([
      { file: 'bad.json', path: '', message: 'malformed JSON at line 3, column 3 (InvalidSymbol)' },
    ]);
  });

  it('names a seeded menu page that has no file in any bundle', () => {
    expect(problemsOf({}, { menuPages: ['parking/nowhere'] })).toEqual([
      { file: 'parking/nowhere.json', path: '', message: 'menu entry urlAddress "parking/nowhere" has no page file in any bundle' },
    ]);
  });

  it('keeps names starting with "_" for the bundle itself', () => {
    expect(problemsOf({ 'a/_draft.json': goodPage })).toEqual([
      {
        file: 'a/_draft.json',
        path: '',
        message: 'names starting with "_" are reserved for the bundle\'s own files (_routes.json, _check.json, _fragments/, _i18n/)',
      },
    ]);
  });

  it("checks a translation table as the bundle's own file, not as a page", () => {
    expect(problemsOf({ 'a/p.json': goodPage, '_i18n/en-US.json': { texts: { 停车场: 'Parking lots' } } })).toEqual([]);
    expect(problemsOf({ '_i18n/en-US.json': { texts: { 停车场: 1 } } })).toEqual([
      { file: '_i18n/en-US.json', path: '/texts/停车场', message: 'a translation is a string' },
    ]);
    expect(problemsOf({ '_i18n/english.json': { texts: {} } })[0]).toMatchObject({
      message: expect.stringContaining('named for its locale'),
    });
  });

  it('resolves shared fragments before checking, and names a missing one', () => {
    const withFragment = { ...goodPage, body: { $fragment: 'lots-crud' } };
    expect(problemsOf({ 'a/f.json': withFragment, '_fragments/lots-crud.json': goodPage.body })).toEqual([]);
    const [missing] = problemsOf({ 'a/f.json': withFragment });
    expect(missing).toMatchObject({ file: 'a/f.json', message: expect.stringContaining('片段 "lots-crud" 不存在') });
    // a fragment file is not a page of its own
    expect(checkPages(input(bundle({ '_fragments/lots-crud.json': goodPage.body }))).files).toBe(0);
  });
});

describe('check:pages on a route file', () => {
  const routes = (list: unknown[]) => ({ routes: list });
  const lotRoute = {
    path: '/parkingAdmin/add/:id',
    urlAddress: 'parking/parkingAdd',
    title: '编辑停车场',
    permission: 'parking:edit',
    menu: '/parking/parkingAdmin',
    variants: [{ when: { id: ['0', 'new'] }, title: '新增停车场', permission: 'parking:add' }],
  };

  it('passes routes whose pages exist and whose codes and menus are known', () => {
    expect(problemsOf({ '_routes.json': routes([lotRoute]), 'parking/parkingAdd.json': goodPage })).toEqual([]);
  });

  it('finds the page in any bundle: a site route may render a console page', () => {
    const site = bundle({ '_routes.json': routes([lotRoute]) });
    const console_ = bundle({ 'parking/parkingAdd.json': goodPage });
    expect(checkPages(input(site, { bundles: [site, console_] })).problems).toEqual([]);
  });

  it('names every problem with file and JSON path: missing page, unknown codes and menu, a path the console owns', () => {
    const bad = [
      {
        ...lotRoute,
        urlAddress: 'parking/parkingAd',
        permission: ['parking:edit', 'parking:edt'],
        menu: '/parking/nowhere',
        variants: [{ when: { id: '0' }, permission: 'parking:ad' }],
      },
      { path: '/user/center', urlAddress: 'parking/parkingAdd', title: 'x' },
      { path: '/parking/parkingAdmin', urlAddress: 'parking/parkingAdd', title: 'x' },
      { path: '/x/:id', urlAddress: 'parking/parkingAdd', titel: 'x' },
    ];
    expect(problemsOf({ '_routes.json': routes(bad), 'parking/parkingAdd.json': goodPage })).toEqual([
      { file: '_routes.json', path: '/routes/3/titel', message: 'unknown property "titel"' },
      { file: '_routes.json', path: '/routes/3/title', message: 'title must be a non-empty string' },
      { file: '_routes.json', path: '/routes/0/urlAddress', message: 'page "parking/parkingAd" has no file in any bundle' },
      {
        file: '_routes.json',
        path: '/routes/0/permission/1',
        message: 'unknown permission code "parking:edt" (not in the menu seed nor in _check.json)',
      },
      {
        file: '_routes.json',
        path: '/routes/0/variants/0/permission',
        message: 'unknown permission code "parking:ad" (not in the menu seed nor in _check.json)',
      },
      {
        file: '_routes.json',
        path: '/routes/0/menu',
        message: 'no menu screen "/parking/nowhere" (not in the menu seed nor in _check.json)',
      },
      {
        file: '_routes.json',
        path: '/routes/1/path',
        message: '"/user/center" is the console\'s own route (UserCenter); this route would never open',
      },
      { file: '_routes.json', path: '/routes/2/path', message: '"/parking/parkingAdmin" is a menu screen; this route would never open' },
    ]);
  });

  it('reports a malformed route file with line and column instead of failing', () => {
    const dir = bundle({ '_routes.json': '{ "routes": [\n  { "path": "/a/:id" \n  }\n' });
    expect(checkPages(input(dir)).problems).toEqual([
      { file: '_routes.json', path: '', message: expect.stringMatching(/^malformed JSON at line 4/) },
    ]);
  });
});

describe('check:pages on a site bundle with _check.json', () => {
  const sitePage = {
    type: 'page',
    body: {
      type: 'crud',
      api: 'get:/api/site/visitors',
      columns: [
        { type: 'operation', label: '操作', buttons: [{ type: 'button', label: '新增', visibleOn: "${HAS_PERM('site:visitor:add')}" }] },
      ],
    },
  };
  const siteRoute = {
    path: '/site/visitor/:id',
    urlAddress: 'site/visitor',
    title: '来访 {id}',
    permission: 'site:visitor:add',
    menu: '/site/visitors',
  };

  it('without declarations, the site API, code and menu are unknown', () => {
    expect(
      problemsOf({ 'site/visitor.json': sitePage, '_routes.json': { routes: [siteRoute] } }).map((p) => `${p.file} ${p.path}`),
    ).toEqual([
      '_routes.json /routes/0/permission',
      '_routes.json /routes/0/menu',
      'site/visitor.json /body/api',
      'site/visitor.json /body/columns/0/buttons/0/visibleOn',
    ]);
  });

  it('declared in _check.json, they pass', () => {
    const declarations = { apis: ['GET /api/site/visitors'], permissions: ['site:visitor:add'], menus: ['/site/visitors'] };
    expect(problemsOf({ 'site/visitor.json': sitePage, '_routes.json': { routes: [siteRoute] }, '_check.json': declarations })).toEqual([]);
  });

  it('count for their own bundle only', () => {
    const site = bundle({ '_check.json': { apis: ['GET /api/site/visitors'] } });
    const other = bundle({ 'site/visitor.json': { type: 'page', body: { type: 'crud', api: 'get:/api/site/visitors', columns: [] } } });
    expect(checkPages(input(site, { bundles: [site, other] })).problems.map((p) => p.path)).toEqual(['/body/api']);
  });

  it('a malformed _check.json names each bad entry', () => {
    expect(parseCheckFile({ apis: ['GET api/x', 'FETCH /api/x', 7], permissions: ['a b'], menus: ['site'], extra: 1 }).problems).toEqual([
      { path: '/extra', message: 'unknown property "extra" (apis, permissions, menus)' },
      { path: '/apis/0', message: '"GET api/x" is not "METHOD /api/path" (methods: GET, POST, PUT, DELETE, PATCH, HEAD, OPTIONS)' },
      { path: '/apis/1', message: '"FETCH /api/x" is not "METHOD /api/path" (methods: GET, POST, PUT, DELETE, PATCH, HEAD, OPTIONS)' },
      { path: '/apis/2', message: 'must be a string' },
      { path: '/permissions/0', message: '"a b" is not a button code' },
      { path: '/menus/0', message: '"site" is not a menu path such as "/site/foo"' },
    ]);
    expect(problemsOf({ '_check.json': { apis: 'GET /api/x' } })).toEqual([
      { file: '_check.json', path: '/apis', message: 'apis must be an array of strings' },
    ]);
  });
});
