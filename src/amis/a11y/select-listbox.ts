import { cloneElement, createElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';

/**
 * amis's select (amis-ui Select, on downshift) draws its options in a popover that is no listbox: the
 * options' parent has no role, the popover says role="popover" (no such role), and the combobox's
 * aria-owns names a menu id nothing has; a screen reader finds options that belong to nothing (axe: 17
 * critical findings on one open select). Here the options are drawn inside a listbox with that id,
 * named as its combobox, which also says it controls it; the search box stays beside the listbox, not
 * in it; and no popover carries a made-up role.
 */

export const LISTBOX_CLASS = 'pc-select-listbox';

const PATCHED = Symbol.for('parking-console.select-listbox');

type Proto = Record<string | symbol, unknown>;
type Element = ReactElement<Record<string, unknown>>;

function innermost(component: unknown): { prototype?: Proto } | undefined {
  let current = component as { ComposedComponent?: unknown } | undefined;
  while (current && current.ComposedComponent) current = current.ComposedComponent as { ComposedComponent?: unknown };
  return current as { prototype?: Proto } | undefined;
}

function textOf(el: globalThis.Element | null): string {
  return (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The listbox as its combobox (the select box whose aria-owns names it) is known: the same name, and
 * the combobox controls it. Answers whether a combobox was found.
 */
export function tieListbox(listbox: HTMLElement): boolean {
  const doc = listbox.ownerDocument;
  const combobox = [...doc.querySelectorAll('[role="combobox"][aria-owns]')].find(
    (c) => c.getAttribute('aria-owns')!.split(/\s+/).includes(listbox.id) && c !== listbox,
  );
  if (!combobox) return false;
  combobox.setAttribute('aria-controls', listbox.id);
  const labelled = (combobox.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter((id) => id && textOf(doc.getElementById(id)));
  const name = combobox.getAttribute('aria-label')?.trim() || textOf(combobox.querySelector('.cxd-Select-placeholder'));
  if (labelled.length) listbox.setAttribute('aria-labelledby', labelled.join(' '));
  else if (name) listbox.setAttribute('aria-label', name);
  return true;
}

const tie = (el: HTMLElement | null) => {
  if (el) tieListbox(el);
};

function hasClass(node: ReactNode, name: string): boolean {
  return isValidElement(node) && String((node.props as { className?: unknown }).className ?? '').includes(name);
}

/** The search box of a menu without options points at no option (downshift keeps the last highlighted id). */
function searchWithoutActiveOption(search: ReactNode): ReactNode {
  if (!isValidElement(search)) return search;
  const kids = ([] as ReactNode[]).concat((search.props as { children?: ReactNode }).children);
  const stale = kids.findIndex((k) => isValidElement(k) && (k.props as Record<string, unknown>)['aria-activedescendant']);
  if (stale < 0) return search;
  const input = cloneElement(kids[stale] as Element, { 'aria-activedescendant': undefined });
  return cloneElement(search as Element, {}, ...kids.slice(0, stale), input, ...kids.slice(stale + 1));
}

/**
 * The menu with its options in a listbox of the id downshift gives the menu. Without options (none
 * found, still loading) the menu itself takes the id, so the combobox's aria-owns still names something.
 */
export function listboxMenu(menu: Element, id: string, multiple: boolean): Element {
  const kids = ([] as ReactNode[]).concat(menu.props.children as ReactNode);
  const body = kids[kids.length - 1];
  const parts =
    isValidElement(body) && body.type === Fragment ? ([] as ReactNode[]).concat((body.props as { children?: ReactNode }).children) : [];
  const options = parts[parts.length - 1];
  if (!options || hasClass(options, 'Select-noResult'))
    return cloneElement(menu, { id }, ...kids.slice(0, -1).map(searchWithoutActiveOption), body);
  // keyed: when the options give way to 未找到任何结果, React draws that anew rather than reusing the listbox
  const listbox = createElement(
    'div',
    { key: LISTBOX_CLASS, role: 'listbox', id, className: LISTBOX_CLASS, 'aria-multiselectable': multiple || undefined, ref: tie },
    options,
  );
  const newBody = createElement(Fragment, null, ...parts.slice(0, -1), listbox);
  return cloneElement(menu, {}, ...kids.slice(0, -1), newBody);
}

interface SelectLike {
  props: { mobileUI?: boolean; multiple?: boolean };
}

interface DownshiftHelpers {
  getMenuProps?: (props?: Record<string, unknown>, options?: { suppressRefError?: boolean }) => { id?: string };
}

/** The menu id downshift names in the combobox's aria-owns (its menu ref is not taken: downshift behaves as before). */
function menuId(helpers: DownshiftHelpers): string | undefined {
  return helpers.getMenuProps?.({}, { suppressRefError: true }).id;
}

/** Patches amis-ui's Select (its popover's menu); answers whether it patched. */
export function listboxForSelects(Select: unknown): boolean {
  const proto = innermost(Select)?.prototype;
  const original = proto?.renderOuter;
  if (!proto || typeof original !== 'function' || proto[PATCHED]) return false;
  proto.renderOuter = function (this: SelectLike, helpers: DownshiftHelpers) {
    const outer = (original as (h: DownshiftHelpers) => unknown).call(this, helpers);
    const id = menuId(helpers);
    // a phone's select opens as a sheet of its own
    if (this.props.mobileUI || !id || !isValidElement(outer)) return outer;
    const popover = (outer.props as { children?: ReactNode }).children;
    if (!isValidElement(popover)) return outer;
    const menu = (popover.props as { children?: ReactNode }).children;
    if (!isValidElement(menu)) return outer;
    const mended = listboxMenu(menu as Element, id, Boolean(this.props.multiple));
    return cloneElement(outer as Element, {}, cloneElement(popover as Element, {}, mended));
  };
  proto[PATCHED] = true;
  return true;
}

/** amis's PopOver says role="popover", which no assistive technology knows: it carries no role. */
export function noMadeUpPopoverRole(PopOver: unknown): boolean {
  const proto = innermost(PopOver)?.prototype;
  const original = proto?.render;
  if (!proto || typeof original !== 'function' || proto[PATCHED]) return false;
  proto.render = function (this: unknown) {
    const el = (original as () => unknown).call(this);
    return isValidElement(el) && (el.props as { role?: unknown }).role === 'popover'
      ? cloneElement(el as Element, { role: undefined })
      : el;
  };
  proto[PATCHED] = true;
  return true;
}

/** The open select a key went to: its box, or its search box in the popover (which names the listbox it controls). */
export function openSelectOf(target: EventTarget | null, doc: Document): HTMLElement | null {
  if (!(target instanceof HTMLElement)) return null;
  // amis's own selects only: the console's comboboxes (the header search) close themselves
  const own = target.closest<HTMLElement>('[role="combobox"][aria-expanded="true"]');
  // (amis's Select root, whichever theme prefixes its class: cxd-Select, antd-Select, …)
  if (own) return own.closest('[class*="-Select"]') ? own : null;
  const menuId = target.closest('.cxd-Select-popover') ? target.getAttribute('aria-controls') : null;
  if (!menuId) return null;
  return (
    [...doc.querySelectorAll<HTMLElement>('[role="combobox"][aria-expanded="true"][aria-owns]')].find((c) =>
      c.getAttribute('aria-owns')!.split(/\s+/).includes(menuId),
    ) ?? null
  );
}

/**
 * Escape closes an open select (amis's ignores it) and leaves the focus on its box; it does not go on
 * to close the dialog the select is in (amis's modals close on an Escape nobody took).
 */
export function closeSelectsOnEscape(doc: Document = document) {
  doc.addEventListener(
    'keydown',
    (e) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const select = openSelectOf(e.target, doc);
      if (!select) return;
      e.preventDefault();
      e.stopPropagation();
      // amis's select opens and closes on a click of its box
      select.click();
      select.focus();
    },
    true,
  );
}
