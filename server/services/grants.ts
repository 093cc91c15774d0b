import Type from 'typebox';
import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import { f } from '../resource/fields.ts';
import { type MenuItem, allMenuRows, buildMenuTree } from './menu-tree.ts';

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

/** A grant set as a body: the tree's values (`grants`), or menu ids and button codes (the older POST /Role/{id}/Menus body). */
export const grantInputs = {
  grants: f.ids('菜单与按钮'),
  menuIds: f.ids('菜单列表'),
  buttonCodes: f.ids('按钮列表'),
};
export const grantBody = Type.Object(Object.fromEntries(Object.entries(grantInputs).map(([k, s]) => [k, Type.Optional(s)])));

const buttonsOf = (db: Db) =>
  db.kysely.selectFrom('menuButtons').select(['id', 'menuId', 'fullName', 'enCode']).orderBy('sortCode').orderBy('enCode').execute();

export async function grantTree(db: Db): Promise<GrantNode[]> {
  const buttons = await buttonsOf(db);
  const toNode = (m: MenuItem): GrantNode => {
    const kids = [
      ...m.children.map(toNode),
      ...buttons.filter((b) => b.menuId === m.id).map((b) => ({ label: `${b.fullName}（${b.enCode}）`, value: `button:${b.id}` })),
    ];
    return { label: m.fullName, value: `menu:${m.id}`, ...(kids.length ? { children: kids } : {}) };
  };
  return buildMenuTree(await allMenuRows(db)).map(toNode);
}

export async function roleGrants(db: Db, roleId: string): Promise<GrantSet> {
  const menus = await db.kysely.selectFrom('roleMenus').select('menuId').where('roleId', '=', roleId).orderBy('menuId').execute();
  const buttons = await db.kysely.selectFrom('roleButtons').select('buttonId').where('roleId', '=', roleId).orderBy('buttonId').execute();
  return { menuIds: menus.map((r) => r.menuId), buttonIds: buttons.map((r) => r.buttonId) };
}

export const grantValues = (g: GrantSet): string[] => [...g.menuIds.map((id) => `menu:${id}`), ...g.buttonIds.map((id) => `button:${id}`)];

/** The grant set a body names; unknown menus, buttons or codes are refused. */
export async function readGrantSet(db: Db, b: { grants?: unknown; menuIds?: unknown; buttonCodes?: unknown }): Promise<GrantSet> {
  const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);
  const values = list(b.grants);
  const bad = values.find((v) => !v.startsWith('menu:') && !v.startsWith('button:'));
  if (bad) throw badRequest(`授权项格式不正确: ${bad}`);
  const menuIds = [...new Set([...values.filter((v) => v.startsWith('menu:')).map((v) => v.slice(5)), ...list(b.menuIds)])];
  const buttonIds = values.filter((v) => v.startsWith('button:')).map((v) => v.slice(7));
  const k = db.kysely;
  if (menuIds.length) {
    const known = new Set((await k.selectFrom('menus').select('id').where('id', 'in', menuIds).execute()).map((r) => r.id));
    const unknown = menuIds.find((id) => !known.has(id));
    if (unknown) throw badRequest(`菜单不存在: ${unknown}`);
  }
  for (const code of list(b.buttonCodes)) {
    const row = await k.selectFrom('menuButtons').select('id').where('enCode', '=', code).executeTakeFirst();
    if (!row) throw badRequest(`按钮编码不存在: ${code}`);
    buttonIds.push(row.id);
  }
  const buttons = buttonIds.length ? await k.selectFrom('menuButtons').select(['id', 'menuId']).where('id', 'in', buttonIds).execute() : [];
  const unknown = buttonIds.find((id) => !buttons.some((r) => r.id === id));
  if (unknown) throw badRequest(`按钮不存在: ${unknown}`);
  // a button is useless without its page, so granting it grants the page too
  return { menuIds: [...new Set([...menuIds, ...buttons.map((r) => r.menuId)])], buttonIds: [...new Set(buttonIds)] };
}

/** Adds to the role's grants (replace = false) or makes them exactly `g` (replace = true). */
export async function writeGrants(tx: Db, roleId: string, g: GrantSet, replace: boolean): Promise<void> {
  const k = tx.kysely;
  if (replace) {
    await k.deleteFrom('roleMenus').where('roleId', '=', roleId).execute();
    await k.deleteFrom('roleButtons').where('roleId', '=', roleId).execute();
  }
  if (g.menuIds.length) {
    await k
      .insertInto('roleMenus')
      .values(g.menuIds.map((menuId) => ({ roleId, menuId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  if (g.buttonIds.length) {
    await k
      .insertInto('roleButtons')
      .values(g.buttonIds.map((buttonId) => ({ roleId, buttonId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
