import { localeStore } from './index';
import { englishFeeText } from './fee-texts';
import { englishServerPhrase, PHRASE_KEYS } from './server-phrases';
import { hasCjk, translateText, type TextTable } from './page-texts';
import { textTableStore } from './text-table';

/**
 * Texts the server writes in Chinese into its answers besides the data: labels of fixed value sets
 * (`stateLabel`: 在场, `channelLabel`: 微信, any key ending in `Label`), an order's timeline, and
 * the fee engine's sentences (`preview`, `notes`, a line's `piece` and `part`, a coupon's `name`
 * in `discounts`), and the fixed texts among reasons, receipts and operators (a refund's reason
 * label, `审核通过`, `短信已送达`, `系统`: src/i18n/server-phrases.ts). Under en-US they go through
 * the pages' table (a `"dict:<label>"` entry first), src/i18n/fee-texts.ts and server-phrases.ts;
 * data (names, plates, what people typed) stays as stored.
 */

type Payload = { status: number; msg: string; data: unknown };

const FEE_TEXT_KEYS = new Set(['preview', 'piece', 'part']);

/**
 * "3号入口 · 相机识别", "微信 5.00元 张三": each known word translated, amounts in CNY. "张三：原因"
 * (an audit row: who, and why): the operator and the reason each as a whole, a fixed text in English,
 * words someone typed as typed.
 */
export function englishDetail(detail: string, table: TextTable): string {
  const colon = detail.indexOf('：');
  if (colon >= 0) {
    const who = detail.slice(0, colon);
    return `${who && englishServerPhrase(who, table)}: ${englishServerPhrase(detail.slice(colon + 1), table)}`;
  }
  return detail
    .split(/( · | )/)
    .map((token) => {
      const amount = /^([\d.]+)元$/.exec(token);
      if (amount) return `CNY ${amount[1]}`;
      const phrase = englishServerPhrase(token, table);
      return phrase !== token ? phrase : translateText(token, table, 'dict');
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
  const row = value as Record<string, unknown>;
  // a refund row names its reason code's label: only that label is taken off the front of its reason
  const reasonLabel = typeof row.reasonLabel === 'string' && row.reasonLabel ? row.reasonLabel : undefined;
  const entries = Object.entries(row).map(([k, v]) => {
    if (typeof v === 'string' && hasCjk(v)) {
      // an item of a timeline: what happened (title) and its details; a discount's name
      if (key === 'timeline' && k === 'title') return [k, translateText(v, table, 'dict')];
      if (key === 'timeline' && k === 'detail') return [k, englishDetail(v, table)];
      if (key === 'discounts' && k === 'name') return [k, englishFeeText(v, table)];
      if (PHRASE_KEYS.has(k)) return [k, englishServerPhrase(v, table, k === 'reason' ? reasonLabel : undefined)];
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
