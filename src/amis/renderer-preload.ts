/**
 * amis loads each renderer's chunk when it first meets the type while rendering, so a page's
 * chunks arrive one level after another (page → crud → table → …). Asking for every type the
 * screen shows, at once (amis-page.tsx, `preloadRenderers`), turns that chain into one round of
 * parallel requests.
 */

/** Types a renderer draws without the schema naming them (crud: its table, paging and toolbar). */
const IMPLIED: Record<string, string[]> = {
  crud: ['table', 'pagination', 'switch-per-page', 'statistics', 'operation', 'button', 'tpl', 'plain', 'form', 'container'],
  crud2: ['table2', 'pagination', 'button', 'tpl', 'form'],
  form: ['button', 'container'],
  page: ['container'],
  table: ['operation', 'tpl', 'plain', 'status', 'mapping'],
};

/** Parts of a schema that are not on the screen when it opens: dialogs and drawers come later. */
const LATER = new Set(['dialog', 'drawer', 'definitions']);

/** Every renderer type of what the screen shows first, lower-case as amis registers them. */
export function rendererTypes(schema: unknown): string[] {
  const types = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.type === 'string') {
      const type = record.type.toLowerCase();
      types.add(type);
      for (const implied of IMPLIED[type] ?? []) types.add(implied);
    }
    for (const [key, value] of Object.entries(record)) if (!LATER.has(key)) walk(value);
  };
  walk(schema);
  return [...types];
}
