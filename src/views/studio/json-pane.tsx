import { useEffect, useRef, useState } from 'react';
import { st } from './studio-texts';
import { pointerRange } from './json-pointer';

/** A problem's place to show: its JSON pointer, and a count so the same place can be asked for again. */
export interface JsonPlace {
  pointer: string;
  asked: number;
}

/**
 * The page as JSON beside the visual editor: what the editor changes shows here at once, and text
 * typed here goes back to the editor as soon as it parses (while it does not, the error is shown
 * and the editor keeps the last good page).
 */
export function JsonPane({
  value,
  onChange,
  place,
}: {
  value: unknown;
  onChange: (value: Record<string, unknown>) => void;
  /** a problem picked in the list: its node is selected in the text */
  place?: JsonPlace | null;
}) {
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [error, setError] = useState('');
  const typing = useRef(false);
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = area.current;
    const range = place && el ? pointerRange(el.value, place.pointer) : undefined;
    if (!el || !range) return;
    el.focus();
    el.setSelectionRange(range.start, range.end);
    // bring the selection into view: lines above it times the line height
    const lines = el.value.slice(0, range.start).split('\n').length - 1;
    el.scrollTop = Math.max(0, lines * parseFloat(getComputedStyle(el).lineHeight || '18') - el.clientHeight / 3);
  }, [place]);
  useEffect(() => {
    // the editor changed the page: show it, unless the change is this pane's own
    if (typing.current) typing.current = false;
    else {
      setText(JSON.stringify(value, null, 2));
      setError('');
    }
  }, [value]);
  return (
    <div className="pc-studio-json">
      <textarea
        ref={area}
        aria-label={st('json')}
        spellCheck={false}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          try {
            const next = JSON.parse(e.target.value) as unknown;
            if (!next || typeof next !== 'object' || Array.isArray(next)) throw new Error('{…}');
            setError('');
            typing.current = true;
            onChange(next as Record<string, unknown>);
          } catch (err) {
            setError(st('jsonInvalid', { msg: err instanceof Error ? err.message : String(err) }));
          }
        }}
      />
      {error ? (
        <p className="pc-studio-json__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
