/**
 * Page texts in other languages: one translation table per locale (`<bundle>/_i18n/<locale>.json`)
 * mapping a Chinese UI string, exactly as a page writes it (`${…}` included), to its translation.
 * Pure functions only; loading is src/i18n/text-table.ts. A string the table lacks stays Chinese,
 * so a page added before its translations still works (docs/pages.md, Language).
 */

export type TextTable = Readonly<Record<string, string>>;

/** Han ideographs and CJK/full-width punctuation: what a reader of en-US should not meet in the UI. */
export const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/**
 * Keys whose value (or whole subtree) is code or data, never text shown as written: field names,
 * values sent to the server, addresses, expressions, class names. Everything else that is a string
 * equal to a table key is a text.
 */
const CODE_KEYS = new Set([
  'type',
  'name',
  'value',
  'defaultValue',
  'source',
  'url',
  'href',
  'src',
  'link',
  'id',
  'className',
  'icon',
  'expression',
  'condition',
  'test',
  'dict',
  'lots',
  'permission',
  'trueValue',
  'falseValue',
  'valueField',
  'labelField',
  'headers',
  'requestAdaptor',
  'adaptor',
  'responseData',
]);

export function isCodeKey(key: string): boolean {
  return (
    CODE_KEYS.has(key) ||
    key.startsWith('$') ||
    /(^api|Api)$/.test(key) || // api, initApi, deleteApi, quickSaveApi, …
    /On$/.test(key) || // visibleOn, hiddenOn, disabledOn, …
    /ClassName$/.test(key)
  );
}

const has = (table: TextTable, key: string) => Object.prototype.hasOwnProperty.call(table, key);

/**
 * The text in the table's language, or the text itself when the table lacks it. Inside a node of
 * type `button` (or any `type`), an entry `"button:停用"` wins over `"停用"`: one Chinese word can be
 * a state ("Disabled") and an action ("Disable").
 */
export function translateText(text: string, table: TextTable, nodeType?: string): string {
  if (nodeType && has(table, `${nodeType}:${text}`)) return table[`${nodeType}:${text}`];
  return has(table, text) ? table[text] : text;
}

/** A page (or any part of one) with every text the table knows translated; a new object, the input untouched. */
export function translateSchema<T>(value: T, table: TextTable): T {
  return walk(value, table) as T;
}

function walk(value: unknown, table: TextTable, nodeType?: string): unknown {
  if (typeof value === 'string') return translateText(value, table, nodeType);
  if (Array.isArray(value)) return value.map((item) => walk(item, table));
  if (!value || typeof value !== 'object') return value;
  const node = value as Record<string, unknown>;
  const type = typeof node.type === 'string' ? node.type : undefined;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, isCodeKey(k) ? v : walk(v, table, typeof v === 'string' ? type : undefined)]),
  );
}

/** Settings objects of a node whose values are texts. */
const TEXT_MAPS = new Set(['messages', 'validationErrors']);

/**
 * Only the node's own texts, not its children: its string properties and the values of its
 * `messages` and `validationErrors`. For nodes the console adds as amis renders.
 */
export function translateNodeTexts<T extends Record<string, unknown>>(node: T, table: TextTable): T {
  let out = node;
  for (const [key, value] of Object.entries(node)) {
    if (isCodeKey(key)) continue;
    if (TEXT_MAPS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) {
      const inner = translateNodeTexts(value as Record<string, unknown>, table);
      if (inner !== value) out = { ...out, [key]: inner };
      continue;
    }
    if (typeof value !== 'string') continue;
    const text = translateText(value, table, typeof node.type === 'string' ? node.type : undefined);
    if (text === value) continue;
    if (out === node) out = { ...node };
    (out as Record<string, unknown>)[key] = text;
  }
  return out;
}

/** Every Chinese text of a page that the table does not translate (the completeness test). */
export function untranslatedTexts(value: unknown, table: TextTable): string[] {
  const found = new Set<string>();
  const visit = (v: unknown, nodeType?: string): void => {
    if (typeof v === 'string') {
      if (hasCjk(v) && hasCjk(translateText(v, table, nodeType))) found.add(v);
    } else if (Array.isArray(v)) v.forEach((item) => visit(item));
    else if (v && typeof v === 'object') {
      const type = typeof (v as { type?: unknown }).type === 'string' ? String((v as { type: string }).type) : undefined;
      for (const [k, child] of Object.entries(v)) if (!isCodeKey(k)) visit(child, typeof child === 'string' ? type : undefined);
    }
  };
  visit(value);
  return [...found];
}

/**
 * A table file: `{"texts": {"停车场管理": "Parking lots", …}}`. Anything else (or a non-string
 * translation) is ignored rather than failing the page: a page in Chinese beats no page.
 */
export function parseTable(json: unknown): Record<string, string> {
  const texts = json && typeof json === 'object' ? (json as { texts?: unknown }).texts : undefined;
  if (!texts || typeof texts !== 'object') return {};
  return Object.fromEntries(Object.entries(texts).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** Tables in bundle order (a site's first): an earlier bundle's translation wins. */
export function mergeTables(tables: Record<string, string>[]): TextTable {
  return Object.assign({}, ...[...tables].reverse());
}
