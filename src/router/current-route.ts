import { computed } from 'mobx';
import { userStore } from '../stores/user-store';
import { getMenuRoutes } from '../stores/route-store';
import { buildMenuDataRoutes } from './menu-routes';
import { dataRouteStore } from './data-routes';
import { accessOf, resolveRoute, type ResolvedRoute, type RouteAccess } from './resolve-route';

/** Menu-declared routes first (the deployment's own menu), then the bundles' route files. */
const menuDeclared = computed(() => buildMenuDataRoutes(userStore.menuList));
const dataRoutes = computed(() => [...menuDeclared.get().routes, ...dataRouteStore.routes]);

/** resolveRoute over the live stores: observers re-render when the user, menu or route files change. */
export function currentRoute(path: string): ResolvedRoute | undefined {
  return resolveRoute(path, { menuRoutes: getMenuRoutes(), dataRoutes: dataRoutes.get(), hasPermission: (codes) => userStore.hasPermission(codes) });
}

export function routeAccess(path: string): RouteAccess {
  return accessOf(currentRoute(path));
}

/** Tells the deployer about route declarations in menu entries that were ignored. */
export function reportMenuRouteProblems() {
  for (const p of menuDeclared.get().problems) console.error(`${p.source}${p.path ? ` ${p.path}` : ''}: ${p.message}`);
}
