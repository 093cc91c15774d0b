import { localeStore } from './index';
import { englishFeeText } from './fee-texts';
import { hasCjk, translateText, type TextTable } from './page-texts';
import { textTableStore } from './text-table';

/**
 * Texts the server writes in Chinese into its answers besides the data: labels of fixed value sets
 * (`stateLabel`: 在场, `channelLabel`: 微信, any key ending in `Label`), an order's timeline, and
 * the fee engine's sentences (`preview`, `notes`, a line's `piece` and `part`, a coupon's `name`
 * in `discounts`). Under en-US they go through the pages' table (a `"dict:<label>"` entry first)
 * and src/i18n/fee-texts.ts; data (names, plates, reasons) stays as stored.
 */

type Payload = { status: number; msg: string; data: unknown };

const FEE_TEXT_KEYS = new Set(['preview', 'piece', 'part']);

/** "3号入口 · 相机识别", "微信 5.00元 张三", "张三：原因": each known word translated, amounts in CNY. */
export function englishDetail(detail: string, table: TextTable): string {
  return detail
    .split(/( · | |：)/)
    .map((token) => {
      if (token === '：') return ': ';
      const amount = /^([\d.]+)元$/.exec(token);
      if (amount) return `CNY ${amount[1]}`;
      return translateText(token, table, 'dict');
    })
    .join('');
}

function walk(value: unknown, table: TextTable, key = ''): unknown {
  if (typeof value === 'string') {
    if (!hasCjk(value)) return value;
    if (key.endsWith('Label')) return translateText(value, table, 'dict');
    if (FEE_TEXT_KEYS.has(key)) return englishFeeText(value, table);
    return value;
  }
  if (Array.isArray(value)) {
    if (key === 'notes') return value.map((note) => (typeof note === 'string' ? englishFeeText(note, table) : note));
    return value.map((item) => walk(item, table, key === 'timeline' || key === 'discounts' ? key : ''));
  }
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([k, v]) => {
    if (typeof v === 'string' && hasCjk(v)) {
      // an item of a timeline: what happened (title) and its details; a discount's name
      if (key === 'timeline' && k === 'title') return [k, translateText(v, table, 'dict')];
      if (key === 'timeline' && k === 'detail') return [k, englishDetail(v, table)];
      if (key === 'discounts' && k === 'name') return [k, englishFeeText(v, table)];
    }
    return [k, walk(v, table, k)];
  });
  return Object.fromEntries(entries);
}

/** An answer with the server's labels and fee sentences in the reader's language (zh-CN: as sent). */
export function localizeServerTexts<T extends Payload>(payload: T): T {
  if (localeStore.locale === 'zh-CN' || payload.status !== 0 || !payload.data || typeof payload.data !== 'object') return payload;
  textTableStore.start();
  return { ...payload, data: walk(payload.data, textTableStore.table) };
}

/** For tests: the same over a given table. */
export function englishServerTexts(data: unknown, table: TextTable): unknown {
  return walk(data, table);
}
