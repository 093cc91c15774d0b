import type { Db } from '../db/database.ts';
import { ApiError, badRequest } from '../lib/envelope.ts';
import { newId } from '../lib/ids.ts';

export interface NewMenuEntry {
  /** the directory (a type-1 menu) it goes under */
  parentId: string;
  fullName: string;
  enCode: string;
  urlAddress: string;
}

/** The menu's directories, for the studio's "add to menu" choice. */
export async function menuDirectories(db: Db): Promise<{ id: string; fullName: string; enCode: string }[]> {
  const { rows } = await db.query<{ id: string; fullName: string; enCode: string }>(
    `select id, full_name as "fullName", en_code as "enCode" from menus where type = 1 order by sort_code, id`,
  );
  return rows;
}

/**
 * A page saved in the studio becomes a menu entry (type 2) under a directory: the entry is the
 * page's permission, granted to the roles of the user who adds it so they see it at once; an
 * administrator grants it to others in 角色管理. The page's path is `/<directory>/<enCode>`.
 */
export async function addMenuEntry(tx: Db, entry: NewMenuEntry, userId: string): Promise<{ id: string; path: string }> {
  if (!/^[A-Za-z][A-Za-z0-9_]{0,49}$/.test(entry.enCode)) throw badRequest('菜单编码只能由字母、数字和下划线组成，以字母开头');
  const parent = (await tx.query<{ enCode: string }>('select en_code as "enCode" from menus where id = $1 and type = 1', [entry.parentId]))
    .rows[0];
  if (!parent) throw badRequest('请选择菜单目录');
  const taken = await tx.query('select 1 from menus where en_code = $1', [entry.enCode]);
  if (taken.rows.length) throw new ApiError(400, `菜单编码 ${entry.enCode} 已被使用`);
  const id = newId('m');
  const { rows } = await tx.query<{ n: number }>('select coalesce(max(sort_code), 0) + 10 as n from menus where parent_id = $1', [
    entry.parentId,
  ]);
  await tx.query(
    `insert into menus (id, parent_id, full_name, en_code, icon, type, url_address, sort_code, link_target)
     values ($1, $2, $3, $4, 'list', 2, $5, $6, '_self')`,
    [id, entry.parentId, entry.fullName, entry.enCode, entry.urlAddress, Number(rows[0]?.n ?? 10)],
  );
  await tx.query(
    `insert into role_menus (role_id, menu_id) select ur.role_id, m.id from user_roles ur cross join unnest($2::text[]) as m(id)
      where ur.user_id = $1 on conflict do nothing`,
    [userId, [id, entry.parentId]],
  );
  return { id, path: `/${parent.enCode}/${entry.enCode}` };
}
