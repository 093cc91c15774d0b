import { matchPath } from 'react-router-dom';

/** A shell route that exists for every signed-in user, whatever the menu says (spec §2). */
export interface StaticRoute {
  pattern: string;
  /** a fixed title, or one that tells parameter sets apart (tabs: order 7 and order 9) */
  title: string | ((params: Record<string, string | undefined>) => string);
  /** a JSON page rendered for it, with the route parameters in its data scope */
  urlAddress?: string;
  noCache?: boolean;
}

export const STATIC_ROUTES: StaticRoute[] = [
  { pattern: '/dashboard', title: '首页', noCache: true },
  { pattern: '/user/center', title: '个人中心' },
  {
    pattern: '/parkingAdmin/add/:id',
    title: ({ id }) => (id === '0' || id === 'new' ? '新增停车场' : '编辑停车场'),
    urlAddress: 'parking/parkingAdd',
  },
  { pattern: '/OrderManagement/parkingRecordOrderInfo/:id', title: ({ id }) => `停车订单详情 ${id ?? ''}`.trim(), urlAddress: 'OrderManagement/parkingRecordOrderInfo' },
  { pattern: '/redirect/*', title: '' },
];

export function matchStaticRoute(path: string): { route: StaticRoute; params: Record<string, string | undefined> } | undefined {
  for (const route of STATIC_ROUTES) {
    const match = matchPath({ path: route.pattern, end: true }, path);
    if (match) return { route, params: match.params };
  }
  return undefined;
}

export function staticRouteTitle(route: StaticRoute, params: Record<string, string | undefined>): string {
  return typeof route.title === 'function' ? route.title(params) : route.title;
}

export function isStaticShellPath(path: string): boolean {
  return matchStaticRoute(path) !== undefined;
}
