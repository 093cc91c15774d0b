/**
 * Accessible names for amis's form controls. amis draws a field's label as a `<label>` with no `for`,
 * and its select as a `role="combobox"` whose `aria-labelledby` (downshift's) points at nothing, so a
 * screen reader announces "combo box" and nothing more. Each control without a name is tied to its
 * field's label; a filter field without a label is named by its placeholder, as its user reads it.
 */

const CONTROLS = 'input:not([type="hidden"]), textarea, [role="combobox"], [role="switch"]';

let nextId = 0;

function textOf(el: Element | null | undefined): string {
  return (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Whether assistive technology already finds a name for the control (the parts of accname amis uses). */
export function hasName(control: Element): boolean {
  if (control.getAttribute('aria-label')?.trim()) return true;
  const ids = control.getAttribute('aria-labelledby')?.trim();
  if (ids && ids.split(/\s+/).some((id) => textOf(control.ownerDocument.getElementById(id)))) return true;
  if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
    if (control.labels && [...control.labels].some((label) => textOf(label))) return true;
    if (control.placeholder.trim() || control.title.trim()) return true;
  }
  return false;
}

/** The label of the form item the control is in, without its required mark and hint icons. */
function itemLabel(control: Element): HTMLElement | null {
  const item = control.closest('.cxd-Form-item');
  const label = item?.querySelector(':scope > .cxd-Form-label, :scope > * > .cxd-Form-label');
  return label instanceof HTMLElement && textOf(label) ? label : null;
}

function idOf(el: HTMLElement): string {
  if (!el.id) el.id = `pc-name-${++nextId}`;
  return el.id;
}

/** What the control is called where no label is: its placeholder (a select shows it as text). */
function placeholderOf(control: Element): string {
  const own = control.getAttribute('placeholder')?.trim();
  if (own) return own;
  return textOf(control.querySelector('.cxd-Select-placeholder'));
}

/** Names every unnamed control under `root`; answers how many it named. */
export function nameControls(root: ParentNode, names: { pageJump: string; perPage: string }): number {
  let named = 0;
  for (const control of root.querySelectorAll(CONTROLS)) {
    if (hasName(control)) continue;
    const label = itemLabel(control);
    if (label) {
      control.setAttribute('aria-labelledby', idOf(label));
      named++;
      continue;
    }
    // a select's placeholder disappears once a value is chosen: the name is kept from the first look
    const text = control.closest('.cxd-Pagination-inputGroup, .cxd-Pagination-simplego')
      ? names.pageJump
      : control.closest('.cxd-Pagination-perpage, .cxd-Crud-pageSwitch')
        ? names.perPage
        : placeholderOf(control);
    if (text) {
      control.setAttribute('aria-label', text);
      named++;
    }
  }
  return named;
}
