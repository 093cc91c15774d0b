import type { DictionariesTable, MenuButtonsTable, MenusTable } from '../db/system-tables.ts';
import { MENU_TREE } from './menu-tree.ts';
import { DICTS } from './system-dicts.ts';

/**
 * The system rows the code defines (menu tree, buttons, dictionaries and their entries) with their
 * stable ids (`m-<enCode>`, `b-<code>`, `d-<name>`, `dd-<name>-<value>`): what a first start
 * inserts, and what a later start offers an older database (seed/new-entries.ts).
 */

/** A row as the tables hold it (server/db/system-tables.ts), without what the database fills in. */
export type MenuRow = Pick<
  MenusTable,
  'id' | 'parentId' | 'fullName' | 'enCode' | 'icon' | 'type' | 'urlAddress' | 'sortCode' | 'linkTarget'
>;

export type ButtonRow = MenuButtonsTable;

export type DictRow = Pick<DictionariesTable, 'id' | 'name' | 'fullName' | 'sortCode'>;

export interface DictEntryRow {
  id: string;
  dictName: string;
  label: string;
  value: string;
  sortCode: number;
}

export function menuRows(): MenuRow[] {
  return MENU_TREE.flatMap((dir, di) => [
    {
      id: `m-${dir.enCode}`,
      parentId: '-1',
      fullName: dir.fullName,
      enCode: dir.enCode,
      icon: dir.icon,
      type: 1,
      urlAddress: dir.enCode,
      sortCode: (di + 1) * 10,
      linkTarget: '_self',
    },
    ...dir.pages.map((page, pi) => ({
      id: `m-${page.enCode}`,
      parentId: `m-${dir.enCode}`,
      fullName: page.fullName,
      enCode: page.enCode,
      icon: page.icon,
      type: page.type ?? 2,
      urlAddress: page.urlAddress ?? `${dir.enCode}/${page.enCode}`,
      sortCode: (pi + 1) * 10,
      linkTarget: page.linkTarget ?? '_self',
    })),
  ]);
}

export function buttonRows(): ButtonRow[] {
  return MENU_TREE.flatMap((dir) =>
    dir.pages.flatMap((page) =>
      (page.buttons ?? []).map(([code, name], bi) => ({
        id: `b-${code}`,
        menuId: `m-${page.enCode}`,
        fullName: name,
        enCode: code,
        sortCode: bi,
      })),
    ),
  );
}

export function dictRows(): DictRow[] {
  return DICTS.map(([name, fullName], di) => ({ id: `d-${name}`, name, fullName, sortCode: di + 1 }));
}

export function dictEntryRows(): DictEntryRow[] {
  return DICTS.flatMap(([name, , entries]) =>
    entries.map(([value, label], ei) => ({ id: `dd-${name}-${value}`, dictName: name, label, value, sortCode: ei + 1 })),
  );
}
