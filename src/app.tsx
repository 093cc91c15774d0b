import { lazy, type ReactNode } from 'react';
import { createHashRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { RootGuard } from './router/root-guard';
import { Layout } from './layout/layout';
import { LoginPage } from './views/login/login-page';
import { NotFoundPage } from './views/error/not-found-page';
import { UnauthorizedPage } from './views/error/unauthorized-page';
import { Dashboard } from './views/dashboard/dashboard';
import { MenuScreen } from './views/menu-screen/menu-screen';
import { RedirectHelper } from './views/redirect/redirect-helper';
import { ComingSoonView } from './views/full-screen/coming-soon-view';
import { FeedbackLayer } from './feedback/feedback-layer';
import { installSessionHandlers } from './router/session-handlers';
import { HOST_ROUTES, type HostRouteName } from './router/routes';
import { appNavigate, setAppNavigate } from './router/app-navigator';
import { settingsStore } from './stores/settings-store';
import { brandStore } from './layout/brand-store';
import { applyTheme } from './styles/theme';
import './styles/size.css';

const UserCenter = lazy(() => import('./views/user-center/user-center'));

/**
 * The view of each record of the route table (src/router/routes.ts); paths and metadata live there.
 * null: the spec names the route but its screen is not built yet; the path falls through to the
 * shell's catch-all and so to /404, as before the table.
 */
const VIEWS: Record<HostRouteName, ReactNode> = {
  Login: <LoginPage />,
  ScanQRcode: null,
  OrderInfoByQRcode: null,
  Activity: null,
  PdaScanQrcode: null,
  ScanGroupCardQrcode: null,
  GroupCardInfo: null,
  NotFound: <NotFoundPage />,
  Unauthorized: <UnauthorizedPage />,
  DataView: <ComingSoonView title="nav.newDataView" />,
  NewDataView: <ComingSoonView title="nav.newDataView" />,
  OperationView: <ComingSoonView title="nav.operationView" />,
  Demo: <ComingSoonView title="nav.demo" message="view.demo" />,
  Dashboard: <Dashboard />,
  UserCenter: <UserCenter />,
  Redirect: <RedirectHelper />,
};

const mounted = (layout: 'none' | 'shell'): RouteObject[] =>
  HOST_ROUTES.filter((r) => r.layout === layout && VIEWS[r.name] !== null).map((r) => ({ path: r.path, element: VIEWS[r.name] }));

export const router = createHashRouter([
  {
    element: <RootGuard />,
    children: [
      ...mounted('none'),
      {
        path: '/',
        element: <Layout />,
        // menu screens and data routes (menu entries, the bundles' _routes.json) render in the catch-all
        children: [...mounted('shell'), { path: '*', element: <MenuScreen /> }],
      },
    ],
  },
]);

setAppNavigate((to, options) => void (typeof to === 'number' ? router.navigate(to) : router.navigate(to, options)));
installSessionHandlers((to) => appNavigate(to));
// a colour the user picked earlier applies before the first paint of the shell
if (settingsStore.themeChosen) applyTheme(settingsStore.settings.theme);
void brandStore.load();

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <FeedbackLayer />
    </>
  );
}
