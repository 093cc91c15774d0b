import { computed } from 'mobx';
import { userStore } from './user-store';
import { buildMenuRoutes, findMenuRoute, type MenuRoute } from '../router/menu-routes';
import { isStaticShellPath } from '../router/static-routes';

/** Dynamic routes follow the signed-in user's menu; observable, so a new user gets new routes without a reload. */
const menuRoutes = computed(() => buildMenuRoutes(userStore.menuList));

export function getMenuRoutes(): MenuRoute[] {
  return menuRoutes.get();
}

export function routeForPath(path: string): MenuRoute | undefined {
  return findMenuRoute(menuRoutes.get(), path);
}

export function isKnownRoute(path: string): boolean {
  return isStaticShellPath(path) || routeForPath(path) !== undefined;
}
