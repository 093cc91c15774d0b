import { matchPath } from 'react-router-dom';

/** A shell route that exists for every signed-in user, whatever the menu says (spec §2). */
export interface StaticRoute {
  pattern: string;
  title: string;
  /** a JSON page rendered for it, with the route parameters in its data scope */
  urlAddress?: string;
  noCache?: boolean;
}

export const STATIC_ROUTES: StaticRoute[] = [
  { pattern: '/dashboard', title: '首页', noCache: true },
  { pattern: '/user/center', title: '个人中心' },
  { pattern: '/parkingAdmin/add/:id', title: '新增停车场', urlAddress: 'parking/parkingAdd' },
  { pattern: '/OrderManagement/parkingRecordOrderInfo/:id', title: '停车订单详情', urlAddress: 'OrderManagement/parkingRecordOrderInfo' },
  { pattern: '/redirect/*', title: '' },
];

export function matchStaticRoute(path: string): { route: StaticRoute; params: Record<string, string | undefined> } | undefined {
  for (const route of STATIC_ROUTES) {
    const match = matchPath({ path: route.pattern, end: true }, path);
    if (match) return { route, params: match.params };
  }
  return undefined;
}

export function isStaticShellPath(path: string): boolean {
  return matchStaticRoute(path) !== undefined;
}
