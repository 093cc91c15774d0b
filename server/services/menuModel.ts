import { badRequest } from '../lib/envelope.ts';
import { type Input, isBlank, optEnum, optInt, optString, reqEnum, reqString } from '../lib/fields.ts';
import type { MenuItem } from './menus.ts';

/** Validation of a menu create/update body (menu fields plus optional buttons). */

export const MENU_TYPES = [1, 2, 7] as const;
const EN_CODE_RE = /^[A-Za-z][A-Za-z0-9_]{1,49}$/;
const BUTTON_CODE_RE = /^[A-Za-z][A-Za-z0-9_]*:[A-Za-z][A-Za-z0-9_]*$/;
const PAGE_URL_RE = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

export interface MenuValues {
  parentId: string;
  fullName: string;
  enCode: string;
  icon: string;
  type: number;
  urlAddress: string;
  sortCode: number;
  linkTarget: string;
  propertyJson: string;
  enabledMark: number;
}

export interface ButtonValues {
  fullName: string;
  enCode: string;
}

export function validateMenu(b: Input): MenuValues {
  const fullName = reqString(b.fullName, '菜单名称', 50);
  const enCode = reqString(b.enCode, '菜单编码', 50);
  if (!EN_CODE_RE.test(enCode)) throw badRequest('菜单编码只能包含字母、数字或下划线，以字母开头，2-50位');
  const type = reqEnum(b.type, MENU_TYPES, '菜单类型', '菜单类型只能是1（目录）、2（页面）或7（外链）');
  const urlAddress = optString(b.urlAddress, '页面地址', 500) ?? '';
  if (type !== 1 && !urlAddress) throw badRequest('页面地址不能为空');
  if (type === 2 && !PAGE_URL_RE.test(urlAddress)) throw badRequest('页面地址格式不正确，应为 目录编码/页面编码');
  if (type === 7 && !/^(https?:\/\/|\/)\S+$/.test(urlAddress)) throw badRequest('外链地址必须以 http://、https:// 或 / 开头');
  const linkTarget = optString(b.linkTarget, '打开方式', 10) ?? (type === 7 ? '_blank' : '_self');
  if (linkTarget !== '_self' && linkTarget !== '_blank') throw badRequest('打开方式只能是_self或_blank');
  const propertyJson = optString(b.propertyJson, '扩展属性', 2000) ?? '{"noCache":false}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(propertyJson);
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('扩展属性必须是JSON对象字符串');
  return {
    parentId: optString(b.parentId, '上级菜单', 64) ?? '-1',
    fullName,
    enCode,
    icon: optString(b.icon, '图标', 50) ?? '',
    type,
    urlAddress,
    sortCode: optInt(b.sortCode, '排序码必须是整数') ?? 0,
    linkTarget,
    propertyJson,
    enabledMark: optEnum(b.enabledMark, [0, 1], '启用状态只能是0（停用）或1（启用）') ?? 1,
  };
}

/** Buttons from a JSON array (or a JSON string of one, for form bodies); undefined when not given. */
export function validateButtons(raw: unknown): ButtonValues[] | undefined {
  if (isBlank(raw)) return undefined;
  let list: unknown = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw);
    } catch {
      throw badRequest('按钮列表格式不正确');
    }
  }
  if (!Array.isArray(list)) throw badRequest('按钮列表格式不正确');
  const seen = new Set<string>();
  return list.map((item: unknown) => {
    const b = (item && typeof item === 'object' ? item : {}) as Input;
    const fullName = reqString(b.fullName, '按钮名称', 50);
    const enCode = reqString(b.enCode, '按钮编码', 64);
    if (!BUTTON_CODE_RE.test(enCode)) throw badRequest(`按钮编码格式应为 实体:操作，例如 parking:add（${enCode}）`);
    if (seen.has(enCode)) throw badRequest(`按钮编码重复: ${enCode}`);
    seen.add(enCode);
    return { fullName, enCode };
  });
}

export function menuToInput(m: MenuItem): Input {
  const { children: _c, hasChildren: _h, buttons: _b, ...rest } = m;
  return rest;
}

const flag = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';

/**
 * The menu form edits visibility as switches: `hidden` and `noCache` are folded into propertyJson
 * (what the console reads), keeping any other properties already there.
 */
export function applyPropertyFlags(b: Input, current = '{"noCache":false}'): Input {
  if (isBlank(b.hidden) && isBlank(b.noCache)) return b;
  let props: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(typeof b.propertyJson === 'string' && b.propertyJson.trim() ? b.propertyJson : current);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) props = parsed as Record<string, unknown>;
  } catch {
    // an unreadable propertyJson is replaced by the switches' values
  }
  if (!isBlank(b.hidden)) props.hidden = flag(b.hidden);
  if (!isBlank(b.noCache)) props.noCache = flag(b.noCache);
  return { ...b, propertyJson: JSON.stringify(props) };
}

/** The switches' values read back from propertyJson, for the edit form. */
export function propertyFlags(propertyJson: string): { hidden: boolean; noCache: boolean } {
  try {
    const p = JSON.parse(propertyJson) as Record<string, unknown>;
    return { hidden: p.hidden === true, noCache: p.noCache === true };
  } catch {
    return { hidden: false, noCache: false };
  }
}
