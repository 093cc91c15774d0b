import { localeStore } from './index';
import { translateNodeTexts } from './page-texts';
import { textTableStore } from './text-table';

/**
 * The page loader translates what a page file says; the console's vocabulary adds nodes of its own
 * as amis renders (a list's 查询 and 重置, its 暂无数据). Each node amis renders gets its own texts
 * translated here, from the same table.
 */
export function vocabularyText<T extends Record<string, unknown>>(node: T): T {
  if (localeStore.locale === 'zh-CN') return node;
  textTableStore.start();
  return translateNodeTexts(node, textTableStore.table);
}
