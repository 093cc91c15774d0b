import { describe, expect, it } from 'vitest';
import { createMenuSearch, searchableRoutes } from './menu-search';
import type { MenuRoute } from '../router/menu-routes';

const route = (path: string, trail: string[], over: Partial<MenuRoute> = {}): MenuRoute => ({
  path,
  title: trail[trail.length - 1],
  icon: '',
  urlAddress: path.slice(1),
  type: 2,
  noCache: false,
  hidden: false,
  trail,
  ...over,
});

const routes = [
  route('/parking/parkingAdmin', ['停车基础设施', '停车场管理']),
  route('/parking/lane', ['停车基础设施', '车道管理']),
  route('/system/user', ['系统管理', '用户管理']),
  route('/system/secret', ['系统管理', '隐藏页'], { hidden: true }),
  route('/help', ['帮助'], { type: 7 }),
];

describe('menu search', () => {
  it('indexes only visible pages', () => {
    expect(searchableRoutes(routes).map((e) => e.path)).toEqual(['/parking/parkingAdmin', '/parking/lane', '/system/user']);
  });

  it('finds a page by a misspelt title or path', () => {
    const fuse = createMenuSearch(searchableRoutes(routes));
    expect(fuse.search('停车厂管理')[0].item.path).toBe('/parking/parkingAdmin');
    expect(fuse.search('parkingAdmn')[0].item.path).toBe('/parking/parkingAdmin');
  });
});
