import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { userStore } from '../stores/user-store';
import { isKnownRoute } from '../stores/route-store';
import { decideNavigation } from './guard';
import { t } from '../i18n';

/** Applies the navigation guard to every location change. */
export const RootGuard = observer(function RootGuard() {
  const location = useLocation();
  const [loading, setLoading] = useState(false);
  const decision = decideNavigation({
    path: location.pathname,
    search: location.search,
    hasToken: Boolean(userStore.token),
    hasRoles: userStore.roles.length > 0,
    isKnownRoute,
  });

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  const mustLoad = decision.type === 'load-user';
  useEffect(() => {
    if (!mustLoad || loading) return;
    setLoading(true);
    userStore
      .getInfo()
      .then(() => userStore.setLoadMenus(false))
      .catch(async () => {
        // A failed user-info fetch signs the user out (spec §4).
        userStore.resetSession();
        window.location.reload();
      })
      .finally(() => setLoading(false));
  }, [mustLoad, loading]);

  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.type === 'load-user') return <div className="pc-page-loading">{t('common.loading')}</div>;
  return <Outlet />;
});
