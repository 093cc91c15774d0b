/** Accessibility defaults of the page vocabulary: what every page gets without its author asking. */

type Node = Record<string, unknown>;

const isObject = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every dialog and drawer closes on Escape (amis's `closeOnEsc` defaults to false), unless its page
 * says otherwise: a keyboard user cancels a dialog the way every other dialog is cancelled.
 */
export function closeOnEscape(node: Node): Node {
  if (node.type === 'dialog' || node.type === 'drawer') return node.closeOnEsc === undefined ? { ...node, closeOnEsc: true } : node;
  let out = node;
  for (const key of ['dialog', 'drawer'] as const) {
    const popup = out[key];
    if (isObject(popup) && popup.closeOnEsc === undefined) out = { ...out, [key]: { ...popup, closeOnEsc: true } };
  }
  return out;
}

const TREES = new Set(['input-tree', 'tree-select']);

/**
 * A tree of more than 100 entries is drawn by amis as a virtual list: `<div>`s inside its `<ul>`, which
 * is no list to a screen reader, and whose hidden entries Tab cannot reach. The console's trees (menus,
 * regions, permissions) hold a few hundred entries at most: drawn whole, up to 1000.
 */
export function wholeTrees(node: Node): Node {
  return TREES.has(String(node.type)) && node.virtualThreshold === undefined ? { ...node, virtualThreshold: 1000 } : node;
}
