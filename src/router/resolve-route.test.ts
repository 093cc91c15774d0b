import { describe, expect, it } from 'vitest';
import { accessOf, resolveRoute, type RouteSources } from './resolve-route';
import type { DataRoute } from '../../domain/pages/route-file';
import { parseRouteFile } from '../../domain/pages/route-file-text';
import { buildMenuDataRoutes, buildMenuRoutes } from './menu-routes';
import { HOME_PATH, PUBLIC_PATHS, SCAN_PATHS, findHostRoute } from '../../domain/pages/host-routes';
import type { MenuItem } from '../api/types';

const routesOf = (source: string, routes: unknown[]): DataRoute[] => parseRouteFile(JSON.stringify({ routes }), source).routes;

const lots: MenuItem = {
  id: 'p',
  parentId: '-1',
  fullName: '停车基础设施',
  enCode: 'parking',
  icon: '',
  type: 1,
  urlAddress: '',
  hasChildren: true,
  children: [
    {
      id: 'a',
      parentId: 'p',
      fullName: '停车场管理',
      enCode: 'parkingAdmin',
      icon: '',
      type: 2,
      urlAddress: 'parking/parkingAdmin',
      hasChildren: false,
      propertyJson: JSON.stringify({
        routes: [{ path: '/parking/parkingAdmin/:id/log', urlAddress: 'parking/lotLog', title: '停车场日志 {id}' }],
      }),
    },
  ],
};

const sources = (dataRoutes: DataRoute[], codes: string[] = []): RouteSources => ({
  menuRoutes: buildMenuRoutes([lots]),
  dataRoutes,
  hasPermission: (wanted) => wanted.some((c) => codes.includes(c)),
});

describe('route table', () => {
  it('derives the public paths from the records', () => {
    expect(PUBLIC_PATHS).toEqual([
      '/login',
      '/scanQRcode',
      '/orderInfoByQRcode',
      '/payResult',
      '/scanPay',
      '/activity',
      '/pdaScanQrcode',
      '/scanGroupCardQrcode',
      '/groupCardInfo',
      '/404',
      '/401',
    ]);
    // the pages built as scan.html (src/public/), every one public
    expect(SCAN_PATHS).toEqual([
      '/scanQRcode',
      '/orderInfoByQRcode',
      '/payResult',
      '/scanPay',
      '/activity',
      '/pdaScanQrcode',
      '/scanGroupCardQrcode',
      '/groupCardInfo',
    ]);
    expect(SCAN_PATHS.every((path) => PUBLIC_PATHS.includes(path))).toBe(true);
    expect(HOME_PATH).toBe('/dashboard');
    expect(findHostRoute('/redirect/parking/parkingAdmin')?.name).toBe('Redirect');
  });
});

