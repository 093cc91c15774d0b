import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../lib/envelope.ts';
import { asInput } from '../lib/fields.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/operLog.ts';
import {
  applyPropertyFlags, type ButtonValues, type MenuValues, menuToInput, propertyFlags, validateButtons, validateMenu,
} from '../services/menuModel.ts';
import { allMenuRows, buildTree, flatten, type MenuItem, type MenuRow, toMenuItem } from '../services/menus.ts';

interface Option {
  id: string;
  fullName: string;
  children?: Option[];
}

/** /api/system/Menu: menu management (a role's grants are in system-roles.ts). */

export const ADMIN_ROLE_ID = 'r-admin';

async function menuRow(db: Db, id: string): Promise<MenuRow | undefined> {
  return (await db.query<MenuRow>('select * from menus where id = $1', [id])).rows[0];
}

async function checkMenu(db: Db, v: MenuValues, selfId?: string): Promise<void> {
  const dup = await db.query('select 1 from menus where en_code = $1 and id <> $2', [v.enCode, selfId ?? '']);
  if (dup.rows.length) throw badRequest('菜单编码已存在');
  if (v.parentId === '-1') return;
  const parent = await menuRow(db, v.parentId);
  if (!parent) throw badRequest('上级菜单不存在');
  if (parent.type !== 1) throw badRequest('上级菜单必须是目录');
  if (selfId) {
    // the new parent must not be the menu itself or one of its descendants
    let cur: MenuRow | undefined = parent;
    while (cur) {
      if (cur.id === selfId) throw badRequest('上级菜单不能是自身或其下级');
      cur = cur.parent_id === '-1' ? undefined : await menuRow(db, cur.parent_id);
    }
  }
}

async function checkButtonCodes(db: Db, buttons: ButtonValues[], menuId: string): Promise<void> {
  for (const b of buttons) {
    const { rows } = await db.query('select 1 from menu_buttons where en_code = $1 and menu_id <> $2', [b.enCode, menuId]);
    if (rows.length) throw badRequest(`按钮编码已存在: ${b.enCode}`);
  }
}

/** Makes the menu's button set equal to `buttons`; new buttons are granted to the admin role. */
async function syncButtons(tx: Db, menuId: string, buttons: ButtonValues[]): Promise<void> {
  const codes = buttons.map((b) => b.enCode);
  await tx.query('delete from menu_buttons where menu_id = $1 and not (en_code = any($2::text[]))', [menuId, codes]);
  for (const [i, b] of buttons.entries()) {
    const { rows } = await tx.query<{ id: string }>(
      `insert into menu_buttons (id, menu_id, full_name, en_code, sort_code) values ($1, $2, $3, $4, $5)
       on conflict (en_code) do update set full_name = excluded.full_name, sort_code = excluded.sort_code
       returning id`,
      [newId('b'), menuId, b.fullName, b.enCode, i],
    );
    await tx.query('insert into role_buttons (role_id, button_id) values ($1, $2) on conflict do nothing', [ADMIN_ROLE_ID, rows[0].id]);
  }
}

const MENU_SET_COLS = 'parent_id = $2, full_name = $3, en_code = $4, icon = $5, type = $6, url_address = $7, sort_code = $8, link_target = $9, property_json = $10, enabled_mark = $11';
const menuParams = (id: string, v: MenuValues): unknown[] => [
  id, v.parentId, v.fullName, v.enCode, v.icon, v.type, v.urlAddress, v.sortCode, v.linkTarget, v.propertyJson, v.enabledMark,
];

export function registerMenuRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/system/Menu', { config: { access: { menus: ['menu'] } } }, async () => {
    const tree = buildTree(await allMenuRows(db));
    const buttons = await db.query<{ id: string; menu_id: string; full_name: string; en_code: string }>(
      'select id, menu_id, full_name, en_code from menu_buttons order by sort_code, en_code',
    );
    for (const m of flatten(tree)) {
      m.buttons = buttons.rows.filter((b) => b.menu_id === m.id).map((b) => ({ id: b.id, fullName: b.full_name, enCode: b.en_code }));
      Object.assign(m, propertyFlags(m.propertyJson));
    }
    return ok({ list: tree });
  });

  // parent options for the menu form: the directories, under a top-level entry
  app.get('/api/system/Menu/Selector', { config: { access: { menus: ['menu'] } } }, async () => {
    const dirs = buildTree((await allMenuRows(db)).filter((r) => r.type === 1));
    const toOption = (m: MenuItem): Option => ({ id: m.id, fullName: m.fullName, ...(m.children.length ? { children: m.children.map(toOption) } : {}) });
    return ok({ list: [{ id: '-1', fullName: '顶级菜单' }, ...dirs.map(toOption)] });
  });

  app.post('/api/system/Menu', { config: { access: { buttons: ['menu:add'] } } }, async (req) => {
    const body = applyPropertyFlags(asInput(req.body));
    const v = validateMenu(body);
    const buttons = validateButtons(body.buttons) ?? [];
    const id = newId('m');
    await db.transaction(async (tx) => {
      await checkMenu(tx, v);
      await checkButtonCodes(tx, buttons, id);
      await tx.query(
        `insert into menus (id, parent_id, full_name, en_code, icon, type, url_address, sort_code, link_target, property_json, enabled_mark)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        menuParams(id, v),
      );
      await tx.query('insert into role_menus (role_id, menu_id) values ($1, $2)', [ADMIN_ROLE_ID, id]);
      await syncButtons(tx, id, buttons);
      await writeOperLog(tx, req, { action: 'create', module: 'menu', recordId: id, detail: `${v.enCode} ${v.fullName}` });
    });
    return ok({ id }, '新建成功');
  });

  app.put<{ Params: { id: string } }>('/api/system/Menu/:id', { config: { access: { buttons: ['menu:edit'] } } }, async (req) => {
    const existing = await menuRow(db, req.params.id);
    if (!existing) throw notFound();
    const body = applyPropertyFlags(asInput(req.body), existing.property_json);
    const v = validateMenu({ ...menuToInput(toMenuItem(existing)), ...body });
    const buttons = validateButtons(body.buttons);
    await db.transaction(async (tx) => {
      await checkMenu(tx, v, existing.id);
      if (buttons) await checkButtonCodes(tx, buttons, existing.id);
      await tx.query(`update menus set ${MENU_SET_COLS}, last_modify_time = now() where id = $1`, menuParams(existing.id, v));
      if (buttons) await syncButtons(tx, existing.id, buttons);
      await writeOperLog(tx, req, { action: 'update', module: 'menu', recordId: existing.id, detail: `${v.enCode} ${v.fullName}` });
    });
    return ok(null, '修改成功');
  });

  app.delete<{ Params: { id: string } }>('/api/system/Menu/:id', { config: { access: { buttons: ['menu:delete'] } } }, async (req) => {
    await db.transaction(async (tx) => {
      const existing = await menuRow(tx, req.params.id);
      if (!existing) throw notFound();
      const kids = await tx.query('select 1 from menus where parent_id = $1 limit 1', [existing.id]);
      if (kids.rows.length) throw badRequest('请先删除下级菜单');
      await tx.query('delete from menus where id = $1', [existing.id]);
      await writeOperLog(tx, req, { action: 'delete', module: 'menu', recordId: existing.id, detail: `${existing.en_code} ${existing.full_name}` });
    });
    return ok(null, '删除成功');
  });
}
