import { useEffect, useRef } from 'react';

const MAIN = 'pc-main-content';

/**
 * A screen opened from the menu, the search, a tab or the breadcrumb takes the focus, as a new page
 * would: the next Tab is in the screen, not in the rest of the menu, and a screen reader reads where
 * it is. Focus inside the screen (a link in a list) is left alone unless it was lost with the old screen.
 */
export function useFocusFollowsScreen(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(MAIN);
    const active = document.activeElement;
    const fromChrome = !active || active === document.body || !active.isConnected || !main?.contains(active);
    if (main && fromChrome && !active?.closest('[role="dialog"]')) main.focus({ preventScroll: true });
  }, [pathname]);
}
