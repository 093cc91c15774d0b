/** The editor's own node ids (`id: "u:3f9a…"`) and internal keys: what it adds to a page when it opens one. */
function isEditorKey(key: string, value: unknown): boolean {
  return key.startsWith('$$') || (key === 'id' && typeof value === 'string' && value.startsWith('u:'));
}

function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k, v]) => !isEditorKey(k, v))
      .map(([k, v]) => [k, strip(v)]),
  );
}

/**
 * Whether two versions of a page say the same once the editor's ids are set aside: opening a page
 * in amis-editor gives every node an id, which is no change the user made.
 */
export function samePage(a: unknown, b: unknown): boolean {
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
}
