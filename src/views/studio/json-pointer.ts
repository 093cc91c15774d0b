import { findNodeAtLocation, parseTree } from 'jsonc-parser';

/**
 * Where a problem's JSON pointer (`/body/0/columns/2/label`) lies in the page's text: the value it
 * names, or the nearest enclosing value that exists (a missing property is named on its object).
 * Undefined when the text does not parse.
 */
export function pointerRange(text: string, pointer: string): { start: number; end: number } | undefined {
  const root = parseTree(text);
  if (!root) return undefined;
  const segments = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  for (let n = segments.length; n >= 0; n--) {
    const node = findNodeAtLocation(root, segments.slice(0, n));
    if (!node) continue;
    // a property's value: show its name too
    const from = node.parent?.type === 'property' ? node.parent : node;
    return { start: from.offset, end: from.offset + from.length };
  }
  return undefined;
}
