import type { Db } from '../db/database.ts';
import { FINANCE_BUTTONS, FINANCE_MENUS, OPERATOR_BUTTONS, OPERATOR_MENUS } from './menu-tree.ts';
import { buttonRows, dictEntryRows, dictRows, menuRows } from './seed-rows.ts';

/**
 * Brings the system rows of a newer version (a new screen's menu entry and buttons, a new
 * dictionary or entry) to a database seeded by an older one: each row the code defines that this
 * database was never offered (migration 018's `seed_known`) is inserted once, and a new menu entry
 * or button is granted to the demo roles that would have had it (the administrator every one, the
 * operator those of its list). Rows offered before are left alone, so an administrator's deletions
 * and edits stand. Safe to run on every start, by several instances at once.
 */
export async function offerNewSeedEntries(db: Db): Promise<number> {
  const known = new Set((await db.query<{ id: string }>('select id from seed_known')).rows.map((r) => r.id));
  const fresh = <T extends { id: string }>(rows: T[]) => rows.filter((r) => !known.has(r.id));
  const menus = fresh(menuRows());
  const buttons = fresh(buttonRows());
  const dicts = fresh(dictRows());
  const entries = fresh(dictEntryRows());
  const offered = [...menus, ...buttons, ...dicts, ...entries].map((r) => r.id);
  if (!offered.length) return 0;
  await db.transaction(async (tx) => {
    const added: string[] = [];
    const insert = async (sql: string, values: unknown[], id: string) => {
      const { rows } = await tx.query(`${sql} on conflict do nothing returning id`, values);
      if (rows.length) added.push(id);
    };
    for (const m of menus)
      await insert(
        `insert into menus (id, parent_id, full_name, en_code, icon, type, url_address, sort_code, link_target)
         select $1, $2, $3, $4, $5, $6, $7, $8, $9 where $2 = '-1' or exists (select 1 from menus where id = $2)`,
        [m.id, m.parentId, m.fullName, m.enCode, m.icon, m.type, m.urlAddress, m.sortCode, m.linkTarget],
        m.id,
      );
    for (const b of buttons)
      await insert(
        `insert into menu_buttons (id, menu_id, full_name, en_code, sort_code)
         select $1, $2, $3, $4, $5 where exists (select 1 from menus where id = $2)`,
        [b.id, b.menuId, b.fullName, b.enCode, b.sortCode],
        b.id,
      );
    for (const d of dicts)
      await insert(
        'insert into dictionaries (id, name, full_name, sort_code) values ($1, $2, $3, $4)',
        [d.id, d.name, d.fullName, d.sortCode],
        d.id,
      );
    for (const e of entries)
      await insert(
        `insert into dict_detail (id, dict_name, label, value, dict_sort)
         select $1, $2, $3, $4, $5 where exists (select 1 from dictionaries where name = $2)`,
        [e.id, e.dictName, e.label, e.value, e.sortCode],
        e.id,
      );
    const grant = async (role: string, table: 'role_menus' | 'role_buttons', ids: string[]) => {
      if (!ids.length) return;
      const column = table === 'role_menus' ? 'menu_id' : 'button_id';
      await tx.query(
        `insert into ${table} (role_id, ${column}) select $1, id from unnest($2::text[]) as id
          where exists (select 1 from roles where id = $1) on conflict do nothing`,
        [role, ids],
      );
    };
    const newMenus = menus.filter((m) => added.includes(m.id));
    const newButtons = buttons.filter((b) => added.includes(b.id));
    await grant(
      'r-admin',
      'role_menus',
      newMenus.map((m) => m.id),
    );
    await grant(
      'r-admin',
      'role_buttons',
      newButtons.map((b) => b.id),
    );
    await grant(
      'r-operator',
      'role_menus',
      newMenus.filter((m) => OPERATOR_MENUS.includes(m.enCode)).map((m) => m.id),
    );
    await grant(
      'r-operator',
      'role_buttons',
      newButtons.filter((b) => OPERATOR_BUTTONS.includes(b.enCode)).map((b) => b.id),
    );
    await grant(
      'r-finance',
      'role_menus',
      newMenus.filter((m) => FINANCE_MENUS.includes(m.enCode)).map((m) => m.id),
    );
    await grant(
      'r-finance',
      'role_buttons',
      newButtons.filter((b) => FINANCE_BUTTONS.includes(b.enCode)).map((b) => b.id),
    );
    await tx.query('insert into seed_known (id) select unnest($1::text[]) on conflict do nothing', [offered]);
  });
  return offered.length;
}
