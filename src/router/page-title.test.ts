import { describe, expect, it } from 'vitest';
import { observable, runInAction } from 'mobx';
import { pageTitle } from './page-title';
import { createRouteResolver } from './current-route';
import type { DataRoute } from '../../domain/pages/route-file';
import { parseRouteFile } from '../../domain/pages/route-file-text';
import { UserStore } from '../stores/user-store';
import { describeRoute } from '../layout/route-info';

const SITE = '智慧停车管理平台';

describe('titles from the route table', () => {
  it('route title then site title; the bare ones and helpers show the site title alone', () => {
    expect(pageTitle('/login', SITE)).toBe(`登录 - ${SITE}`);
    expect(pageTitle('/404', SITE)).toBe(`404 - ${SITE}`);
    expect(pageTitle('/dashboard', SITE)).toBe(`首页 - ${SITE}`);
    expect(pageTitle('/operationView', SITE)).toBe(`运营大屏 - ${SITE}`);
    for (const bare of ['/scanQRcode', '/orderInfoByQRcode', '/activity', '/redirect/dashboard', '/no/such/page'])
      expect(pageTitle(bare, SITE)).toBe(SITE);
  });

  it('the dashboard is a pinned, uncached tab with an empty trail; the user centre a plain tab', () => {
    expect(describeRoute('/dashboard')).toEqual({ title: '首页', noCache: true, affix: true, trail: [] });
    expect(describeRoute('/user/center')).toEqual({ title: '个人中心', noCache: false, affix: false, trail: ['个人中心'] });
    expect(describeRoute('/redirect/dashboard')).toBeUndefined();
    expect(describeRoute('/login')).toBeUndefined();
  });

  it('a data route is titled by its parameters, and only for a user who may open it', () => {
    // a user and route files of the test's own, not the app's
    const user = new UserStore();
    const routeFiles = observable({ routes: [] as DataRoute[] });
    const { currentRoute } = createRouteResolver({ user, routeFiles });
    const { routes } = parseRouteFile(
      JSON.stringify({ routes: [{ path: '/o/:id', urlAddress: 'o', title: '停车订单详情 {id}', permission: 'order:view' }] }),
      'test',
    );
    expect(describeRoute('/o/7', currentRoute)).toBeUndefined();
    runInAction(() => {
      routeFiles.routes = routes;
    });
    expect(describeRoute('/o/7', currentRoute)).toBeUndefined();
    runInAction(() => {
      user.buttonList = ['order:view'];
    });
    expect(describeRoute('/o/7', currentRoute)).toEqual({
      title: '停车订单详情 7',
      noCache: false,
      affix: false,
      trail: ['停车订单详情 7'],
    });
    expect(pageTitle('/o/7', SITE, currentRoute)).toBe(`停车订单详情 7 - ${SITE}`);
    // the app's resolver never saw them
    expect(describeRoute('/o/7')).toBeUndefined();
  });

  it('a menu screen is titled by its menu entry, shown to a user whose menu holds it and who may see it', () => {
    const user = new UserStore();
    const { currentRoute } = createRouteResolver({ user, routeFiles: { routes: [] } });
    const entry = {
      id: 'r',
      parentId: '-1',
      fullName: '报表',
      enCode: 'report',
      icon: '',
      type: 2,
      urlAddress: 'report/index',
      hasChildren: false,
    };
    runInAction(() => {
      user.menuList = [{ ...entry, propertyJson: '{"permission": "report:view"}' }];
    });
    expect(describeRoute('/report', currentRoute)).toBeUndefined();
    runInAction(() => {
      user.buttonList = ['report:view'];
    });
    expect(describeRoute('/report', currentRoute)).toEqual({ title: '报表', noCache: false, affix: false, trail: ['报表'] });
  });
});
