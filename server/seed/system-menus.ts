import type { Db } from '../db/database.ts';
import { buttonRows, menuRows } from './seed-rows.ts';

/** Inserts the planned menu tree (seed-rows.ts): menu ids are `m-<enCode>`, button ids `b-<code>`. */
export async function seedMenus(tx: Db): Promise<void> {
  for (const m of menuRows())
    await tx.query(
      `insert into menus (id, parent_id, full_name, en_code, icon, type, url_address, sort_code, link_target)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [m.id, m.parentId, m.fullName, m.enCode, m.icon, m.type, m.urlAddress, m.sortCode, m.linkTarget],
    );
  for (const b of buttonRows())
    await tx.query('insert into menu_buttons (id, menu_id, full_name, en_code, sort_code) values ($1, $2, $3, $4, $5)', [
      b.id,
      b.menuId,
      b.fullName,
      b.enCode,
      b.sortCode,
    ]);
}
