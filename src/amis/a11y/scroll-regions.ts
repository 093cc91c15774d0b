/**
 * A table wider than the screen (a phone, many columns) scrolls sideways inside its own box. A keyboard
 * user can scroll it only if the box can take the focus, which it cannot when its rows hold no link or
 * button (a log): such a box becomes a named, focusable region (WCAG 2.1.1; axe scrollable-region-focusable).
 */

const SCROLLERS = '.cxd-Table-content';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

export function focusableScrollers(root: ParentNode, name: string): number {
  let changed = 0;
  for (const box of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
    const wanted = scrolls && box.querySelector(FOCUSABLE) === null;
    const marked = box.dataset.pcScrollRegion === '1';
    if (wanted === marked) continue;
    if (wanted) {
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', name);
      box.dataset.pcScrollRegion = '1';
    } else {
      // wide enough again, or its rows got links: an ordinary box
      box.removeAttribute('tabindex');
      box.removeAttribute('role');
      box.removeAttribute('aria-label');
      delete box.dataset.pcScrollRegion;
    }
    changed++;
  }
  return changed;
}
