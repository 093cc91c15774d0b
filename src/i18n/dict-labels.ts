import { localeStore } from './index';
import { translateText } from './page-texts';
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
