import { currentRoute } from '../router/current-route';
import type { ResolvedRoute } from '../router/resolve-route';
import { HOME_PATH, type HostRoute } from '../../domain/pages/host-routes';
import { t } from '../i18n';
import type { MessageKey } from '../i18n/messages';
import { routeTitle } from '../router/route-titles';

export interface RouteInfo {
  title: string;
  noCache: boolean;
  affix: boolean;
  /** titles from the top menu entry down, for the breadcrumb */
  trail: string[];
}

/** The title a record of the route table gives its route ('' for helpers without one). */
export function hostTitle(route: HostRoute): string {
  // host route titles are message keys (host-routes.test.ts)
  return route.meta.title ? t(route.meta.title as MessageKey) : (route.meta.titleText ?? '');
}

/**
 * What the shell needs to know about a path inside it: title, caching, pinning, breadcrumb.
 * Undefined for paths that get no tab: outside the shell, helpers, unknown or forbidden routes.
 * `resolve`: the app's resolver over the shared stores, or a test's (createRouteResolver).
 */
export function describeRoute(path: string, resolve: (path: string) => ResolvedRoute | undefined = currentRoute): RouteInfo | undefined {
  const resolved = resolve(path);
  switch (resolved?.kind) {
    case 'host': {
      const { route } = resolved;
      if (route.layout !== 'shell' || route.meta.hidden) return undefined;
      const title = hostTitle(route);
      return {
        title,
        noCache: Boolean(route.meta.noCache),
        affix: Boolean(route.meta.affix),
        trail: route.path === HOME_PATH ? [] : [title],
      };
    }
    case 'menu':
      return { title: resolved.route.title, noCache: resolved.route.noCache, affix: false, trail: resolved.route.trail };
    case 'data': {
      if (!resolved.allowed || !resolved.title) return undefined;
      const title = routeTitle(path) || resolved.title;
      return { title, noCache: resolved.route.noCache, affix: false, trail: [...resolved.trail, title] };
    }
    default:
      return undefined;
  }
}
