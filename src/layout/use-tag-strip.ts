import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How far the strip must be from an end before that end's arrow shows (sub-pixel rounding). */
const EDGE = 2;

/**
 * The tab strip when its tabs overflow it: the active tab is scrolled into view whenever the route
 * or the set of tabs changes, a vertical mouse wheel scrolls it sideways, and `canLeft`/`canRight`
 * say on which side more tabs are hidden (the strip shows an arrow and a fade there).
 */
export function useTagStrip(activePath: string, tabCount: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ canLeft: false, canRight: false });

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const canLeft = el.scrollLeft > EDGE;
    const canRight = el.scrollLeft + el.clientWidth < el.scrollWidth - EDGE;
    setEdges((prev) => (prev.canLeft === canLeft && prev.canRight === canRight ? prev : { canLeft, canRight }));
  }, []);

  // the active tab in view: only the strip scrolls, never the page
  useLayoutEffect(() => {
    const el = ref.current;
    const tab = el?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!el || !tab) return measure();
    const left = tab.offsetLeft - el.offsetLeft;
    const right = left + tab.offsetWidth;
    const margin = 40; // room for the arrow and a glimpse of the neighbour
    if (left - margin < el.scrollLeft) el.scrollLeft = Math.max(0, left - margin);
    else if (right + margin > el.scrollLeft + el.clientWidth) el.scrollLeft = right + margin - el.clientWidth;
    measure();
  }, [activePath, tabCount, measure]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // React's onWheel is passive: a listener of our own may keep the page from scrolling instead
    const onWheel = (e: WheelEvent) => {
      if (el.scrollWidth <= el.clientWidth) return;
      const delta = Math.abs(e.deltaX) > Math.abs(e.deltaY) ? e.deltaX : e.deltaY;
      if (!delta) return;
      e.preventDefault();
      el.scrollLeft += e.deltaMode === 1 ? delta * 16 : delta;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(el);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, [measure]);

  /** One strip-width less a little, towards the left (-1) or the right (1). */
  const page = useCallback((direction: -1 | 1) => {
    const el = ref.current;
    if (el) el.scrollBy({ left: direction * Math.max(80, el.clientWidth - 80), behavior: 'smooth' });
  }, []);

  return { ref, page, ...edges };
}
