import type { Db } from '../db/database.ts';
import { MENU_TREE } from './menu-tree.ts';

/** Inserts the planned menu tree; menu ids are `m-<enCode>`, button ids `b-<code>`. */
export async function seedMenus(tx: Db): Promise<void> {
  for (const [di, dir] of MENU_TREE.entries()) {
    const dirId = `m-${dir.enCode}`;
    await tx.query(
      `insert into menus (id, parent_id, full_name, en_code, icon, type, url_address, sort_code)
       values ($1, '-1', $2, $3, $4, 1, $5, $6)`,
      [dirId, dir.fullName, dir.enCode, dir.icon, dir.enCode, (di + 1) * 10],
    );
    for (const [pi, page] of dir.pages.entries()) {
      const pageId = `m-${page.enCode}`;
      await tx.query(
        `insert into menus (id, parent_id, full_name, en_code, icon, type, url_address, sort_code, link_target)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          pageId,
          dirId,
          page.fullName,
          page.enCode,
          page.icon,
          page.type ?? 2,
          page.urlAddress ?? `${dir.enCode}/${page.enCode}`,
          (pi + 1) * 10,
          page.linkTarget ?? '_self',
        ],
      );
      for (const [bi, [code, name]] of (page.buttons ?? []).entries()) {
        await tx.query('insert into menu_buttons (id, menu_id, full_name, en_code, sort_code) values ($1, $2, $3, $4, $5)', [
          `b-${code}`,
          pageId,
          name,
          code,
          bi,
        ]);
      }
    }
  }
}
