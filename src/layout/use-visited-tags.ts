import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { tagsViewStore } from '../stores/tags-view-store';
import { HOME_PATH } from '../../domain/pages/host-routes';
import { describeRoute } from './route-info';
import { dataRouteStore } from '../router/data-routes';

/** Pins the dashboard, restores the last session's tabs once, and adds a tab for each page reached. */
export function useVisitedTags() {
  const location = useLocation();
  const [restored, setRestored] = useState(false);
  // a menu screen may open before the route files are in (session-load.ts): the last session's
  // tabs wait for them, so "this user can still open it" is answered for data routes too
  const routesLoaded = dataRouteStore.loaded;

  useEffect(() => {
    if (!routesLoaded || restored) return;
    // first, before anything saves over the last session's tabs
    tagsViewStore.restore((path) => describeRoute(path) !== undefined);
    const home = describeRoute(HOME_PATH)!;
    tagsViewStore.addView({ path: HOME_PATH, fullPath: HOME_PATH, title: home.title, affix: true, noCache: home.noCache });
    setRestored(true);
  }, [routesLoaded, restored]);

  useEffect(() => {
    if (!restored) return;
    const info = describeRoute(location.pathname);
    if (!info) return;
    tagsViewStore.addView({
      path: location.pathname,
      fullPath: location.pathname + location.search,
      title: info.title,
      affix: info.affix,
      noCache: info.noCache,
    });
  }, [restored, location.pathname, location.search]);
}
