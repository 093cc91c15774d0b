import { useEffect, useLayoutEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { userStore } from '../stores/user-store';
import { getToken } from '../utils/auth-cookie';
import { brandStore } from '../layout/brand-store';
import { localeStore } from '../i18n';
import { decideNavigation } from './guard';
import { pageTitle } from './page-title';
import { dataRouteStore } from './data-routes';
import { routeTitle } from './route-titles';
import { routeAccess } from './current-route';
import { loadSession, sessionReadyFor } from './session-load';
import { t } from '../i18n';

// nprogress's own template writes role="bar", which is no ARIA role; the bar is decoration (the
// screen says when it is loading), so it is hidden from assistive technology
NProgress.configure({
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/** Applies the navigation guard to every location change; shows progress and the page title. */
export const RootGuard = observer(function RootGuard() {
  const location = useLocation();
  const [loading, setLoading] = useState(false);
  const decision = decideNavigation({
    path: location.pathname,
    search: location.search,
    // the cookie is the source of truth: once it expires, the next navigation asks to sign in
    hasToken: Boolean(userStore.token && getToken()),
    loaded: sessionReadyFor(location.pathname),
    access: routeAccess,
    landing: (location.state as { signedIn?: boolean } | null)?.signedIn === true,
  });

  // before the pages' own effects, so a kept-alive page can restore its scroll afterwards
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  // a thin bar for each navigation: it starts on the change and ends once the new page has rendered
  useEffect(() => {
    NProgress.start();
    const timer = setTimeout(() => NProgress.done(), 120);
    return () => clearTimeout(timer);
  }, [location.pathname]);

  const siteTitle = brandStore.siteTitle;
  const locale = localeStore.locale;
  const hasMenu = userStore.menuList.length;
  const routesLoaded = dataRouteStore.loaded;
  // a details page names its record once its data is in (route-titles.ts)
  const ownTitle = routeTitle(location.pathname);
  useEffect(() => {
    document.title = pageTitle(location.pathname, siteTitle);
  }, [location.pathname, siteTitle, locale, hasMenu, routesLoaded, ownTitle]);

  const mustLoad = decision.type === 'load';
  useEffect(() => {
    if (!mustLoad || loading) return;
    setLoading(true);
    NProgress.start();
    void loadSession().finally(() => {
      setLoading(false);
      NProgress.done();
    });
  }, [mustLoad, loading]);

  if (decision.type === 'redirect') return <Navigate to={decision.to} replace state={decision.landing ? { signedIn: true } : undefined} />;
  if (decision.type === 'load') return <div className="pc-page-loading">{t('common.loading')}</div>;
  return <Outlet />;
});
