import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import { type Input, stringList } from '../lib/fields.ts';
import { allMenuRows, buildTree, type MenuItem } from './menus.ts';

/**
 * A role's grants as one checkable tree: menu nodes `menu:<id>`, their buttons as leaves
 * `button:<id>`. The role screen's input-tree reads and writes those values.
 */

export interface GrantNode {
  label: string;
  value: string;
  children?: GrantNode[];
}

export interface GrantSet {
  menuIds: string[];
  buttonIds: string[];
}

export async function grantTree(db: Db): Promise<GrantNode[]> {
  const buttons = (await db.query<{ id: string; menu_id: string; full_name: string; en_code: string }>(
    'select id, menu_id, full_name, en_code from menu_buttons order by sort_code, en_code',
  )).rows;
  const toNode = (m: MenuItem): GrantNode => {
    const kids = [
      ...m.children.map(toNode),
      ...buttons.filter((b) => b.menu_id === m.id).map((b) => ({ label: `${b.full_name}（${b.en_code}）`, value: `button:${b.id}` })),
    ];
    return { label: m.fullName, value: `menu:${m.id}`, ...(kids.length ? { children: kids } : {}) };
  };
  return buildTree(await allMenuRows(db)).map(toNode);
}

export async function roleGrants(db: Db, roleId: string): Promise<GrantSet> {
  const menus = await db.query<{ menu_id: string }>('select menu_id from role_menus where role_id = $1 order by menu_id', [roleId]);
  const buttons = await db.query<{ button_id: string }>('select button_id from role_buttons where role_id = $1 order by button_id', [roleId]);
  return { menuIds: menus.rows.map((r) => r.menu_id), buttonIds: buttons.rows.map((r) => r.button_id) };
}

export const grantValues = (g: GrantSet): string[] => [...g.menuIds.map((id) => `menu:${id}`), ...g.buttonIds.map((id) => `button:${id}`)];

/**
 * Reads a grant set from `grants` (tree values) or from `menuIds` + `buttonCodes` (the older
 * POST /Role/{id}/Menus body). Unknown ids or codes are refused.
 */
export async function readGrantSet(db: Db, b: Input): Promise<GrantSet> {
  const values = stringList(b.grants, '授权列表');
  const menuIds = [...values.filter((v) => v.startsWith('menu:')).map((v) => v.slice(5)), ...stringList(b.menuIds, '菜单列表')];
  const buttonIds = values.filter((v) => v.startsWith('button:')).map((v) => v.slice(7));
  const bad = values.find((v) => !v.startsWith('menu:') && !v.startsWith('button:'));
  if (bad) throw badRequest(`授权项格式不正确: ${bad}`);
  const known = new Set((await db.query<{ id: string }>('select id from menus where id = any($1::text[])', [menuIds])).rows.map((r) => r.id));
  const unknownMenu = menuIds.find((id) => !known.has(id));
  if (unknownMenu) throw badRequest(`菜单不存在: ${unknownMenu}`);
  for (const code of stringList(b.buttonCodes, '按钮列表')) {
    const { rows } = await db.query<{ id: string }>('select id from menu_buttons where en_code = $1', [code]);
    if (!rows[0]) throw badRequest(`按钮编码不存在: ${code}`);
    buttonIds.push(rows[0].id);
  }
  const btnRows = (await db.query<{ id: string; menu_id: string }>('select id, menu_id from menu_buttons where id = any($1::text[])', [buttonIds])).rows;
  const unknownB = buttonIds.find((id) => !btnRows.some((r) => r.id === id));
  if (unknownB) throw badRequest(`按钮不存在: ${unknownB}`);
  // a button is useless without its page, so granting it grants the page too
  return { menuIds: [...new Set([...menuIds, ...btnRows.map((r) => r.menu_id)])], buttonIds: [...new Set(buttonIds)] };
}

/** Adds to the role's grants (replace = false) or makes them exactly `g` (replace = true). */
export async function writeGrants(tx: Db, roleId: string, g: GrantSet, replace: boolean): Promise<void> {
  if (replace) {
    await tx.query('delete from role_menus where role_id = $1', [roleId]);
    await tx.query('delete from role_buttons where role_id = $1', [roleId]);
  }
  await tx.query('insert into role_menus (role_id, menu_id) select $1, unnest($2::text[]) on conflict do nothing', [roleId, g.menuIds]);
  await tx.query('insert into role_buttons (role_id, button_id) select $1, unnest($2::text[]) on conflict do nothing', [roleId, g.buttonIds]);
}
