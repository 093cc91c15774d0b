/**
 * Dialogs opened from a list's row (a button in a `crud`'s or `table`'s columns): what the console
 * does for every one of them (applied by applyVocabulary in ./vocabulary.ts).
 *
 * - **A row dialog's form starts empty.** amis gives a dialog opened from a row the row's fields as
 *   its data, and a form field reads a field of its own name from there: a 驳回原因 `reason` opened
 *   with the applicant's `reason`, an amount with the row's amount, and 确认 sent them as the
 *   reviewer's. The forms of a row dialog get `canAccessSuperData: false`: their fields start from
 *   their own `value` or empty; templates (`${refundNo}`, an api's `${id}`, a `value` of
 *   `${refundableCents}`) still read the row. A `static` with a `name` shows the row's field (it is a
 *   display). The page says otherwise with the form's own `canAccessSuperData` (an edit form that
 *   takes the row's values: `true`), an `initApi` (the form's values are the record's answer), or a
 *   dialog `data` mapping (the dialog gets only what it names).
 * - **A row dialog names its record.** A list's `"recordName": "退款单号 ${refundNo} · …"` is shown as
 *   the first line of every dialog its rows open, so whoever confirms sees which record it acts on,
 *   whatever the list did under the pointer meanwhile.
 */

type Node = Record<string, unknown>;

function isObject(value: unknown): value is Node {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** The keys of a button (or an event action) that hold what it opens. */
export const POPUP_KEYS = ['dialog', 'drawer'] as const;

/** The list vocabulary key: how one row's record is named in the dialogs it opens. */
export const RECORD_NAME_KEY = 'recordName';
/** The class of the line that names the record (src/amis/amis-page.css). */
export const RECORD_NAME_CLASS = 'pc-record-name';

/** Renderers that show a field's value and take none. */
export function isDisplay(type: unknown): boolean {
  return typeof type === 'string' && type.startsWith('static');
}

/** Whether a row dialog's form reads its fields from the row as amis does by default; false when the page said how it starts. */
export function formReadsRow(form: Node): boolean {
  return form.canAccessSuperData === undefined && !form.initApi;
}

/** Every node of a popup's content, not descending into popups it opens itself (their own rows are not this row). */
export function mapPopupContent(value: unknown, fn: (node: Node) => Node): unknown {
  if (Array.isArray(value)) return value.map((v) => mapPopupContent(v, fn));
  if (!isObject(value)) return value;
  const node = fn(value);
  let out: Node | undefined;
  for (const [key, child] of Object.entries(node)) {
    if ((POPUP_KEYS as readonly string[]).includes(key)) continue;
    const mapped = mapPopupContent(child, fn);
    if (mapped !== child) (out ??= { ...node })[key] = mapped;
  }
  return out ?? node;
}

/** A display in a form that reads nothing of its own: it shows the row's field. */
function displayShowsRow(node: Node): Node {
  return isDisplay(node.type) && typeof node.name === 'string' && node.canAccessSuperData === undefined
    ? { ...node, canAccessSuperData: true }
    : node;
}

/** A row dialog's form as it starts: empty unless the page says otherwise. */
export function formStartsEmpty(form: Node): Node {
  if (form.type !== 'form' || !formReadsRow(form)) return form;
  const body = Array.isArray(form.body) || isObject(form.body) ? mapPopupContent(form.body, displayShowsRow) : form.body;
  return { ...form, canAccessSuperData: false, ...(body === undefined ? {} : { body }) };
}

function recordLine(recordName: string): Node {
  return { type: 'tpl', tpl: recordName, className: RECORD_NAME_CLASS, wrapperComponent: 'p' };
}

function hasRecordLine(body: unknown): boolean {
  const first = Array.isArray(body) ? body[0] : body;
  return isObject(first) && first.className === RECORD_NAME_CLASS;
}

/** One dialog or drawer opened from a row. */
export function rowPopup(popup: Node, recordName: string | undefined): Node {
  let out = popup;
  if (popup.data === undefined) {
    const body = mapPopupContent(popup.body, formStartsEmpty);
    if (body !== popup.body) out = { ...out, body };
  }
  if (recordName && out.body !== undefined && !hasRecordLine(out.body)) {
    const items = Array.isArray(out.body) ? out.body : [out.body];
    out = { ...out, body: [recordLine(recordName), ...items] };
  }
  return out;
}

/** Every popup a list's columns open (buttons, event actions, at any depth), as `rowPopup` makes it. */
export function rowPopups(columns: unknown, recordName: string | undefined): unknown {
  if (Array.isArray(columns)) {
    const mapped = columns.map((c) => rowPopups(c, recordName));
    return mapped.some((m, i) => m !== columns[i]) ? mapped : columns;
  }
  if (!isObject(columns)) return columns;
  let out: Node | undefined;
  for (const [key, child] of Object.entries(columns)) {
    const mapped =
      (POPUP_KEYS as readonly string[]).includes(key) && isObject(child) ? rowPopup(child, recordName) : rowPopups(child, recordName);
    if (mapped !== child) (out ??= { ...columns })[key] = mapped;
  }
  return out ?? columns;
}

/** A `crud` or `table`: its row dialogs start empty and name the record (`recordName`, taken off the list). */
export function rowDialogs(list: Node): Node {
  const { [RECORD_NAME_KEY]: recordName, ...rest } = list;
  const name = typeof recordName === 'string' && recordName ? recordName : undefined;
  if (!Array.isArray(rest.columns)) return RECORD_NAME_KEY in list ? rest : list;
  const columns = rowPopups(rest.columns, name);
  if (columns === rest.columns && !(RECORD_NAME_KEY in list)) return list;
  return { ...rest, columns };
}
