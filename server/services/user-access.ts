import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { type MenuItem, type MenuRow, buildMenuTree, flattenMenus } from './menu-tree.ts';

/** What a user may open and press: the menus and buttons their enabled roles grant. */

/** Enabled menus granted to the user's enabled roles, plus their ancestors, as a tree. */
export async function userMenuTree(db: Db, userId: string): Promise<MenuItem[]> {
  const columns = sql.raw(`m.id, m.parent_id, m.full_name, m.en_code, m.icon, m.type, m.url_address, m.sort_code,
    m.link_target, m.property_json, m.enabled_mark`);
  const { rows } = await sql<MenuRow>`
    with recursive granted as (
      select ${columns} from menus m
       where m.id in (select rm.menu_id from role_menus rm
                        join user_roles ur on ur.role_id = rm.role_id
                        join roles r on r.id = rm.role_id
                       where ur.user_id = ${userId} and r.status = 1)
      union
      select ${columns} from menus m join granted g on m.id = g.parent_id
    )
    select * from granted where enabled_mark = 1`.execute(db.kysely);
  return buildMenuTree(rows);
}

/** Button codes granted to the user's enabled roles, limited to menus the user can see. */
export async function userButtons(db: Db, userId: string, visibleMenuIds: Set<string>): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('menuButtons as b')
    .innerJoin('roleButtons as rb', 'rb.buttonId', 'b.id')
    .innerJoin('userRoles as ur', 'ur.roleId', 'rb.roleId')
    .innerJoin('roles as r', 'r.id', 'rb.roleId')
    .select(['b.enCode', 'b.menuId'])
    .distinct()
    .where('ur.userId', '=', userId)
    .where('r.status', '=', 1)
    .orderBy('b.enCode')
    .execute();
  return rows.filter((r) => visibleMenuIds.has(r.menuId)).map((r) => r.enCode);
}

export interface UserAccess {
  menuTree: MenuItem[];
  menuCodes: Set<string>;
  buttons: string[];
}

export async function loadUserAccess(db: Db, userId: string): Promise<UserAccess> {
  const menuTree = await userMenuTree(db, userId);
  const flat = flattenMenus(menuTree);
  const buttons = await userButtons(db, userId, new Set(flat.map((m) => m.id)));
  return { menuTree, menuCodes: new Set(flat.map((m) => m.enCode)), buttons };
}
