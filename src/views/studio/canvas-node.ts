/**
 * The editor's canvas and a problem's JSON pointer. amis-editor keeps its own copy of the page in
 * which every object carries a `$$id` (never saved: its onChange drops `$$` keys); a node drawn on
 * the canvas is the element with `data-editor-id` equal to that `$$id`. A pointer names a place in
 * the page the checker judged, which is the editor's copy without those keys, so the same steps
 * lead through both.
 */

/** A pointer's steps (`/body/0/a~1b` → ['body', '0', 'a/b']). */
export function pointerSteps(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Whether a problem's path is a place in the page itself (a fragment's is `file#/path`). */
export function isPagePointer(path: string): boolean {
  return path === '' || path.startsWith('/');
}

/**
 * The canvas node a pointer falls in: the deepest object along its steps whose `$$id` the editor
 * draws as a node (`isNode`). A property (`/body/columns/1/visibleOn`) or a place that no longer
 * exists is shown on its nearest node.
 */
export function nodeAtPointer(schema: unknown, pointer: string, isNode: (id: string) => boolean): string | undefined {
  let found: string | undefined;
  let here: unknown = schema;
  const consider = (value: unknown) => {
    const id = value && typeof value === 'object' ? (value as Record<string, unknown>).$$id : undefined;
    if (typeof id === 'string' && isNode(id)) found = id;
  };
  consider(here);
  for (const step of pointerSteps(pointer)) {
    if (!here || typeof here !== 'object') break;
    const index = /^\d+$/.test(step);
    // amis reads `body: x` as `body: [x]`, and the editor holds a page's body as the list: a pointer
    // of the page as written still leads to its node (and one of the list to a single region)
    if (Array.isArray(here) && !index && here.length === 1) {
      here = here[0];
      consider(here);
    } else if (!Array.isArray(here) && step === '0' && !Object.hasOwn(here, '0')) continue;
    here = (here as Record<string, unknown>)[step];
    consider(here);
  }
  return found;
}

export interface ProblemLike {
  path: string;
  message: string;
}

/** Problems by the canvas node they are shown on: node id → the lines of its tooltip (`/path: message`). */
export function problemsByNode(schema: unknown, problems: readonly ProblemLike[], isNode: (id: string) => boolean): Map<string, string[]> {
  const marks = new Map<string, string[]>();
  for (const p of problems) {
    if (!isPagePointer(p.path)) continue;
    const id = nodeAtPointer(schema, p.path, isNode);
    if (id) marks.set(id, [...(marks.get(id) ?? []), `${p.path || '/'}: ${p.message}`]);
  }
  return marks;
}
