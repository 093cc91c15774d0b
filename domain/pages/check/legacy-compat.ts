/**
 * amis 1.x pages (`"controls"` instead of `"body"`, `"type": "text"` for an input in a form) still
 * render in amis 6: its compat layer (amis/lib/compat.js) rewrites them before rendering. The check
 * does the same rewrite before validating, so such a page is judged as amis renders it, and maps each
 * problem's path back to the page as written.
 */

type Json = Record<string, unknown>;

/** amis's controlMapping: the 1.x names of form controls. */
const CONTROL_TYPES: Record<string, string> = {
  array: 'input-array',
  'button-group': 'button-group-select',
  city: 'input-city',
  color: 'input-color',
  date: 'input-date',
  datetime: 'input-datetime',
  time: 'input-time',
  quarter: 'input-quarter',
  month: 'input-month',
  year: 'input-year',
  'date-range': 'input-date-range',
  'datetime-range': 'input-datetime-range',
  diff: 'diff-editor',
  file: 'input-file',
  image: 'input-image',
  list: 'list-select',
  location: 'location-picker',
  matrix: 'matrix-checkboxes',
  'month-range': 'input-month-range',
  'quarter-range': 'input-quarter-range',
  number: 'input-number',
  range: 'input-range',
  rating: 'input-rating',
  repeat: 'input-repeat',
  'rich-text': 'input-rich-text',
  form: 'input-sub-form',
  table: 'input-table',
  tag: 'input-tag',
  text: 'input-text',
  url: 'input-url',
  password: 'input-password',
  email: 'input-email',
  tree: 'input-tree',
  progress: 'static-progress',
  mapping: 'static-mapping',
};

/** Display renderers that amis turns into their `static-*` form item among controls. */
const MAYBE_STATIC = new Set(['tpl', 'mapping', 'progress', 'status', 'json', 'video', 'qrcode', 'plain', 'each', 'link']);

/** Renderers amis wraps in a `control` form item among controls, moving the form item's own keys out. */
const MAYBE_FORM_ITEM = new Set([
  'button',
  'submit',
  'reset',
  'button-group',
  'button-toolbar',
  'container',
  'grid',
  'hbox',
  'panel',
  'anchor-nav',
  'qr-code',
]);
const FORM_ITEM_KEYS = [
  'label',
  'description',
  'name',
  'required',
  'remark',
  'inputOnly',
  'labelClassName',
  'caption',
  'labelRemark',
  'descriptionClassName',
  'captionClassName',
  'hint',
  'showErrorMsg',
  'mode',
  'horizontal',
  'className',
  'columnClassName',
  'visibleOn',
  'visible',
];

/** Keys whose node amis renders as one type whether or not it says so. */
const SHORTHAND_TYPES: Record<string, string> = { dialog: 'dialog', feedback: 'dialog', drawer: 'drawer' };

/** Lists whose items amis renders as buttons whether or not they say so (CRUD.js: `type: btn.type || 'button'`). */
const BUTTON_LISTS = new Set(['bulkActions', 'itemActions']);

/** A table's summary rows: the table reads each cell's `colSpan` itself (Table/TableBody.js renderSummaryRow). */
const SUMMARY_ROWS = new Set(['prefixRow', 'affixRow']);

const isObject = (v: unknown): v is Json => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

export interface LegacyRewrite {
  /** the page as amis renders it */
  page: unknown;
  /** a JSON pointer into the rewritten page, as a pointer into the page as written */
  writtenPath: (path: string) => string;
}

export function legacyToCurrent(written: unknown): LegacyRewrite {
  // pointer prefixes of the rewritten page → the written page's, longest first when mapping back
  const moved: [string, string][] = [];
  const control = (item: unknown, at: string, from: string): unknown => {
    if (!isObject(item) || typeof item.type !== 'string') return rewrite(item, at, from);
    if (CONTROL_TYPES[item.type]) return rewrite({ ...item, type: CONTROL_TYPES[item.type] }, at, from);
    if (MAYBE_STATIC.has(item.type)) return rewrite({ ...item, type: `static-${item.type}` }, at, from);
    if (!MAYBE_FORM_ITEM.has(item.type)) return rewrite(item, at, from);
    const wrapper: Json = { type: 'control' };
    const inner: Json = {};
    for (const [k, v] of Object.entries(item)) {
      if (FORM_ITEM_KEYS.includes(k) && !(k === 'label' && ['button', 'submit', 'reset'].includes(item.type))) wrapper[k] = v;
      else inner[k] = v;
    }
    if (item.name !== undefined) inner.name = item.name;
    moved.push([`${at}/body`, from]);
    return { ...wrapper, body: rewrite(inner, `${at}/body`, from) };
  };
  const rewrite = (node: unknown, at: string, from: string): unknown => {
    if (Array.isArray(node)) return node.map((child, i) => rewrite(child, `${at}/${i}`, `${from}/${i}`));
    if (!isObject(node)) return node;
    const out: Json = {};
    const legacy = node.controls !== undefined && node.type !== 'audio' && node.type !== 'carousel';
    for (const [key, value] of Object.entries(node)) {
      if (key === 'controls' && legacy) {
        const target = node.type === 'combo' ? 'items' : 'body';
        const items = Array.isArray(value) ? value : [value];
        moved.push([`${at}/${target}`, `${from}/controls`]);
        out[target] = items.map((item, i) =>
          control(item, `${at}/${target}/${i}`, `${from}/controls/${Array.isArray(value) ? i : ''}`.replace(/\/$/, '')),
        );
      } else if (key === 'items' && node.type === 'input-array' && isObject(value)) {
        // InputArray.js: one item schema stands for the list of one (`items != null ? [items] : []`)
        moved.push([`${at}/items/0`, `${from}/items`]);
        out.items = [rewrite(value, `${at}/items/0`, `${from}/items`)];
      } else if (SUMMARY_ROWS.has(key) && Array.isArray(value)) {
        out[key] = value.map((cell, i) => {
          const { colSpan: _colSpan, ...rest } = isObject(cell) ? cell : { colSpan: undefined };
          return rewrite(isObject(cell) ? rest : cell, `${at}/${key}/${i}`, `${from}/${key}/${i}`);
        });
      } else if (BUTTON_LISTS.has(key) && Array.isArray(value)) {
        out[key] = value.map((item, i) =>
          rewrite(
            isObject(item) && item.type === undefined ? { type: 'button', ...item } : item,
            `${at}/${key}/${i}`,
            `${from}/${key}/${i}`,
          ),
        );
      } else if (key in SHORTHAND_TYPES && isObject(value) && value.type === undefined) {
        // an action's dialog/drawer/feedback: amis knows the type from the key
        out[key] = rewrite({ type: SHORTHAND_TYPES[key], ...value }, `${at}/${key}`, `${from}/${key}`);
      } else if (!(key in out)) out[key] = rewrite(value, `${at}/${key}`, `${from}/${key}`);
    }
    return out;
  };
  const page = rewrite(written, '', '');
  const order = [...moved].sort((a, b) => b[0].length - a[0].length);
  const writtenPath = (path: string) => {
    for (const [now, was] of order) if (path === now || path.startsWith(`${now}/`)) return was + path.slice(now.length);
    return path;
  };
  return { page, writtenPath };
}
