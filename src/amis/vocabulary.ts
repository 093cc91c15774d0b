/**
 * The console's vocabulary for page JSON, as pure functions of one schema node (no amis, no DOM):
 * the list defaults every crud gets, and the shorthand keys `dict` and `lots`. The console applies
 * `applyVocabulary` to every node amis renders (src/amis/extensions/schema-defaults.ts), and
 * check:pages applies it before validating a page against amis's schema, so both see the same page.
 */

type Node = Record<string, unknown>;

/** Spec §8/§9 and the platform's list API: what every list says unless it says otherwise. */
export const LIST_DEFAULTS = {
  pageField: 'currentPage',
  perPageField: 'pageSize',
  perPage: 10,
  perPageAvailable: [10, 15, 20, 50, 100, 200],
  placeholder: '暂无数据',
  // visited-page tabs keep filters and page; mirroring them into the URL reloads the list once
  // more right after it opens, closing a dialog opened in that instant
  syncLocation: false,
  footerToolbar: ['statistics', 'switch-per-page', 'pagination'],
} as const;

/** A list's filter: one inline row, no panel around it, 查询 and 重置 at its end. */
export const FILTER_DEFAULTS = { title: '', mode: 'inline', wrapWithPanel: false } as const;
export const FILTER_BUTTONS = [
  { type: 'submit', label: '查询', level: 'primary' },
  { type: 'reset', label: '重置' },
] as const;
/** Filter fields that can be emptied with one click, and are unless a page says otherwise. */
const CLEARABLE = new Set(['input-text', 'select', 'tree-select', 'input-date', 'input-datetime', 'input-date-range', 'input-datetime-range', 'input-month-range']);

/** Spec §7: a dictionary's entries. The console reads each once per session (src/amis/dict-cache.ts). */
export function dictApi(dictName: string): string {
  return `get:/api/dictDetail?dictName=${encodeURIComponent(dictName)}&page=0&size=9999`;
}
/** Controls and displays that take their options, or their labels, from a dictionary with `"dict": "<name>"`. */
export const DICT_TYPES = new Set(['select', 'radios', 'checkboxes', 'button-group-select', 'list-select', 'mapping']);

/** Spec §7/§9: the shared lot lookup, 1000 enabled lots, all or one management type (0 spaces, 1 lanes, 4 charging). */
export const LOT_TYPES = { all: undefined, space: 0, lane: 1, charge: 4 } as const;
export type LotKind = keyof typeof LOT_TYPES;
export const LOT_LOOKUP_PATH = '/api/system/Parking';
export function lotsApi(kind: LotKind): string {
  const type = LOT_TYPES[kind];
  return `get:${LOT_LOOKUP_PATH}?pageSize=1000&enabledmark=1${type === undefined ? '' : `&type=${type}`}`;
}
export function isLotKind(value: unknown): value is LotKind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(LOT_TYPES, value);
}

function withDefaults(node: Node, defaults: Record<string, unknown>): Node {
  let out = node;
  for (const [key, value] of Object.entries(defaults)) {
    if (out[key] !== undefined) continue;
    if (out === node) out = { ...node };
    out[key] = Array.isArray(value) ? [...value] : value;
  }
  return out;
}

function isObject(value: unknown): value is Node {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

export function filterDefaults(filter: Node): Node {
  const out = withDefaults(filter, FILTER_DEFAULTS);
  if (!Array.isArray(out.body)) return out;
  const body = (out.body as unknown[]).map((item) =>
    isObject(item) && CLEARABLE.has(String(item.type)) && item.clearable === undefined ? { ...item, clearable: true } : item,
  );
  const hasSubmit = body.some((item) => isObject(item) && item.type === 'submit');
  return { ...out, body: hasSubmit ? body : [...body, ...FILTER_BUTTONS.map((b) => ({ ...b }))] };
}

export function crudDefaults(node: Node): Node {
  const out = withDefaults(node, LIST_DEFAULTS);
  return isObject(out.filter) ? { ...out, filter: filterDefaults(out.filter) } : out;
}

/** `"dict": "lane_direction"` → the dictionary as the options (or, on a mapping, the labels). */
export function expandDict(node: Node): Node {
  const { dict, ...rest } = node;
  if (typeof dict !== 'string' || !dict) return rest;
  return { ...rest, source: dictApi(dict) };
}

/** `"lots": "all" | "space" | "lane" | "charge"` on a select → the base-data store's lots, searchable by name. */
export function expandLots(node: Node): Node {
  const { lots, ...rest } = node;
  if (!isLotKind(lots)) return rest;
  return withDefaults({ ...rest, source: lotsApi(lots), labelField: 'parkingName', valueField: 'id' }, { searchable: true });
}

/** One node as the console renders it; the node itself when nothing applies. */
export function applyVocabulary(node: Node): Node {
  let out = node;
  if (out.type === 'crud') out = crudDefaults(out);
  if ('dict' in out && DICT_TYPES.has(String(out.type))) out = expandDict(out);
  if ('lots' in out && out.type === 'select') out = expandLots(out);
  return out;
}

/** Every node of a page, depth first (check:pages; the console applies it node by node as amis renders). */
export function applyVocabularyDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(applyVocabularyDeep);
  if (!isObject(value)) return value;
  const node = typeof value.type === 'string' ? applyVocabulary(value) : value;
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, applyVocabularyDeep(v)]));
}
