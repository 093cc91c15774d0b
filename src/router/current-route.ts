import { computed } from 'mobx';
import { userStore, type UserStore } from '../stores/user-store';
import { getMenuRoutes } from '../stores/route-store';
import { visibleMenus } from '../permission/menu-filter';
import { buildMenuDataRoutes, buildMenuRoutes, type MenuRoute } from './menu-routes';
import { dataRouteStore } from './data-routes';
import type { DataRoute } from '../../domain/pages/route-file';
import { accessOf, resolveRoute, type ResolvedRoute, type RouteAccess } from './resolve-route';

/** The observable state routes are resolved over. */
export interface RouteStores {
  /** the signed-in user: their menu and their button codes */
  user: Pick<UserStore, 'menuList' | 'hasPermission'>;
  /** the bundles' route files */
  routeFiles: { routes: DataRoute[] };
  /** the user's menu routes; by default built from `user`'s visible menu, as src/stores/route-store.ts does for the app */
  menuRoutes?: () => MenuRoute[];
}

/**
 * resolveRoute over live stores: observers re-render when the user, menu or route files change.
 * The app's resolver reads the shared stores; a test builds one over stores of its own.
 */
export function createRouteResolver({ user, routeFiles, menuRoutes }: RouteStores) {
  const ownMenuRoutes = computed(() => buildMenuRoutes(visibleMenus(user.menuList, (codes) => user.hasPermission(codes))));
  const menuRoutesNow = menuRoutes ?? (() => ownMenuRoutes.get());
  /** Menu-declared routes first (the deployment's own menu), then the bundles' route files. */
  const menuDeclared = computed(() => buildMenuDataRoutes(user.menuList));
  const dataRoutes = computed(() => [...menuDeclared.get().routes, ...routeFiles.routes]);

  function currentRoute(path: string): ResolvedRoute | undefined {
    return resolveRoute(path, {
      menuRoutes: menuRoutesNow(),
      dataRoutes: dataRoutes.get(),
      hasPermission: (codes) => user.hasPermission(codes),
    });
  }

  return {
    currentRoute,
    routeAccess: (path: string): RouteAccess => accessOf(currentRoute(path)),
    /** Tells the deployer about route declarations in menu entries that were ignored. */
    reportMenuRouteProblems() {
      for (const p of menuDeclared.get().problems) console.error(`${p.source}${p.path ? ` ${p.path}` : ''}: ${p.message}`);
    },
  };
}

export type RouteResolver = ReturnType<typeof createRouteResolver>;

const shared = createRouteResolver({ user: userStore, routeFiles: dataRouteStore, menuRoutes: getMenuRoutes });

export const { currentRoute, routeAccess, reportMenuRouteProblems } = shared;
