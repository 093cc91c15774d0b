import { jsonArrayFrom } from 'kysely/helpers/postgres';
import Type from 'typebox';
import { BUTTON_CODE_MESSAGE, BUTTON_CODE_RE } from '../../domain/field-rules.ts';
import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import { newId } from '../lib/ids.ts';
import { type Row, defineResource } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { MENU_ROOT, type MenuItem, allMenuRows, buildMenuTree } from '../services/menu-tree.ts';
import { ADMIN_ROLE } from './roles.ts';
import { LINK_TARGET, MENU_TYPE } from '../../domain/estate-codes.ts';

/**
 * 菜单: directories, pages (a JSON page file) and external links, each page with its buttons
 * (permission codes). A new menu or button is granted to the administrator role at once.
 */

const DIR = 1;
const PAGE = 2;
const LINK = 7;
const PAGE_URL_RE = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;
const LINK_URL_RE = /^(https?:\/\/|\/)\S+$/;
const DEFAULT_PROPERTIES = '{"noCache":false}';

interface Button {
  fullName: string;
  enCode: string;
}

/** The menu form's switches: true / false (or 1 / 0). */
const flag = (title: string) =>
  Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)], { title, 'x-msg': `${title}只能是true或false` });

const parseObject = (json: string): Record<string, unknown> | undefined => {
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** The switches' values read back from propertyJson, for the list and the edit form. */
function propertyFlags(propertyJson: string): { hidden: boolean; noCache: boolean } {
  const p = parseObject(propertyJson) ?? {};
  return { hidden: p.hidden === true, noCache: p.noCache === true };
}

/** propertyJson with the switches the body gave folded in (keeping any other property); refused when it is no JSON object. */
function foldSwitches(propertyJson: string, given: Row): string {
  const switches = (['hidden', 'noCache'] as const).filter((k) => given[k] !== undefined);
  const props = parseObject(propertyJson);
  if (!switches.length) {
    if (!props) throw badRequest('扩展属性必须是JSON对象字符串');
    return propertyJson;
  }
  // an unreadable propertyJson is replaced by the switches' values
  const out = { ...props };
  for (const k of switches) out[k] = given[k] === true || given[k] === 1;
  return JSON.stringify(out);
}

function checkButtons(buttons: Button[]): void {
  const seen = new Set<string>();
  for (const b of buttons) {
    if (!BUTTON_CODE_RE.test(b.enCode)) throw badRequest(`${BUTTON_CODE_MESSAGE}，例如 parking:add（${b.enCode}）`);
    if (seen.has(b.enCode)) throw badRequest(`按钮编码重复: ${b.enCode}`);
    seen.add(b.enCode);
  }
}

/** Makes the menu's buttons exactly `buttons` (by code, in that order); new ones are granted to the administrator role. */
async function syncButtons(tx: Db, menuId: string, buttons: Button[]): Promise<void> {
  const k = tx.kysely;
  for (const b of buttons) {
    const other = await k
      .selectFrom('menuButtons')
      .select('id')
      .where('enCode', '=', b.enCode)
      .where('menuId', '<>', menuId)
      .executeTakeFirst();
    if (other) throw badRequest(`按钮编码已存在: ${b.enCode}`);
  }
  const codes = buttons.map((b) => b.enCode);
  await k
    .deleteFrom('menuButtons')
    .where('menuId', '=', menuId)
    .$if(codes.length > 0, (q) => q.where('enCode', 'not in', codes))
    .execute();
  for (const [i, b] of buttons.entries()) {
    const { id } = await k
      .insertInto('menuButtons')
      .values({ id: newId('b'), menuId, fullName: b.fullName, enCode: b.enCode, sortCode: i })
      .onConflict((oc) =>
        oc.column('enCode').doUpdateSet((eb) => ({ fullName: eb.ref('excluded.fullName'), sortCode: eb.ref('excluded.sortCode') })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await k
      .insertInto('roleButtons')
      .values({ roleId: ADMIN_ROLE.id, buttonId: id })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

export const menus = defineResource({
  table: 'menus',
  path: '/api/system/Menu',
  idPrefix: 'm',
  module: 'menu',
  fields: {
    parentId: f.text('上级菜单', 64, { default: MENU_ROOT }),
    fullName: f.text('菜单名称', 50),
    enCode: f.enCode('菜单编码'),
    icon: f.text('图标', 50, { default: '' }),
    type: f.codes('菜单类型', MENU_TYPE),
    urlAddress: f.text('页面地址', 500, { default: '' }),
    sortCode: f.int('排序', { min: -2_147_483_648, default: 0, msg: '排序必须是整数' }),
    // left out: a link opens in a new window, anything else in the current one
    linkTarget: f.words('打开方式', LINK_TARGET),
    propertyJson: f.text('扩展属性', 2000, { default: DEFAULT_PROPERTIES }),
    enabledMark: f.oneOf('启用状态', [0, 1], '启用状态只能是0（停用）或1（启用）', { default: 1 }),
  },
  required: ['fullName', 'enCode', 'type'],
  inputs: {
    // the form edits visibility as switches, kept in propertyJson (what the console reads)
    hidden: flag('在菜单中隐藏'),
    noCache: flag('不缓存页面'),
    // the page's buttons; on update left as they are unless listed
    buttons: Type.Array(Type.Object({ fullName: f.text('按钮名称', 50), enCode: f.text('按钮编码', 64) }), {
      title: '按钮',
      maxItems: 100,
      'x-msg': '按钮列表格式不正确',
    }),
  },
  unique: [{ fields: ['enCode'], msg: '菜单编码已存在' }],
  derived: {
    hasChildren: (eb, self) => eb.exists(eb.selectFrom('menus as c').select('c.id').whereRef('c.parentId', '=', `${self}.id`)),
    buttons: (eb, self) =>
      jsonArrayFrom(
        eb
          .selectFrom('menuButtons')
          .select(['menuButtons.id', 'menuButtons.fullName', 'menuButtons.enCode'])
          .whereRef('menuButtons.menuId', '=', `${self}.id`)
          .orderBy('menuButtons.sortCode')
          .orderBy('menuButtons.enCode'),
      ),
  },
  tree: { parent: 'parentId', emptyChildren: true },
  orderBy: [
    ['sortCode', 'asc'],
    ['enCode', 'asc'],
  ],
  access: {
    list: { menus: ['menu'] },
    create: { buttons: ['menu:add'] },
    update: { buttons: ['menu:edit'] },
    delete: { buttons: ['menu:delete'] },
  },
  describe: (v) => `${v.enCode} ${v.fullName}`,
  check(v, before, body) {
    const type = v.type;
    const url = v.urlAddress;
    if (type !== DIR && !url) throw badRequest('页面地址不能为空');
    if (type === PAGE && !PAGE_URL_RE.test(url)) throw badRequest('页面地址格式不正确，应为 目录编码/页面编码');
    if (type === LINK && !LINK_URL_RE.test(url)) throw badRequest('外链地址必须以 http://、https:// 或 / 开头');
    const given = body ?? v;
    const buttons = before && !('buttons' in given) ? undefined : v.buttons;
    if (buttons) checkButtons(buttons);
    return {
      ...v,
      linkTarget: v.linkTarget ?? (type === LINK ? '_blank' : '_self'),
      propertyJson: foldSwitches(v.propertyJson, given),
      buttons,
    };
  },
  // a stored row's columns are not typed by the field schemas (Stored); this one is text
  toJson: (r) => ({ ...r, ...propertyFlags(String(r.propertyJson)) }),
  guards: {
    async save(tx, v, before) {
      const parentId = v.parentId;
      if (parentId === MENU_ROOT) return;
      const menu = (id: string) => tx.kysely.selectFrom('menus').select(['id', 'parentId', 'type']).where('id', '=', id).executeTakeFirst();
      const parent = await menu(parentId);
      if (!parent) throw badRequest('上级菜单不存在');
      if (parent.type !== DIR) throw badRequest('上级菜单必须是目录');
      // the new parent must not be the menu itself or one of its descendants
      for (
        let cur: typeof parent | undefined = parent;
        before && cur;
        cur = cur.parentId === MENU_ROOT ? undefined : await menu(cur.parentId)
      ) {
        if (cur.id === before.id) throw badRequest('上级菜单不能是自身或其下级');
      }
    },
    async delete(tx, row) {
      const child = await tx.kysely.selectFrom('menus').select('id').where('parentId', '=', row.id).executeTakeFirst();
      if (child) throw badRequest('请先删除下级菜单');
    },
  },
  effects: {
    async create({ tx, id, values }) {
      await tx.kysely.insertInto('roleMenus').values({ roleId: ADMIN_ROLE.id, menuId: id }).execute();
      await syncButtons(tx, id, values.buttons ?? []);
    },
    async update({ tx, id, values }) {
      if (values.buttons) await syncButtons(tx, id, values.buttons);
    },
  },
});

interface Option {
  id: string;
  fullName: string;
  children?: Option[];
}

/** Parent options for the menu form: the directories, under a top-level entry. */
export async function parentOptions(db: Db): Promise<Option[]> {
  const dirs = buildMenuTree((await allMenuRows(db)).filter((r) => r.type === DIR));
  const toOption = (m: MenuItem): Option => ({
    id: m.id,
    fullName: m.fullName,
    ...(m.children.length ? { children: m.children.map(toOption) } : {}),
  });
  return [{ id: MENU_ROOT, fullName: '顶级菜单' }, ...dirs.map(toOption)];
}
