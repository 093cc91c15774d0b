import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { currentRoute } from '../../router/current-route';
import { NOT_FOUND_PATH, UNAUTHORIZED_PATH } from '../../../domain/pages/host-routes';
import { t } from '../../i18n';
import { menuLinkHref } from '../../utils/menu-link';

import { LazyAmisPage as AmisPage } from '../../amis/lazy-amis-page';

/** A screen from the server menu, or a data route (route file, menu entry) backed by a JSON page: its urlAddress names the page file. */
export const MenuScreen = observer(function MenuScreen() {
  const location = useLocation();
  const resolved = currentRoute(location.pathname);
  if (resolved?.kind === 'data') {
    // the guard already turned these away; this holds when the user changes while the tab stays open
    if (!resolved.allowed) return <Navigate to={UNAUTHORIZED_PATH} replace />;
    return (
      <Suspense fallback={<div className="pc-page-loading">{t('common.loading')}</div>}>
        <AmisPage key={location.pathname} urlAddress={resolved.route.urlAddress} title={resolved.title} params={resolved.params} />
      </Suspense>
    );
  }
  if (resolved?.kind !== 'menu') return <Navigate to={NOT_FOUND_PATH} replace />;
  const route = resolved.route;
  if (route.type === 7) {
    // an address from the menu: only a link or an in-app path becomes one (never javascript:)
    const href = menuLinkHref(route.urlAddress);
    return (
      <section className="pc-card">
        {href ? (
          <a href={href} target="_blank" rel="noreferrer">
            {route.title}
          </a>
        ) : (
          <span>{route.title}</span>
        )}
      </section>
    );
  }
  return (
    <Suspense fallback={<div className="pc-page-loading">{t('common.loading')}</div>}>
      <AmisPage key={route.path} urlAddress={route.urlAddress} title={route.title} />
    </Suspense>
  );
});
