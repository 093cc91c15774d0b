import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { routeForPath } from '../../stores/route-store';
import { t } from '../../i18n';

// amis is heavy: load it only when a JSON screen is opened, never on the sign-in page.
const AmisPage = lazy(() => import('../../amis/AmisPage'));

/** A screen from the server menu: its urlAddress names a JSON page. */
export const MenuScreen = observer(function MenuScreen() {
  const location = useLocation();
  const route = routeForPath(location.pathname);
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
