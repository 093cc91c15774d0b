/**
 * The console's vocabulary for page JSON, as pure functions of one schema node (no amis, no DOM):
 * the list defaults every crud gets, and the shorthand keys `dict`, `lots` and `export`. The console
 * applies `applyVocabulary` to every node amis renders (src/amis/extensions/schema-defaults.ts), and
 * check:pages applies it before validating a page against amis's schema, so both see the same page.
 */

import { closeOnEscape, wholeTrees } from './vocabulary-a11y';
import {
  COUNTED_INPUTS,
  NUMBER_INPUTS,
  SUB_FORM_CONTROLS,
  formDefaults,
  lengthCounter,
  numberRules,
  requiredWording,
  subFormChangesAtOnce,
} from './vocabulary-forms';
import { narrowChartAxes } from './vocabulary-charts';
import { exportButtons } from './vocabulary-export';
import { rowDialogs } from './vocabulary-row-dialogs';

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
const CLEARABLE = new Set([
  'input-text',
  'select',
  'tree-select',
  'input-date',
  'input-datetime',
  'input-date-range',
  'input-datetime-range',
  'input-month-range',
]);

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

/**
 * A filter's time range offers today and the last 24 hours first: amis's own list starts at
 * 昨天, and its 最近7天 ends last night, so neither finds what happened today.
 */
export const TIME_RANGE_SHORTCUTS = 'today,1dayago,yesterday,7daysago,30daysago,thismonth,prevmonth';

function filterItemDefaults(item: unknown): unknown {
  if (!isObject(item)) return item;
  let out = item;
  if (CLEARABLE.has(String(item.type)) && item.clearable === undefined) out = { ...out, clearable: true };
  if (item.type === 'input-datetime-range' && item.shortcuts === undefined) out = { ...out, shortcuts: TIME_RANGE_SHORTCUTS };
  return out;
}

export function filterDefaults(filter: Node): Node {
  const out = withDefaults(filter, FILTER_DEFAULTS);
  if (!Array.isArray(out.body)) return out;
  const body = (out.body as unknown[]).map(filterItemDefaults);
  const hasSubmit = body.some((item) => isObject(item) && item.type === 'submit');
  return { ...out, body: hasSubmit ? body : [...body, ...FILTER_BUTTONS.map((b) => ({ ...b }))] };
}

/**
 * The renderer of a list's empty text (src/amis/renderers/ListPlaceholder.tsx): it says the list is
 * loading until the first answer, so a list never shows 暂无数据 before it has even asked.
 */
export const LIST_PLACEHOLDER = 'pc-list-placeholder';

/**
 * A lot's name in a list column keeps room for itself: Chinese breaks between any two characters,
 * so beside wide (English) headers a table would squeeze it to one character a line.
 */
export const LOT_COLUMN_WIDTH = 140;

function columnDefaults(column: unknown): unknown {
  if (!isObject(column) || column.name !== 'parkingName' || column.width !== undefined) return column;
  return { ...column, width: LOT_COLUMN_WIDTH };
}

export function crudDefaults(node: Node): Node {
  let out = exportButtons(withDefaults(node, LIST_DEFAULTS));
  if (Array.isArray(out.columns)) out = { ...out, columns: out.columns.map(columnDefaults) };
  if (typeof out.placeholder === 'string') out = { ...out, placeholder: { type: LIST_PLACEHOLDER, text: out.placeholder } };
  return isObject(out.filter) ? { ...out, filter: filterDefaults(out.filter) } : out;
}

/** `"dict": "lane_direction"` → the dictionary as the options (or, on a mapping, the labels). */
export function expandDict(node: Node): Node {
  const { dict, ...rest } = node;
  if (typeof dict !== 'string' || !dict) return rest;
  return { ...rest, source: dictApi(dict) };
}

/**
 * A select left without options (its lookup failed and said so) asks again when it is opened: the
 * store forgets a failed load, so this reaches the server; otherwise it is answered from memory.
 */
export const ASK_AGAIN_WHEN_EMPTY = {
  actionType: 'custom',
  script:
    'if ((event.data.options || []).length) return; ' +
    'var c = context.getWrappedInstance ? context.getWrappedInstance() : context; ' +
    'if (c.reload) c.reload(); else if (c.props.reloadOptions) c.props.reloadOptions();',
};

/** The node's `onEvent` with one more action on `event`, after the page's own. */
function withEventAction(node: Node, event: string, action: Record<string, unknown>): Record<string, unknown> {
  const onEvent = isObject(node.onEvent) ? node.onEvent : {};
  const own = isObject(onEvent[event]) ? onEvent[event] : {};
  const actions = Array.isArray(own.actions) ? own.actions : [];
  return { ...onEvent, [event]: { ...own, actions: [...actions, action] } };
}

/**
 * `"lots": "all" | "space" | "lane" | "charge"` on a select → the base-data store's lots, searchable
 * by name, asked for again when opened empty.
 */
export function expandLots(node: Node): Node {
  const { lots, ...rest } = node;
  if (!isLotKind(lots)) return rest;
  return withDefaults(
    {
      ...rest,
      source: lotsApi(lots),
      labelField: 'parkingName',
      valueField: 'id',
      onEvent: withEventAction(rest, 'focus', ASK_AGAIN_WHEN_EMPTY),
    },
    { searchable: true },
  );
}

