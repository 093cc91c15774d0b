import type { Db } from '../db/database.ts';
import { loadUserAccess } from '../services/user-access.ts';
import { flattenMenus } from '../services/menu-tree.ts';
import { findHostRoute } from '../../domain/pages/host-routes.ts';

/**
 * A screen is granted with the menus its route names (domain/pages/host-routes.ts `menus`, every
 * one), as the console's guard decides for its path: the stream answers what the navbar offers.
 */
export async function mayWatch(db: Db, userId: string, path: string): Promise<boolean> {
  const needed = findHostRoute(path)?.meta.menus;
  if (!needed) return false;
  const { menuTree } = await loadUserAccess(db, userId);
  const granted = new Set(flattenMenus(menuTree).map((m) => `/${(m.urlAddress ?? '').replace(/^\/+/, '')}`));
  return needed.every((p) => granted.has(p));
}
