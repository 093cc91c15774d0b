import { routeForPath } from '../stores/route-store';
import { matchStaticRoute, staticRouteTitle } from '../router/static-routes';
import { t } from '../i18n';

export interface RouteInfo {
  title: string;
  noCache: boolean;
  affix: boolean;
  /** titles from the top menu entry down, for the breadcrumb */
  trail: string[];
}

export const HOME_PATH = '/dashboard';

/** What the shell needs to know about a path inside it: title, caching, pinning, breadcrumb. */
export function describeRoute(path: string): RouteInfo | undefined {
  if (path === HOME_PATH) return { title: t('dashboard.title'), noCache: true, affix: true, trail: [] };
  if (path === '/user/center') return { title: t('userCenter.title'), noCache: false, affix: false, trail: [t('userCenter.title')] };
  if (path.startsWith('/redirect/')) return undefined;
  const menu = routeForPath(path);
  if (menu) return { title: menu.title, noCache: menu.noCache, affix: false, trail: menu.trail };
  const shell = matchStaticRoute(path);
  const title = shell ? staticRouteTitle(shell.route, shell.params) : '';
  if (shell && title) return { title, noCache: Boolean(shell.route.noCache), affix: false, trail: [title] };
  return undefined;
}
