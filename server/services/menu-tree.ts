import type { Db } from '../db/database.ts';
import type { MenusTable } from '../db/system-tables.ts';

/** The menu tree as the console reads it (the session's menuList, the grant tree, parent options). */

export const MENU_ROOT = '-1';

/** The stored values of a menu entry. */
export type MenuRow = Omit<MenusTable, 'createTime' | 'lastModifyTime'>;

/** A menu entry as the API answers it: the stored values plus its place in the tree. */
export interface MenuItem extends MenuRow {
  hasChildren: boolean;
  children: MenuItem[];
  /** the page's buttons (menu management answers them) */
  buttons?: { id: string; fullName: string; enCode: string }[];
}

export const MENU_COLUMNS = [
  'id',
  'parentId',
  'fullName',
  'enCode',
  'icon',
  'type',
  'urlAddress',
  'sortCode',
  'linkTarget',
  'propertyJson',
  'enabledMark',
] as const;

/** Builds a tree sorted by sortCode; entries whose parent is absent from `rows` are dropped. */
export function buildMenuTree(rows: MenuRow[]): MenuItem[] {
  const items = new Map(rows.map((r): [string, MenuItem] => [r.id, { ...r, hasChildren: false, children: [] }]));
  const roots: MenuItem[] = [];
  for (const item of items.values()) {
    if (item.parentId === MENU_ROOT) roots.push(item);
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

export function flattenMenus(tree: MenuItem[]): MenuItem[] {
  return tree.flatMap((m) => [m, ...flattenMenus(m.children)]);
}

export async function allMenuRows(db: Db): Promise<MenuRow[]> {
  return db.kysely.selectFrom('menus').select(MENU_COLUMNS).execute();
}
