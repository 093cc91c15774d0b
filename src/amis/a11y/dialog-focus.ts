/**
 * Focus for amis dialogs, as a modal dialog should behave (WAI-ARIA dialog pattern): when one opens it
 * is announced as modal with its title as its name and takes the focus (its first field, else its
 * first button); Tab and Shift+Tab stay inside it; when it closes the focus goes back to the control
 * that opened it. amis does none of this. Escape is the vocabulary's (`closeOnEsc`).
 */

const DIALOGS = '.cxd-Modal[role="dialog"], .cxd-Drawer[role="dialog"]';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';
const FIRST_FIELD = 'input:not([disabled]):not([type="hidden"]):not([readonly]), textarea:not([disabled]), [role="combobox"][tabindex="0"]';

interface Opened {
  opener: HTMLElement | null;
  focused: boolean;
}

const opened = new Map<HTMLElement, Opened>();
/** the last control focused outside every dialog: the opener of the next one */
let lastOutside: HTMLElement | null = null;

function visible(el: HTMLElement): boolean {
  return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
}

export function focusables(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(visible);
}

function topDialog(): HTMLElement | null {
  const open = [...opened.keys()].filter((d) => d.isConnected);
  return open[open.length - 1] ?? null;
}

function describe(dialog: HTMLElement) {
  dialog.setAttribute('aria-modal', 'true');
  const title = dialog.querySelector<HTMLElement>('.cxd-Modal-title, .cxd-Drawer-title');
  if (title && title.textContent?.trim() && !dialog.hasAttribute('aria-labelledby')) {
    if (!title.id) title.id = `pc-dialog-title-${opened.size + 1}-${Date.now().toString(36)}`;
    dialog.setAttribute('aria-labelledby', title.id);
  }
}

/** Moves the focus into a dialog once its content is there (a form may arrive after the frame). */
function takeFocus(dialog: HTMLElement, state: Opened) {
  if (state.focused) return;
  if (dialog.contains(document.activeElement)) {
    state.focused = true;
    return;
  }
  const body = dialog.querySelector<HTMLElement>('.cxd-Modal-body, .cxd-Drawer-body') ?? dialog;
  const field = [...body.querySelectorAll<HTMLElement>(FIRST_FIELD)].find(visible);
  const target = field ?? focusables(dialog).find((el) => !el.matches('.cxd-Modal-close'));
  // a dialog still loading has nothing to focus yet: the next look tries again
  if (!target) return;
  target.focus();
  state.focused = dialog.contains(document.activeElement);
}

/** Looks at the dialogs in the document: new ones are set up, closed ones give the focus back. */
export function followDialogs(doc: Document = document) {
  for (const dialog of doc.querySelectorAll<HTMLElement>(DIALOGS)) {
    let state = opened.get(dialog);
    if (!state) {
      const active = doc.activeElement instanceof HTMLElement && doc.activeElement !== doc.body ? doc.activeElement : null;
      state = { opener: active && !active.closest(DIALOGS) ? active : lastOutside, focused: false };
      opened.set(dialog, state);
    }
    describe(dialog);
    takeFocus(dialog, state);
  }
  for (const [dialog, state] of opened) {
    if (dialog.isConnected && dialog.matches(DIALOGS)) continue;
    opened.delete(dialog);
    const lost = !doc.activeElement || doc.activeElement === doc.body || !doc.activeElement.isConnected;
    if (lost && state.opener?.isConnected) state.opener.focus();
  }
}

/** Tab and Shift+Tab wrap around inside the topmost dialog. */
function trapTab(e: KeyboardEvent) {
  if (e.key !== 'Tab') return;
  const dialog = topDialog();
  if (!dialog) return;
  const items = focusables(dialog);
  if (!items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (!dialog.contains(active)) {
    e.preventDefault();
    first.focus();
  } else if (e.shiftKey && active === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  }
}

function noteOutside(e: FocusEvent) {
  const target = e.target;
  if (target instanceof HTMLElement && !target.closest(DIALOGS)) lastOutside = target;
}

let listening = false;

export function listenForDialogKeys(doc: Document = document) {
  if (listening) return;
  listening = true;
  doc.addEventListener('keydown', trapTab, true);
  doc.addEventListener('focusin', noteOutside, true);
}
