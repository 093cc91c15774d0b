/**
 * `"export": "<url>"` on a button of a list's toolbar: the list's 导出, a download of what the filter
 * shows. The filter's fields are sent by name (a range's second name too), so a field added to the
 * filter is exported by it without a second list to keep in step.
 */

type Node = Record<string, unknown>;

function isObject(value: unknown): value is Node {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Filter items that carry a `name` but send no value of their own. */
const NOT_FIELDS = new Set(['submit', 'reset', 'button', 'action']);

/** The names a list's filter sends, in the order it shows them. */
export function filterFieldNames(filter: unknown): string[] {
  const names: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    if (typeof node.name === 'string' && node.name && !NOT_FIELDS.has(String(node.type))) names.push(node.name);
    if (typeof node.extraName === 'string' && node.extraName) names.push(node.extraName);
    // the containers a filter lays its fields out with: group and fieldset bodies, grid columns, flex items, tabs
    for (const key of ['body', 'columns', 'items', 'tabs']) visit(node[key]);
  };
  visit(isObject(filter) ? filter.body : undefined);
  return [...new Set(names)];
}

/** One toolbar button with `export` as the download it stands for; anything the page says wins. */
export function expandExport(button: Node, fields: readonly string[]): Node {
  const { export: url, ...rest } = button;
  if (typeof url !== 'string' || !url) return rest;
  return {
    type: 'button',
    label: '导出',
    icon: 'fa fa-download',
    actionType: 'download',
    api: { method: 'get', url, data: Object.fromEntries(fields.map((f) => [f, `\${${f}}`])), responseType: 'blob' },
    ...rest,
  };
}

/** A list's toolbars with every `export` button expanded against its filter. */
export function exportButtons(crud: Node): Node {
  const toolbar = crud.headerToolbar;
  if (!Array.isArray(toolbar) || !toolbar.some((item) => isObject(item) && 'export' in item)) return crud;
  const fields = filterFieldNames(crud.filter);
  return { ...crud, headerToolbar: toolbar.map((item) => (isObject(item) && 'export' in item ? expandExport(item, fields) : item)) };
}
