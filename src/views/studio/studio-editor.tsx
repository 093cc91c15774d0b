import 'amis-editor-core/lib/style.css';
import { useEffect, useRef } from 'react';
import { Editor, type EditorManager } from 'amis-editor';
import type { SchemaObject } from 'amis';
import { localeStore } from '../../i18n';
import { readOnlyEnv } from './read-only-env';
import { st } from './studio-texts';
import { nodeAtPointer, problemsByNode } from './canvas-node';
import type { JsonPlace } from './json-pane';
import type { PageProblem } from './studio-api';

/**
 * The canvas's view of a page: a shared fragment (`{"$fragment": "add-button"}`, brought in when the
 * page is served) is drawn as a named placeholder rather than amis's "no renderer" error. The page
 * itself keeps the reference; the preview shows the fragment resolved.
 */
export function showFragments(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(showFragments);
  if (!node || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const mapped = Object.fromEntries(Object.entries(record).map(([k, v]) => [k, showFragments(v)]));
  if (typeof record.$fragment === 'string' && typeof record.type !== 'string')
    return { ...mapped, type: 'tpl', tpl: st('fragment', { name: record.$fragment }), className: 'pc-studio-fragment' };
  return mapped;
}

export interface StudioEditorProps {
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  /** the editor's own preview mode at a phone's width */
  mobile?: boolean;
  /** the last check's problems: their nodes are outlined on the canvas, the problem as their tooltip */
  problems?: PageProblem[] | null;
  /** a problem picked in the list: its node is selected on the canvas */
  place?: JsonPlace | null;
}

/** The class of a canvas node that has a problem (studio.css draws it outlined in red). */
export const PROBLEM_NODE = 'pc-studio-problem-node';

const nodeSelector = (id: string) => `[data-editor-id="${CSS.escape(id)}"]`;

/**
 * amis-editor, in its own chunk (only /demo loads it). It reads onChange and amisEnv once, when
 * created: the studio view gives it a `key` per page and version, so a new page is a new editor.
 * Its canvas renders the page with the console's env, the fetcher read-only (read-only-env.ts).
 *
 * Problems are shown on the canvas's own elements (`data-editor-id`, the editor's node ids, which it
 * keeps in its copy of the page as `$$id` and never saves): marked again whenever the canvas redraws,
 * since the editor reads its props once and its schema filter is not asked again when only the
 * problems change.
 */
export default function StudioEditor({ value, onChange, mobile = false, problems = null, place = null }: StudioEditorProps) {
  const manager = useRef<EditorManager | null>(null);
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = host.current;
    if (!root) return;
    let frame = 0;
    const mark = () => {
      frame = 0;
      const store = manager.current?.store;
      const marks = store ? problemsByNode(store.schema, problems ?? [], (id) => Boolean(store.getNodeById(id))) : new Map();
      for (const el of root.querySelectorAll<HTMLElement>('[data-pc-problem]')) {
        if (marks.has(el.getAttribute('data-editor-id') ?? '')) continue;
        el.classList.remove(PROBLEM_NODE);
        el.removeAttribute('data-pc-problem');
        el.removeAttribute('title');
      }
      for (const [id, lines] of marks) {
        const title = lines.join('\n');
        for (const el of root.querySelectorAll<HTMLElement>(nodeSelector(id))) {
          // only what differs is written: each write is a mutation that asks for another pass
          if (!el.classList.contains(PROBLEM_NODE)) el.classList.add(PROBLEM_NODE);
          if (el.getAttribute('data-pc-problem') !== title) {
            el.setAttribute('data-pc-problem', title);
            el.title = title;
          }
        }
      }
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(mark);
    };
    later();
    const observer = new MutationObserver(later);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'data-editor-id'] });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [problems]);

  useEffect(() => {
    const store = manager.current?.store;
    if (!place || !store) return;
    const id = nodeAtPointer(store.schema, place.pointer, (n) => Boolean(store.getNodeById(n)));
    if (!id) return;
    store.setActiveId(id);
    host.current?.querySelector(nodeSelector(id))?.scrollIntoView({ block: 'nearest' });
  }, [place]);

  return (
    <div ref={host} className="pc-studio-editor-host">
      <Editor
        className="pc-studio-editor"
        value={value as SchemaObject}
        onChange={(next) => onChange(next as Record<string, unknown>)}
        onEditorMount={(m) => {
          manager.current = m;
        }}
        theme="cxd"
        isMobile={mobile}
        amisEnv={readOnlyEnv}
        schemaFilter={showFragments}
        appLocale={localeStore.locale}
        showCustomRenderersPanel
        $schemaUrl="/amis-schema.json"
      />
    </div>
  );
}
