import { findNodeAtLocation, parseTree } from 'jsonc-parser';

/**
 * Where a JSON pointer points in a page's text: the offsets of the deepest node of it that exists
 * (a property's value with its name; a missing property is named on its object). Undefined when the
 * text does not parse. The checker's report (line and column) and the studio's JSON pane read it.
 */
export function pointerSpan(text: string, pointer: string): { start: number; end: number } | undefined {
  const root = parseTree(text);
  if (!root) return undefined;
  const segments = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  for (let n = segments.length; n >= 0; n--) {
    const node = n === 0 ? root : findNodeAtLocation(root, segments.slice(0, n));
    if (!node) continue;
    const from = node.parent?.type === 'property' && n > 0 ? node.parent : node;
    return { start: from.offset, end: from.offset + from.length };
  }
  return undefined;
}
