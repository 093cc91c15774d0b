/**
 * amis loads renderer chunks in rounds: before its root renders a page it loads every type the
 * schema names anywhere (dialogs and definitions included) and a few it always draws (amis-core
 * RootRenderer.js), then each renderer loads what it draws itself as it first renders (crud →
 * table → …), one level after another. Asking for all of that at once, while the page file and
 * amis arrive (amis-page.tsx, `preloadRenderers`), turns those rounds into one.
 */

/** What amis's root renderer loads for any page, beside the schema's own types. */
const ROOT_TYPES = ['tpl', 'dialog', 'drawer', 'cell', 'spinner', 'group', 'container', 'dropdown-button', 'plain'];

/** Types a renderer draws without the schema naming them (crud: its table, paging and toolbar). */
const IMPLIED: Record<string, string[]> = {
  crud: ['table', 'pagination', 'switch-per-page', 'statistics', 'operation', 'button', 'tpl', 'plain', 'form', 'container'],
  crud2: ['table2', 'pagination', 'button', 'tpl', 'form'],
  form: ['button', 'container', 'panel'],
  page: ['container'],
  table: ['operation', 'tpl', 'plain', 'status', 'mapping'],
};

/** Every renderer type the first render of the schema loads, lower-case as amis registers them. */
export function rendererTypes(schema: unknown): string[] {
  const types = new Set<string>(ROOT_TYPES);
  const add = (type: string): void => {
    if (types.has(type)) return;
    types.add(type);
    (IMPLIED[type] ?? []).forEach(add);
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.type === 'string') add(record.type.toLowerCase());
    for (const value of Object.values(record)) walk(value);
  };
  walk(schema);
  return [...types];
}
