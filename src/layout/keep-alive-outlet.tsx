import { Suspense, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation, useNavigationType, useOutlet, UNSAFE_LocationContext as LocationContext, type Location } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { tagsViewStore } from '../stores/tags-view-store';
import { PageActiveContext } from './page-active';
import { t } from '../i18n';

interface Entry {
  element: ReactNode;
  location: Location;
}

/**
 * Keeps visited pages mounted, keyed by their full path (not a component name), so
 * a page at any menu depth comes back as it was left: amis filters, page and scroll.
 * Hidden pages see their own frozen location, never the live one.
 */
export const KeepAliveOutlet = observer(function KeepAliveOutlet() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const outlet = useOutlet();
  const key = location.pathname;
  const entries = useRef(new Map<string, Entry>());
  const scrolls = useRef(new Map<string, number>());
  const cached = tagsViewStore.cachedViews;

  // Keep the first element rendered for a path (so React keeps its state); follow its location while visible.
  const current = entries.current.get(key);
  if (current) current.location = location;
  else entries.current.set(key, { element: outlet, location });
  for (const path of [...entries.current.keys()]) {
    if (path !== key && !cached.includes(path)) entries.current.delete(path);
  }

  // Remember where the page being left was scrolled: during render the DOM still shows it.
  const lastKey = useRef(key);
  if (lastKey.current !== key) {
    scrolls.current.set(lastKey.current, window.scrollY);
    lastKey.current = key;
  }
  // RootGuard scrolls to the top on every change (spec §2); a page coming back returns to where it was.
  useEffect(() => {
    const saved = scrolls.current.get(key);
    if (saved) window.scrollTo(0, saved);
    for (const path of scrolls.current.keys()) if (!entries.current.has(path)) scrolls.current.delete(path);
  }, [key]);

  return (
    <>
      {[...entries.current.entries()].map(([path, entry]) => (
        <CachedPage key={path} active={path === key} entry={entry} navigationType={navigationType} />
      ))}
    </>
  );
});

function CachedPage({
  active,
  entry,
  navigationType,
}: {
  active: boolean;
  entry: Entry;
  navigationType: ReturnType<typeof useNavigationType>;
}) {
  const { location, element } = entry;
  const value = useMemo(() => ({ location, navigationType }), [location, navigationType]);
  return (
    <div className="pc-cached-page" style={active ? undefined : { display: 'none' }} data-path={location.pathname}>
      <PageActiveContext.Provider value={active}>
        <LocationContext.Provider value={value}>
          {/* lazy pages may suspend on a tab click (a synchronous update): each page waits on its own */}
          <Suspense fallback={<div className="pc-page-loading">{t('common.loading')}</div>}>{element}</Suspense>
        </LocationContext.Provider>
      </PageActiveContext.Provider>
    </div>
  );
}
