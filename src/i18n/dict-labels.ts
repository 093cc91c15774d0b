import { localeStore } from './index';
import { translateText, type TextTable } from './page-texts';
import { textTableStore } from './text-table';

interface DictPayload {
  status: number;
  msg: string;
  data: unknown;
}

/**
 * Dictionary entries (GET /api/dictDetail) are fixed value sets the server keeps in Chinese: their
 * labels are UI words (状态: 启用/停用), so under en-US they go through the pages' table, an entry
 * `"dict:<label>"` first. The cache keeps the answer as sent; this runs on every read.
 */
export function localizeDict<T extends DictPayload>(payload: T): T {
  const data = payload.data as { items?: { label?: unknown }[] } | null;
  if (localeStore.locale === 'zh-CN' || !data || !Array.isArray(data.items)) return payload;
  textTableStore.start();
  const table = textTableStore.table;
  const items = data.items.map((item) =>
    typeof item.label === 'string' ? { ...item, label: translateText(item.label, table, 'dict') } : item,
  );
  return { ...payload, data: { ...data, items, options: items } };
}

/** Option sources whose labels are menu and button names (data in Chinese that reads as UI). */
const MENU_OPTION_SOURCES = /(^|\/)api\/system\/(Role\/GrantTree|Menu\/Selector)(\?|$)/;

/** `新增（parking:add）` → `Add (parking:add)`; a label the table lacks stays. */
function menuLabel(label: string, table: TextTable): string {
  const coded = /^(.+)（(.+)）$/.exec(label);
  return coded ? `${translateText(coded[1], table)} (${coded[2]})` : translateText(label, table);
}

function relabel(value: unknown, table: TextTable): unknown {
  if (Array.isArray(value)) return value.map((item) => relabel(item, table));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === 'label' && typeof v === 'string' ? menuLabel(v, table) : relabel(v, table)]),
  );
}

/** The role grant tree and the parent-menu select show menu and button names in the reader's language. */
export function localizeMenuOptions<T extends DictPayload>(url: string, payload: T): T {
  if (localeStore.locale === 'zh-CN' || !MENU_OPTION_SOURCES.test(url)) return payload;
  textTableStore.start();
  return { ...payload, data: relabel(payload.data, textTableStore.table) };
}
