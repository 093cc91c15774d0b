/**
 * amis's date and date-range pickers open or close when a space is pressed anywhere inside them and
 * cancel the key (their box is focusable, `handleKeyPress`). The text box is inside, so a typed
 * "2026-11-24 10:00:00" lost its space and was never a date. Here a space typed into a text box is
 * text; on the picker's own box it still opens and closes it.
 */

interface KeyPressLike {
  key?: string;
  target?: unknown;
}

type KeyHandler = (this: unknown, e: KeyPressLike) => unknown;

const PATCHED = Symbol.for('parking-console.date-typing');

/** amis wraps its components (themeable, localeable); the class with the handler is the innermost. */
function innermost(component: unknown): { prototype?: Record<string | symbol, unknown> } | undefined {
  let current = component as { ComposedComponent?: unknown } | undefined;
  while (current && current.ComposedComponent) current = current.ComposedComponent as { ComposedComponent?: unknown };
  return current as { prototype?: Record<string | symbol, unknown> } | undefined;
}

function isTextEntry(target: unknown): boolean {
  const tag = (target as { tagName?: unknown } | null)?.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA';
}

/** Patches each picker class once (DatePicker, DateRangePicker of amis-ui); answers how many it patched. */
export function letDatesBeTyped(pickers: unknown[]): number {
  let patched = 0;
  for (const picker of pickers) {
    const proto = innermost(picker)?.prototype;
    const original = proto?.handleKeyPress;
    if (!proto || typeof original !== 'function' || proto[PATCHED]) continue;
    proto.handleKeyPress = function (this: unknown, e: KeyPressLike) {
      if (e.key === ' ' && isTextEntry(e.target)) return undefined;
      return (original as KeyHandler).call(this, e);
    };
    proto[PATCHED] = true;
    patched++;
  }
  return patched;
}
