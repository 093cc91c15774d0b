import { describe, expect, it } from 'vitest';
import { decideNavigation, loadedFor, type GuardInput } from './guard';
import { accessOf, resolveRoute, type RouteSources } from './resolve-route';
import { parseRouteFile } from '../../domain/pages/route-file-text';
import { buildMenuRoutes } from './menu-routes';
import type { MenuItem } from '../api/types';

const menu = (enCode: string, children: MenuItem[] = []): MenuItem => ({
  id: enCode,
  parentId: '-1',
  fullName: enCode,
  enCode,
  icon: '',
  type: children.length ? 1 : 2,
  urlAddress: enCode,
  hasChildren: children.length > 0,
  children,
});

const routeFile = parseRouteFile(
  JSON.stringify({
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
  }),
  '/pages-json/_routes.json',
);

/** The guard's access question answered by the real resolver over a user's menu, codes and the route file. */
function accessFor(codes: string[], menus: MenuItem[]): GuardInput['access'] {
  const sources: RouteSources = {
    menuRoutes: buildMenuRoutes(menus),
    dataRoutes: routeFile.routes,
    hasPermission: (wanted) => wanted.some((c) => codes.includes(c)),
  };
  return (path) => accessOf(resolveRoute(path, sources));
}

const ordersMenu = [menu('parking', [menu('parkingAdmin')]), menu('OrderManagement', [menu('parkingRecordOrder')])];
const base: GuardInput = {
  path: '/dashboard',
  search: '',
  hasToken: true,
  loaded: true,
  access: accessFor(['parking:add', 'parking:edit'], ordersMenu),
};

