import { computed } from 'mobx';
import { userStore } from './user-store';
import { visibleMenus } from '../permission/menu-filter';
import type { MenuItem } from '../api/types';
import { buildMenuRoutes, findMenuRoute, type MenuRoute } from '../router/menu-routes';

/** The signed-in user's menu less entries whose `propertyJson.permission` they lack. */
const visibleMenuList = computed(() => visibleMenus(userStore.menuList, (codes) => userStore.hasPermission(codes)));

export function getVisibleMenus(): MenuItem[] {
  return visibleMenuList.get();
}

/** Dynamic routes follow the signed-in user's menu; observable, so a new user gets new routes without a reload. */
const menuRoutes = computed(() => buildMenuRoutes(visibleMenuList.get()));

export function getMenuRoutes(): MenuRoute[] {
  return menuRoutes.get();
}

export function routeForPath(path: string): MenuRoute | undefined {
  return findMenuRoute(menuRoutes.get(), path);
}
