import { afterEach, describe, expect, it } from 'vitest';
import { runInAction } from 'mobx';
import { pageTitle } from './page-title';
import { dataRouteStore } from './data-routes';
import { parseRouteFile } from './route-file';
import { userStore } from '../stores/user-store';
import { describeRoute } from '../layout/route-info';

const SITE = '智慧停车管理平台';

afterEach(() =>
  runInAction(() => {
    dataRouteStore.routes = [];
    userStore.buttonList = [];
  }),
);

describe('titles from the route table', () => {
  it('route title then site title; the bare ones and helpers show the site title alone', () => {
    expect(pageTitle('/login', SITE)).toBe(`登录 - ${SITE}`);
    expect(pageTitle('/404', SITE)).toBe(`404 - ${SITE}`);
    expect(pageTitle('/dashboard', SITE)).toBe(`首页 - ${SITE}`);
    expect(pageTitle('/operationView', SITE)).toBe(`运营大屏 - ${SITE}`);
    for (const bare of ['/scanQRcode', '/orderInfoByQRcode', '/activity', '/redirect/dashboard', '/no/such/page']) expect(pageTitle(bare, SITE)).toBe(SITE);
  });

  it('the dashboard is a pinned, uncached tab with an empty trail; the user centre a plain tab', () => {
    expect(describeRoute('/dashboard')).toEqual({ title: '首页', noCache: true, affix: true, trail: [] });
    expect(describeRoute('/user/center')).toEqual({ title: '个人中心', noCache: false, affix: false, trail: ['个人中心'] });
    expect(describeRoute('/redirect/dashboard')).toBeUndefined();
    expect(describeRoute('/login')).toBeUndefined();
  });

  it('a data route is titled by its parameters, and only for a user who may open it', () => {
    const { routes } = parseRouteFile(JSON.stringify({ routes: [{ path: '/o/:id', urlAddress: 'o', title: '停车订单详情 {id}', permission: 'order:view' }] }), 'test');
    runInAction(() => {
      dataRouteStore.routes = routes;
    });
    expect(describeRoute('/o/7')).toBeUndefined();
    runInAction(() => {
      userStore.buttonList = ['order:view'];
    });
    expect(describeRoute('/o/7')).toEqual({ title: '停车订单详情 7', noCache: false, affix: false, trail: ['停车订单详情 7'] });
    expect(pageTitle('/o/7', SITE)).toBe(`停车订单详情 7 - ${SITE}`);
  });
});
