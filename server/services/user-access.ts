import type { Db } from '../db/database.ts';
import type { MenuValues } from './menuModel.ts';

/** Menu rows, the MenuItem JSON the front end reads, and per-user menu/button grants. */

export interface MenuRow {
  id: string;
  parent_id: string;
  full_name: string;
  en_code: string;
  icon: string;
  type: number;
  url_address: string;
  sort_code: number;
  link_target: string;
  property_json: string;
  enabled_mark: number;
}

/** A menu entry as the API answers it: the stored values plus its place in the tree. */
export interface MenuItem extends MenuValues {
  id: string;
  hasChildren: boolean;
  children: MenuItem[];
  buttons?: { id: string; fullName: string; enCode: string }[];
}

const MENU_COLS = `m.id, m.parent_id, m.full_name, m.en_code, m.icon, m.type, m.url_address, m.sort_code,
  m.link_target, m.property_json, m.enabled_mark`;

export function toMenuItem(r: MenuRow): MenuItem {
  return {
    id: r.id,
    parentId: r.parent_id,
    fullName: r.full_name,
    enCode: r.en_code,
    icon: r.icon,
    type: r.type,
    urlAddress: r.url_address,
    sortCode: r.sort_code,
    linkTarget: r.link_target,
    propertyJson: r.property_json,
    enabledMark: r.enabled_mark,
    hasChildren: false,
    children: [],
  };
}

/** Builds a tree sorted by sortCode; entries whose parent is absent from `rows` are dropped. */
export function buildTree(rows: MenuRow[]): MenuItem[] {
  const items = new Map(rows.map((r) => [r.id, toMenuItem(r)]));
  const roots: MenuItem[] = [];
  for (const item of items.values()) {
    if (item.parentId === '-1') roots.push(item);
    else items.get(item.parentId)?.children.push(item);
  }
  const sort = (list: MenuItem[]): void => {
    list.sort((a, b) => a.sortCode - b.sortCode || a.enCode.localeCompare(b.enCode));
    for (const it of list) {
      it.hasChildren = it.children.length > 0;
      sort(it.children);
    }
  };
  sort(roots);
  return roots;
}

export function flatten(tree: MenuItem[]): MenuItem[] {
  return tree.flatMap((m) => [m, ...flatten(m.children)]);
}

export async function allMenuRows(db: Db): Promise<MenuRow[]> {
  return (await db.query<MenuRow>(`select ${MENU_COLS} from menus m`)).rows;
}

/** Enabled menus granted to the user's enabled roles, plus their ancestors, as a tree. */
export async function userMenuTree(db: Db, userId: string): Promise<MenuItem[]> {
  const { rows } = await db.query<MenuRow>(
    `with recursive granted as (
       select ${MENU_COLS} from menus m
        where m.id in (select rm.menu_id from role_menus rm
                         join user_roles ur on ur.role_id = rm.role_id
                         join roles r on r.id = rm.role_id
                        where ur.user_id = $1 and r.status = 1)
       union
       select ${MENU_COLS} from menus m join granted g on m.id = g.parent_id
     )
     select * from granted where enabled_mark = 1`,
    [userId],
  );
  return buildTree(rows);
}

/** Button codes granted to the user's enabled roles, limited to menus the user can see. */
export async function userButtons(db: Db, userId: string, visibleMenuIds: Set<string>): Promise<string[]> {
  const { rows } = await db.query<{ en_code: string; menu_id: string }>(
    `select distinct b.en_code, b.menu_id from menu_buttons b
       join role_buttons rb on rb.button_id = b.id
       join user_roles ur on ur.role_id = rb.role_id
       join roles r on r.id = rb.role_id
      where ur.user_id = $1 and r.status = 1
      order by b.en_code`,
    [userId],
  );
  return rows.filter((r) => visibleMenuIds.has(r.menu_id)).map((r) => r.en_code);
}

export interface UserAccess {
  menuTree: MenuItem[];
  menuCodes: Set<string>;
  buttons: string[];
}

export async function loadUserAccess(db: Db, userId: string): Promise<UserAccess> {
  const menuTree = await userMenuTree(db, userId);
  const flat = flatten(menuTree);
  const buttons = await userButtons(db, userId, new Set(flat.map((m) => m.id)));
  return { menuTree, menuCodes: new Set(flat.map((m) => m.enCode)), buttons };
}
