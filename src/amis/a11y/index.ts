import { t } from '../../i18n';
import { nameControls } from './control-names';
import { followDialogs, listenForDialogKeys } from './dialog-focus';
import { focusableScrollers } from './scroll-regions';
import { closeSelectsOnEscape } from './select-listbox';

let started = false;

/**
 * Keeps amis's output usable by keyboard and screen reader (control-names.ts, dialog-focus.ts, scroll-regions.ts,
 * select-listbox.ts; its render patches are applied with the other extensions): one
 * observer for the whole document, because dialogs and popovers render outside the page. Each batch
 * of changes is looked at once, in the next frame.
 */
export function startAccessibility(doc: Document = document) {
  if (started || typeof MutationObserver === 'undefined') return;
  started = true;
  listenForDialogKeys(doc);
  closeSelectsOnEscape(doc);
  const nextFrame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (run: () => void) => setTimeout(run, 16);
  let queued = false;
  const look = () => {
    queued = false;
    nameControls(doc.body, { pageJump: t('a11y.pageJump'), perPage: t('a11y.perPage') });
    focusableScrollers(doc.body, t('a11y.scrollTable'));
    followDialogs(doc);
  };
  // characterData too: a select's placeholder text may arrive after its box (options still loading);
  // and a name React writes back over the one given here (a re-rendered select) is looked at again
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    nextFrame(look);
  }).observe(doc.body, { childList: true, subtree: true, characterData: true, attributeFilter: ['aria-labelledby', 'aria-label'] });
}
