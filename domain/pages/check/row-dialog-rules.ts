import type { RuleProblem } from './page-rules.ts';
import { formReadsRow, isDisplay, POPUP_KEYS } from '../vocabulary-row-dialogs.ts';

/**
 * A dialog opened from a list's row gets the row as its data, and amis fills a form field of the
 * dialog from a row field of the same name (the data chain): a 驳回原因 `reason` opened with the
 * applicant's reason, and 确认 recorded it as the reviewer's. The vocabulary makes every row dialog's
 * form start empty (domain/pages/vocabulary-row-dialogs.ts); this rule, run on the page as amis gets
 * it, names a field that still takes a row field silently: a form item inside a dialog or drawer a
 * row opens, named like one of the list's columns, in a form that reads the row (no
 * `canAccessSuperData` of its own, no `initApi`, no `data` of its own naming it) of a dialog
 * without a `data` mapping that names it. A field's `value` does not stop it: amis takes the row's value over the default.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a dialog's own `data` mapping lets through from the row: everything (`"&": "$$"`) or the keys it names. */
function mappingPasses(data: unknown, name: string): boolean {
  if (data === undefined) return true;
  if (!isObject(data)) return false;
  return data['&'] === '$$' && !(name in data);
}

function columnNames(columns: unknown[]): Set<string> {
  return new Set(columns.filter(isObject).flatMap((c) => (typeof c.name === 'string' && c.name ? [c.name] : [])));
}

/** Fields of a form's body (not inside a popup the form opens itself). */
function formFields(value: unknown, path: string, out: { path: string; node: Json }[] = []): { path: string; node: Json }[] {
  if (Array.isArray(value)) {
    value.forEach((v, i) => formFields(v, `${path}/${i}`, out));
    return out;
  }
  if (!isObject(value)) return out;
  if (typeof value.name === 'string' && value.name && typeof value.type === 'string') out.push({ path, node: value });
  for (const [key, child] of Object.entries(value)) {
    if ((POPUP_KEYS as readonly string[]).includes(key)) continue;
    formFields(child, `${path}/${key}`, out);
  }
  return out;
}

/** The forms of a popup's content, with their paths, not inside popups it opens itself. */
function popupForms(value: unknown, path: string, out: { path: string; form: Json }[] = []): { path: string; form: Json }[] {
  if (Array.isArray(value)) {
    value.forEach((v, i) => popupForms(v, `${path}/${i}`, out));
    return out;
  }
  if (!isObject(value)) return out;
  if (value.type === 'form') {
    out.push({ path, form: value });
    return out;
  }
  for (const [key, child] of Object.entries(value)) {
    if ((POPUP_KEYS as readonly string[]).includes(key)) continue;
    popupForms(child, `${path}/${key}`, out);
  }
  return out;
}

/** The popups a list's columns open, at any depth, with their paths. */
function rowPopups(value: unknown, path: string, out: { path: string; popup: Json }[] = []): { path: string; popup: Json }[] {
  if (Array.isArray(value)) {
    value.forEach((v, i) => rowPopups(v, `${path}/${i}`, out));
    return out;
  }
  if (!isObject(value)) return out;
  for (const [key, child] of Object.entries(value)) {
    if ((POPUP_KEYS as readonly string[]).includes(key) && isObject(child)) out.push({ path: `${path}/${key}`, popup: child });
    else rowPopups(child, `${path}/${key}`, out);
  }
  return out;
}

function listProblems(list: Json, path: string): RuleProblem[] {
  if (!Array.isArray(list.columns)) return [];
  const columns = columnNames(list.columns);
  const problems: RuleProblem[] = [];
  for (const { path: popupPath, popup } of rowPopups(list.columns, `${path}/columns`)) {
    for (const { path: formPath, form } of popupForms(popup.body, `${popupPath}/body`)) {
      if (!formReadsRow(form)) continue;
      for (const { path: fieldPath, node } of formFields(form.body, `${formPath}/body`)) {
        const name = node.name as string;
        const ownData = isObject(form.data) && name in form.data;
        if (
          !columns.has(name) ||
          isDisplay(node.type) ||
          node.canAccessSuperData !== undefined ||
          ownData ||
          !mappingPasses(popup.data, name)
        )
          continue;
        problems.push({
          path: fieldPath,
          message:
            `"${name}" opens with the row's "${name}" (a column of the list): a dialog a row opens gets the row as its data. ` +
            `Give the form "canAccessSuperData": false (it starts empty or at its "value"), or "canAccessSuperData": true if it edits the row`,
        });
      }
    }
  }
  return problems;
}

/** Every form field of a row dialog that takes a row field of its name without the page saying so. */
export function checkRowDialogs(page: unknown): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const visit = (node: unknown, path: string) => {
    if (Array.isArray(node)) return node.forEach((child, i) => visit(child, `${path}/${i}`));
    if (!isObject(node)) return;
    if (node.type === 'crud' || node.type === 'table') problems.push(...listProblems(node, path));
    for (const [key, value] of Object.entries(node)) if (!(key === 'definitions' && path === '')) visit(value, `${path}/${key}`);
  };
  visit(page, '');
  return problems;
}