/*
 * Data as text. amis escapes what a template puts into HTML (src/amis/extensions/escaping.ts makes
 * that hold for every `${…}`), but some renderers take data as HTML or as an address without a
 * template; the vocabulary gives them one.
 */

/** The filter that lets a link or image address from data through only when it is one (`safeUrl` of domain/field-rules.ts). */
export const SAFE_URL_FILTER = 'safeUrl';

/** Renderers that put a template into an `href` or a `src`, and the props that hold those templates. */
export const URL_PROPS: Readonly<Record<string, readonly string[]>> = {
  link: ['href'],
  image: ['src', 'originalSrc', 'href'],
  'static-image': ['src', 'originalSrc', 'href'],
  avatar: ['src', 'href'],
  images: ['src', 'originalSrc'],
};
/** Renderers that take their address from the field `name` when the node gives none, and which prop that is. */
const VALUE_ADDRESS: Readonly<Record<string, string>> = { link: 'href', image: 'src', 'static-image': 'src' };

/** Index of the `}` closing the `${` at `start` (quotes skipped), or -1. */
export function expressionEnd(template: string, start: number): number {
  let depth = 0;
  let quote = '';
  for (let i = start + 1; i < template.length; i++) {
    const c = template[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

/**
 * A link or image address template as the console renders it: one that starts with data gets
 * `| safeUrl` on that first value, so a `javascript:` (or any other) address from data becomes one
 * that goes nowhere. One with a fixed start (`https://…/${id}`, `/parking/${id}`) or no data stays:
 * the page chose its kind of address (check:pages judges that start).
 */
export function safeAddress(template: string): string {
  if (!template.startsWith('${')) return template;
  const end = expressionEnd(template, 0);
  if (end < 0 || new RegExp(`\\|\\s*${SAFE_URL_FILTER}\\s*$`).test(template.slice(0, end))) return template;
  return `${template.slice(0, end)} | ${SAFE_URL_FILTER}${template.slice(end)}`;
}

/** `link`, `image`, …: every address template through `safeAddress`; an address from the field `name` too, its text shown as text. */
export function safeAddresses(node: Node): Node {
  const type = String(node.type);
  let out = node;
  for (const prop of URL_PROPS[type] ?? []) {
    const value = out[prop];
    if (typeof value !== 'string') continue;
    const safe = safeAddress(value);
    if (safe !== value) out = { ...out, [prop]: safe };
  }
  const prop = VALUE_ADDRESS[type];
  if (prop && out[prop] === undefined && typeof out.name === 'string' && out.name) {
    out = { ...out, [prop]: safeAddress(`\${${out.name}}`) };
    // a link shows its address when it has no body: show the value, not the address it became
    if (type === 'link' && out.body === undefined) out.body = { type: 'tpl', tpl: `\${${out.name}}` };
  }
  return out;
}

/**
 * A mapping whose entries come from a source (a dictionary, the lots, an api, page data) shows each
 * label as text. amis would render a label as a template of its own, so `${…}` or markup in a
 * dictionary label would be evaluated and inserted.
 */
export function mappingLabelsAsText(node: Node): Node {
  if (node.source === undefined || node.itemSchema !== undefined) return node;
  const field = typeof node.labelField === 'string' && node.labelField ? node.labelField : 'label';
  return { ...node, itemSchema: { type: 'tpl', tpl: `\${${field}}` } };
}

/** A `tpl` (or `html`) with only a `name` shows that field's value as text; amis would insert it as HTML. */
export function tplValueAsText(node: Node): Node {
  const named = typeof node.name === 'string' && node.name;
  if (!named || ['tpl', 'html', 'text', 'raw'].some((k) => node[k] !== undefined)) return node;
  return { ...node, tpl: `\${${node.name as string}}` };
}

/** One node as the console renders it; the node itself when nothing applies. */
export function applyVocabulary(node: Node): Node {
  let out = node;
  if (out.type === 'crud') out = crudDefaults(out);
  if (out.type === 'crud' || out.type === 'table') out = rowDialogs(out);
  if (out.type === 'form') out = formDefaults(out);
  if (SUB_FORM_CONTROLS.has(String(out.type))) out = subFormChangesAtOnce(out);
  if (NUMBER_INPUTS.has(String(out.type))) out = numberRules(out);
  if (COUNTED_INPUTS.has(String(out.type))) out = lengthCounter(out);
  if (out.required === true || out.requiredOn) out = requiredWording(out);
  if ('dict' in out && DICT_TYPES.has(String(out.type))) out = expandDict(out);
  if ('lots' in out && out.type === 'select') out = expandLots(out);
  if (out.type === 'mapping' || out.type === 'map') out = mappingLabelsAsText(out);
  if (out.type === 'tpl' || out.type === 'html') out = tplValueAsText(out);
  if (out.type === 'chart') out = narrowChartAxes(out);
  if (Object.prototype.hasOwnProperty.call(URL_PROPS, String(out.type))) out = safeAddresses(out);
  out = wholeTrees(closeOnEscape(out));
  return out;
}

/** Every node of a page, depth first (check:pages; the console applies it node by node as amis renders). */
export function applyVocabularyDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(applyVocabularyDeep);
  if (!isObject(value)) return value;
  const node = typeof value.type === 'string' ? applyVocabulary(value) : value;
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, applyVocabularyDeep(v)]));
}
