import { useEffect, useState } from 'react';
import { reaction } from 'mobx';
import { useLocation } from 'react-router-dom';
import { tagsViewStore } from '../stores/tags-view-store';
import { HOME_PATH } from '../../domain/pages/host-routes';
import { describeRoute } from './route-info';
import { dataRouteStore } from '../router/data-routes';
import { releaseUnopenedFirstScreen, unopenedFirstScreen } from './first-screen';

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
    // the screen drawn at start-up, left by a link before the shell came, is a tab of its own
    const early = unopenedFirstScreen();
    const earlyRoute = early && describeRoute(early.path);
    if (early && earlyRoute) tagsViewStore.addView({ ...early, title: earlyRoute.title, noCache: earlyRoute.noCache });
    else if (early) releaseUnopenedFirstScreen(early.path);
    setRestored(true);
  }, [routesLoaded, restored]);

  // that screen goes when its tab is closed before it was opened again
  useEffect(() => {
    const early = restored ? unopenedFirstScreen() : undefined;
    if (!early) return;
    return reaction(
      () => tagsViewStore.visitedViews.some((v) => v.path === early.path),
      (kept) => {
        if (!kept) releaseUnopenedFirstScreen(early.path);
      },
    );
  }, [restored]);

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
