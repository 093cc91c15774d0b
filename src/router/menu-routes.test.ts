import { describe, expect, it } from 'vitest';
import { buildMenuRoutes, findMenuRoute } from './menu-routes';
import type { MenuItem } from '../api/types';

const item = (over: Partial<MenuItem>): MenuItem => ({
  id: over.enCode ?? 'x',
  parentId: '-1',
  fullName: over.enCode ?? 'x',
  enCode: 'x',
  icon: '',
  type: 2,
  urlAddress: '',
  hasChildren: Boolean(over.children?.length),
  ...over,
});

const tree: MenuItem[] = [
  item({
    enCode: 'parking',
    fullName: '停车基础设施',
    type: 1,
    children: [
      item({ enCode: 'parkingAdmin', fullName: '停车场管理', urlAddress: 'parking/parkingAdmin' }),
      item({
        enCode: 'deep',
        type: 1,
        children: [item({ enCode: 'leaf', fullName: '三级页面', urlAddress: 'parking/leaf', propertyJson: '{"noCache":true}' })],
      }),
    ],
  }),
];

describe('menu routes', () => {
  it('joins enCodes into paths and keeps urlAddress as the page name', () => {
    const routes = buildMenuRoutes(tree);
    expect(findMenuRoute(routes, '/parking/parkingAdmin')).toMatchObject({
      urlAddress: 'parking/parkingAdmin',
      title: '停车场管理',
      noCache: false,
    });
  });

  it('reaches pages three levels deep and reads noCache from propertyJson', () => {
    const routes = buildMenuRoutes(tree);
    expect(findMenuRoute(routes, '/parking/deep/leaf')).toMatchObject({ noCache: true, trail: ['停车基础设施', 'deep', '三级页面'] });
  });

  it('does not make routes of directories', () => {
    expect(findMenuRoute(buildMenuRoutes(tree), '/parking')).toBeUndefined();
  });

  it('survives a malformed propertyJson', () => {
    const routes = buildMenuRoutes([item({ enCode: 'p', propertyJson: '{bad' })]);
    expect(routes[0].noCache).toBe(false);
  });
});
