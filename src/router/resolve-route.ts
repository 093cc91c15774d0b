import { findMenuRoute, type MenuRoute } from './menu-routes';
import { matchPattern, type RouteParams } from '../../domain/pages/path-pattern';
import type { DataRoute } from '../../domain/pages/route-file';
import { resolveDataRoute } from './data-route-title';
import { findHostRoute, type HostRoute } from '../../domain/pages/host-routes';

/** What a path opens: one of the console's own routes, a menu screen, or a data route. */
export type ResolvedRoute =
  | { kind: 'host'; route: HostRoute; allowed: boolean }
  | { kind: 'menu'; route: MenuRoute }
  | {
      kind: 'data';
      route: DataRoute;
      params: RouteParams;
      title: string;
      permission: string[];
      allowed: boolean;
      /** breadcrumb titles above it: its own (a menu entry's route), else those of the menu screen it belongs to */
      trail: string[];
    };

export interface RouteSources {
  /** the signed-in user's menu routes, already without entries they may not see */
  menuRoutes: MenuRoute[];
  /** data routes in precedence order: menu-declared, then the route files (site bundle first) */
  dataRoutes: DataRoute[];
  hasPermission: (codes: string[]) => boolean;
}

/**
 * One lookup for the guard, titles, tabs, breadcrumb and the screen: the console's own routes
 * first, then the menu, then data routes (first match wins).
 */
export function resolveRoute(path: string, sources: RouteSources): ResolvedRoute | undefined {
  const host = findHostRoute(path);
  if (host) {
    const allowed = (host.meta.menus ?? []).every((menu) => findMenuRoute(sources.menuRoutes, menu) !== undefined);
    return { kind: 'host', route: host, allowed };
  }
  const menu = findMenuRoute(sources.menuRoutes, path);
  if (menu) return { kind: 'menu', route: menu };
  for (const route of sources.dataRoutes) {
    const params = matchPattern(route.path, path);
    if (!params) continue;
    const { title, permission } = resolveDataRoute(route, params);
    const menu = route.menu === undefined ? undefined : findMenuRoute(sources.menuRoutes, route.menu);
    const allowed = (permission.length === 0 || sources.hasPermission(permission)) && (route.menu === undefined || menu !== undefined);
    const trail = route.trail.length > 0 ? route.trail : (menu?.trail ?? []);
    return { kind: 'data', route, params, title, permission, allowed, trail };
  }
  return undefined;
}

export type RouteAccess = 'open' | 'forbidden' | 'unknown';

/** What the guard needs: unknown → /404, forbidden → /401. */
export function accessOf(resolved: ResolvedRoute | undefined): RouteAccess {
  if (!resolved) return 'unknown';
  if (resolved.kind === 'host' && !resolved.allowed && resolved.route.meta.unknownWhenDenied) return 'unknown';
  if ((resolved.kind === 'data' || resolved.kind === 'host') && !resolved.allowed) return 'forbidden';
  return 'open';
}
