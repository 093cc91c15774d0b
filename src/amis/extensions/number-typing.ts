import { cloneElement, isValidElement, type ReactElement } from 'react';
import { NUMBER_CHARS_MESSAGE, numberTextRefusal } from '../../../domain/input-filters';
import { localizeMessage } from '../../i18n/server-messages';

/**
 * amis's number input (amis-ui's NumberInput over rc-input-number) makes a number of any text, without
 * a word: `1e3` became 1000, `1e` and `5-` went back to the last number when the field was left, and
 * where the field keeps no decimals (amis's default) `2.5` became 3. Here a character that would make
 * the text anything but a plain number with the field's decimals is refused where it is typed, pasted
 * or dropped, and a note beside the field (role="alert") says why. A minus sign in front is taken: a
 * field that must not be negative says so with its range rule (domain/pages/vocabulary-forms.ts).
 */

/** On the number input's `<input>`: how many decimals amis keeps for the field (rc-input-number passes it through). */
export const PRECISION_ATTR = 'data-pc-precision';
export const NOTE_CLASS = 'pc-number-refused';
/** How long the note stays: through the next keystrokes and past leaving the field, so it is read before the form is sent. */
const NOTE_MS = 6000;

const PATCHED = Symbol.for('parking-console.number-typing');

type Proto = Record<string | symbol, unknown>;

/** amis wraps its components (themeable, localeable, uncontrollable); the class with the methods is the innermost. */
function innermost(component: unknown): { prototype?: Proto } | undefined {
  let current = component as { ComposedComponent?: unknown } | undefined;
  while (current && current.ComposedComponent) current = current.ComposedComponent as { ComposedComponent?: unknown };
  return current as { prototype?: Proto } | undefined;
}

interface NumberInputProps {
  showAsPercent?: boolean;
  suffix?: string;
}

/**
 * NumberInput's input carries the decimals amis rounds to (its `precision` prop to rc-input-number,
 * from the field's `precision` and `step`); a big-number or percent field carries none (checked by
 * character only). Answers whether it patched.
 */
export function markNumberPrecision(NumberInput: unknown): boolean {
  const proto = innermost(NumberInput)?.prototype;
  const original = proto?.renderBase;
  if (!proto || typeof original !== 'function' || proto[PATCHED]) return false;
  proto.renderBase = function (this: { props: NumberInputProps }) {
    const el = (original as () => unknown).call(this);
    if (!isValidElement(el)) return el;
    const props = el.props as { precision?: unknown; stringMode?: boolean };
    const percent = this.props.showAsPercent && this.props.suffix === '%';
    const digits = typeof props.precision === 'number' && !props.stringMode && !percent ? String(props.precision) : '';
    return cloneElement(el as ReactElement<Record<string, unknown>>, { [PRECISION_ATTR]: digits });
  };
  proto[PATCHED] = true;
  return true;
}

const PLAIN = /^-?\d*(\.\d*)?$/;

/**
 * Why the number input cannot take `inserted` at its selection, or null. A field amis shows formatted
 * (thousands separators, a prefix or suffix) is checked by the characters typed only.
 */
export function refusalFor(input: HTMLInputElement, inserted: string): string | null {
  const value = input.value;
  if (!PLAIN.test(value)) return /^[\d.-]*$/.test(inserted) ? null : NUMBER_CHARS_MESSAGE;
  const start = input.selectionStart ?? value.length;
  const end = input.selectionEnd ?? start;
  const attr = input.getAttribute(PRECISION_ATTR);
  const precision = attr ? Number(attr) : undefined;
  return numberTextRefusal(value.slice(0, start) + inserted + value.slice(end), precision);
}

/** The notes on screen, by their field (each goes after NOTE_MS, or when its field has gone). */
const notes = new Map<HTMLInputElement, { note: HTMLElement; timer: ReturnType<typeof setTimeout> }>();

function hideNote(input: HTMLInputElement) {
  const shown = notes.get(input);
  if (!shown) return;
  clearTimeout(shown.timer);
  shown.note.remove();
  notes.delete(input);
}

/** The note under the field (fixed, above dialogs), read out by screen readers, gone after a few seconds or with its field. */
function showNote(input: HTMLInputElement, message: string) {
  const doc = input.ownerDocument;
  const shown = notes.get(input);
  const note = shown?.note ?? doc.createElement('div');
  if (shown) clearTimeout(shown.timer);
  note.className = NOTE_CLASS;
  note.setAttribute('role', 'alert');
  note.textContent = message;
  const box = input.getBoundingClientRect();
  note.style.left = `${Math.round(box.left)}px`;
  note.style.top = `${Math.round(box.bottom + 4)}px`;
  if (!note.isConnected) doc.body.appendChild(note);
  notes.set(input, { note, timer: setTimeout(() => hideNote(input), NOTE_MS) });
}

/** A note whose field has gone (its dialog closed) goes with it. */
function dropOrphanNotes() {
  for (const input of [...notes.keys()]) if (!input.isConnected) hideNote(input);
}

function numberInputOf(target: EventTarget | null): HTMLInputElement | null {
  return target instanceof HTMLInputElement && target.hasAttribute(PRECISION_ATTR) ? target : null;
}

function onBeforeInput(e: InputEvent) {
  const input = numberInputOf(e.target);
  // an IME's composition cannot be refused half-way; rc-input-number reads the text when it ends
  if (!input || !e.inputType.startsWith('insert') || e.inputType === 'insertCompositionText') return;
  const inserted = e.data ?? e.dataTransfer?.getData('text/plain') ?? '';
  const message = refusalFor(input, inserted);
  if (!message) return;
  e.preventDefault();
  showNote(input, localizeMessage(message));
}

let guarded = false;

/** One listener for the document: number inputs come and go with pages and dialogs. */
export function guardNumberTyping(doc: Document = document) {
  if (guarded) return;
  guarded = true;
  doc.addEventListener('beforeinput', onBeforeInput as EventListener, true);
  doc.addEventListener('focusin', dropOrphanNotes, true);
}

/** amis's number input refuses what would not be its number, and says so (markNumberPrecision, guardNumberTyping). */
export function letNumbersBeTypedAsTheyAre(NumberInput: unknown, doc?: Document): boolean {
  const patched = markNumberPrecision(NumberInput);
  if (typeof document !== 'undefined' || doc) guardNumberTyping(doc);
  return patched;
}