describe('navigation guard', () => {
  it('sends a visitor without a token to /login with the original path as redirect', () => {
    expect(decideNavigation({ ...base, hasToken: false, loaded: false, path: '/parking/parkingAdmin', search: '?a=1' })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fparking%2FparkingAdmin%3Fa%3D1',
    });
  });

  it('lets a visitor without a token open /login and every public page', () => {
    for (const path of [
      '/login',
      '/scanQRcode',
      '/orderInfoByQRcode',
      '/activity',
      '/pdaScanQrcode',
      '/scanGroupCardQrcode',
      '/groupCardInfo',
    ]) {
      expect(decideNavigation({ ...base, path, hasToken: false, loaded: false })).toEqual({ type: 'allow' });
    }
  });

  it('asks a visitor without a token to sign in for a data route too', () => {
    expect(decideNavigation({ ...base, hasToken: false, loaded: false, path: '/parkingAdmin/add/0' })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2FparkingAdmin%2Fadd%2F0',
    });
  });

  it('sends a signed-in user who opens /login to /', () => {
    expect(decideNavigation({ ...base, path: '/login' })).toEqual({ type: 'redirect', to: '/', landing: true });
  });

  it('sends a signed-in user who opens /login?redirect=… to that target as a landing, never to another site', () => {
    expect(decideNavigation({ ...base, path: '/login', search: '?redirect=%2Fsystem%2Fuser' })).toEqual({
      type: 'redirect',
      to: '/system/user',
      landing: true,
    });
    expect(decideNavigation({ ...base, path: '/login', search: '?redirect=https%3A%2F%2Fevil.example' })).toMatchObject({ to: '/' });
  });

  it('loads the user and the route files first, even for an unknown path', () => {
    expect(decideNavigation({ ...base, loaded: false, path: '/no/such/page' })).toEqual({ type: 'load' });
    // F5 on a data route: not decided before the route files are in
    expect(decideNavigation({ ...base, loaded: false, path: '/parkingAdmin/add/5' })).toEqual({ type: 'load' });
  });

  it('redirects / to /dashboard', () => {
    expect(decideNavigation({ ...base, path: '/' })).toEqual({ type: 'redirect', to: '/dashboard' });
  });

  it('after a sign-in, a redirect target the new user cannot open lands on /dashboard; one they have opens', () => {
    const operator = accessFor(['parking:edit'], ordersMenu);
    expect(decideNavigation({ ...base, access: operator, landing: true, path: '/system/user' })).toEqual({
      type: 'redirect',
      to: '/dashboard',
    });
    expect(decideNavigation({ ...base, access: operator, landing: true, path: '/parkingAdmin/add/0' })).toEqual({
      type: 'redirect',
      to: '/dashboard',
    });
    expect(decideNavigation({ ...base, access: operator, landing: true, path: '/parking/parkingAdmin' })).toEqual({ type: 'allow' });
    // without a sign-in just before, the spec's /404 and /401 hold
    expect(decideNavigation({ ...base, access: operator, path: '/parkingAdmin/add/0' })).toEqual({ type: 'redirect', to: '/401' });
  });

  it('sends an unknown path to /404 once everything is loaded', () => {
    expect(decideNavigation({ ...base, path: '/no/such/page' })).toEqual({ type: 'redirect', to: '/404' });
    expect(decideNavigation({ ...base, path: '/parkingAdmin/add' })).toEqual({ type: 'redirect', to: '/404' });
  });

  it('allows a route built from the menu, the shell routes and the full-screen views', () => {
    const admin = accessFor([], [...ordersMenu, menu('charging', [menu('chargingStation')]), menu('tools', [menu('studio')])]);
    for (const path of ['/parking/parkingAdmin', '/dashboard', '/user/center', '/redirect/parking/parkingAdmin', '/newDataView', '/demo']) {
      expect(decideNavigation({ ...base, access: admin, path })).toEqual({ type: 'allow' });
    }
  });

  it('sends a big screen to /404 when the menus whose data it shows are not granted (it is not announced)', () => {
    for (const path of ['/newDataView', '/operationView'])
      expect(decideNavigation({ ...base, path })).toEqual({ type: 'redirect', to: '/404' });
  });

  it('sends the page studio to /404 for a user without its menu entry (系统工具 › 页面工作室)', () => {
    expect(decideNavigation({ ...base, path: '/demo' })).toEqual({ type: 'redirect', to: '/404' });
  });

  it('keeps the error pages reachable without a token', () => {
    expect(decideNavigation({ ...base, path: '/401', hasToken: false, loaded: false })).toEqual({ type: 'allow' });
  });

  it('opens a data route for a user holding its permission and its menu', () => {
    expect(decideNavigation({ ...base, path: '/parkingAdmin/add/0' })).toEqual({ type: 'allow' });
    expect(decideNavigation({ ...base, path: '/parkingAdmin/add/p-7' })).toEqual({ type: 'allow' });
    expect(decideNavigation({ ...base, path: '/OrderManagement/parkingRecordOrderInfo/7' })).toEqual({ type: 'allow' });
  });

  it('sends a user lacking the permission of the variant to /401: edit yes, add no', () => {
    const editor = { ...base, access: accessFor(['parking:edit'], ordersMenu) };
    expect(decideNavigation({ ...editor, path: '/parkingAdmin/add/p-7' })).toEqual({ type: 'allow' });
    expect(decideNavigation({ ...editor, path: '/parkingAdmin/add/0' })).toEqual({ type: 'redirect', to: '/401' });
    expect(decideNavigation({ ...editor, path: '/parkingAdmin/add/new' })).toEqual({ type: 'redirect', to: '/401' });
  });

  it('sends a user without the menu a data route belongs to to /401', () => {
    const noOrders = { ...base, access: accessFor(['parking:add'], [menu('parking', [menu('parkingAdmin')])]) };
    expect(decideNavigation({ ...noOrders, path: '/OrderManagement/parkingRecordOrderInfo/7' })).toEqual({ type: 'redirect', to: '/401' });
  });
});

describe('what the guard waits for before it decides', () => {
  it('the user, always', () => {
    expect(loadedFor(false, true, 'menu')).toBe(false);
  });

  it("not the route files for a menu screen or one of the console's own: they answer before any route file", () => {
    expect(loadedFor(true, false, 'menu')).toBe(true);
    expect(loadedFor(true, false, 'host')).toBe(true);
  });

  it('the route files for any other path, which may be one of their data routes (a reload on a details screen)', () => {
    expect(loadedFor(true, false, 'data')).toBe(false);
    expect(loadedFor(true, false, undefined)).toBe(false);
    expect(loadedFor(true, true, undefined)).toBe(true);
  });
});