describe('resolving a path', () => {
  it('a site bundle overrides the console route of the same path, and adds its own', () => {
    const site = routesOf('/site-pages/_routes.json', [
      { path: '/OrderManagement/parkingRecordOrderInfo/:id', urlAddress: 'site/orderInfo', title: '订单 {id}' },
      { path: '/site/visit/:id', urlAddress: 'site/visit', title: '来访 {id}' },
    ]);
    const console_ = routesOf('/pages-json/_routes.json', [
      {
        path: '/OrderManagement/parkingRecordOrderInfo/:id',
        urlAddress: 'OrderManagement/parkingRecordOrderInfo',
        title: '停车订单详情 {id}',
      },
    ]);
    const merged = [...site, ...console_.filter((r) => !site.some((s) => s.path === r.path))];
    expect(resolveRoute('/OrderManagement/parkingRecordOrderInfo/9', sources(merged))).toMatchObject({
      kind: 'data',
      title: '订单 9',
      params: { id: '9' },
      route: { urlAddress: 'site/orderInfo' },
    });
    expect(resolveRoute('/site/visit/3', sources(merged))).toMatchObject({ kind: 'data', title: '来访 3', allowed: true });
  });

  it('a route file route that belongs to a menu screen sits under that screen in the breadcrumb', () => {
    const details = routesOf('x', [
      { path: '/parking/parkingAdmin/:id/map', urlAddress: 'x', title: '地图 {id}', menu: '/parking/parkingAdmin' },
    ]);
    expect(resolveRoute('/parking/parkingAdmin/p-1/map', sources(details))).toMatchObject({ trail: ['停车基础设施', '停车场管理'] });
    const free = routesOf('x', [{ path: '/site/visit/:id', urlAddress: 'x', title: '来访 {id}' }]);
    expect(resolveRoute('/site/visit/3', sources(free))).toMatchObject({ trail: [] });
  });

  it('the console route table comes first, then the menu, then data routes', () => {
    const greedy = routesOf('x', [
      { path: '/parking/:page', urlAddress: 'x', title: 'x' },
      { path: '/user/:page', urlAddress: 'x', title: 'x' },
    ]);
    expect(resolveRoute('/user/center', sources(greedy))?.kind).toBe('host');
    expect(resolveRoute('/parking/parkingAdmin', sources(greedy))?.kind).toBe('menu');
    expect(resolveRoute('/parking/other', sources(greedy))?.kind).toBe('data');
  });

  it('a menu entry declares routes in its propertyJson: under it in the breadcrumb, open while the entry is', () => {
    const declared = buildMenuDataRoutes([lots]);
    expect(declared.problems).toEqual([]);
    const resolved = resolveRoute('/parking/parkingAdmin/p-1/log', sources(declared.routes));
    expect(resolved).toMatchObject({
      kind: 'data',
      title: '停车场日志 p-1',
      allowed: true,
      route: { menu: '/parking/parkingAdmin', trail: ['停车基础设施', '停车场管理'] },
    });
    const hidden = { ...sources(declared.routes), menuRoutes: [] };
    expect(resolveRoute('/parking/parkingAdmin/p-1/log', hidden)).toMatchObject({ kind: 'data', allowed: false });
  });

  it('a malformed route declaration in a menu entry is reported, not thrown', () => {
    const broken = { ...lots, children: [{ ...lots.children![0], propertyJson: '{"routes": {"path": "/x"}}' }] };
    expect(buildMenuDataRoutes([broken])).toEqual({
      routes: [],
      problems: [
        { path: '/routes', message: 'routes must be an array of route declarations', source: 'menu /parking/parkingAdmin propertyJson' },
      ],
    });
  });

  it('a full-screen view is open to a user granted every menu whose data it shows, not found by others', () => {
    const menu = (enCode: string, urlAddress: string): MenuItem => ({
      ...lots.children![0],
      id: enCode,
      enCode,
      urlAddress,
      propertyJson: '',
    });
    const granted = (...pages: MenuItem[]) => ({ ...sources([]), menuRoutes: buildMenuRoutes([{ ...lots, children: pages }]) });
    const lotsOnly = granted(menu('parkingAdmin', 'parking/parkingAdmin'));
    // neither the big screens nor the page studio say they exist to a user without their menus
    expect(accessOf(resolveRoute('/newDataView', lotsOnly))).toBe('unknown');
    expect(accessOf(resolveRoute('/demo', lotsOnly))).toBe('unknown');
    // a view that names no menu (the user centre) is open to everyone signed in
    expect(accessOf(resolveRoute('/user/center', lotsOnly))).toBe('open');
    const all = {
      ...sources([]),
      menuRoutes: buildMenuRoutes([
        { ...lots, enCode: 'parking', children: [menu('parkingAdmin', 'parking/parkingAdmin')] },
        { ...lots, id: 'o', enCode: 'OrderManagement', children: [menu('parkingRecordOrder', 'OrderManagement/parkingRecordOrder')] },
        { ...lots, id: 'c', enCode: 'charging', children: [menu('chargingStation', 'charging/chargingStation')] },
      ]),
    };
    expect(accessOf(resolveRoute('/newDataView', all))).toBe('open');
    expect(accessOf(resolveRoute('/dataView', all))).toBe('open');
    expect(accessOf(resolveRoute('/operationView', all))).toBe('unknown');
  });
});
