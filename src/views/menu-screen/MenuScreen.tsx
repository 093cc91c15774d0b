import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { routeForPath } from '../../stores/route-store';
import { matchStaticRoute, staticRouteTitle } from '../../router/static-routes';
import { t } from '../../i18n';

import { LazyAmisPage as AmisPage } from '../../amis/lazy-amis-page';

/** A screen from the server menu, or a shell route backed by a JSON page: its urlAddress names the page file. */
export const MenuScreen = observer(function MenuScreen() {
  const location = useLocation();
  const route = routeForPath(location.pathname);
  const shell = route ? undefined : matchStaticRoute(location.pathname);
  if (shell?.route.urlAddress) {
    return (
      <Suspense fallback={<div className="pc-page-loading">{t('common.loading')}</div>}>
        <AmisPage key={location.pathname} urlAddress={shell.route.urlAddress} title={staticRouteTitle(shell.route, shell.params)} params={shell.params} />
      </Suspense>
    );
  }
  if (!route) return <Navigate to="/404" replace />;
  if (route.type === 7) {
    return (
      <section className="pc-card">
        <a href={route.urlAddress} target="_blank" rel="noreferrer">
          {route.title}
        </a>
      </section>
    );
  }
  return (
    <Suspense fallback={<div className="pc-page-loading">{t('common.loading')}</div>}>
      <AmisPage key={route.path} urlAddress={route.urlAddress} title={route.title} />
    </Suspense>
  );
});
