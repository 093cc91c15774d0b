import 'amis-editor-core/lib/style.css';
import { Editor } from 'amis-editor';
import type { SchemaObject } from 'amis';
import { localeStore } from '../../i18n';
import { readOnlyEnv } from './read-only-env';
import { st } from './studio-texts';

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
}

/**
 * amis-editor, in its own chunk (only /demo loads it). It reads onChange and amisEnv once, when
 * created: the studio view gives it a `key` per page and version, so a new page is a new editor.
 * Its canvas renders the page with the console's env, the fetcher read-only (read-only-env.ts).
 */
export default function StudioEditor({ value, onChange, mobile = false }: StudioEditorProps) {
  return (
    <Editor
      className="pc-studio-editor"
      value={value as SchemaObject}
      onChange={(next) => onChange(next as Record<string, unknown>)}
      theme="cxd"
      isMobile={mobile}
      amisEnv={readOnlyEnv}
      schemaFilter={showFragments}
      appLocale={localeStore.locale}
      showCustomRenderersPanel
      $schemaUrl="/amis-schema.json"
    />
  );
}
