import { lazy, Suspense, type ReactNode } from 'react';
import { createHashRouter, RouterProvider, useSearchParams, type RouteObject } from 'react-router-dom';
import { RootGuard } from './router/root-guard';
import { LoginPage } from './views/login/login-page';
import { NotFoundPage } from './views/error/not-found-page';
import { UnauthorizedPage } from './views/error/unauthorized-page';
import { FeedbackLayer } from './feedback/feedback-layer';
import { installSessionHandlers } from './router/session-handlers';
import { HOST_ROUTES, type HostRouteName } from '../domain/pages/host-routes';
import { appNavigate, setAppNavigate } from './router/app-navigator';
import { userStore } from './stores/user-store';
import { getToken } from './utils/auth-cookie';
import { loadDashboard, loadLayout, loadMenuScreen, preloadFor } from './router/console-chunks';
import { bootPreloads } from './router/boot-preload';
import { loadSession } from './router/session-load';
import { t } from './i18n';
import './styles/size.css';

const UserCenter = lazy(() => import('./views/user-center/user-center'));
const Layout = lazy(() => loadLayout().then((m) => ({ default: m.Layout })));
const MenuScreen = lazy(() => loadMenuScreen().then((m) => ({ default: m.MenuScreen })));
const Dashboard = lazy(() => loadDashboard().then((m) => ({ default: m.Dashboard })));
const RedirectHelper = lazy(() => import('./views/redirect/redirect-helper').then((m) => ({ default: m.RedirectHelper })));
// the page studio and amis-editor: chunks of their own, loaded only on /demo
const StudioView = lazy(() => import('./views/studio/studio-view'));
// the big screens and their ECharts: chunks of their own, loaded only when one opens
const DataView = lazy(() => import('./views/big-screen/data-view'));
const NewDataView = lazy(() => import('./views/big-screen/new-data-view'));
const OperationView = lazy(() => import('./views/big-screen/operation-view'));

/** /login inside the router: reached when a session ends without a reload (start-up shows src/views/login/sign-in-screen.tsx). */
function LoginRoute() {
  const [params] = useSearchParams();
  return <LoginPage redirect={params.get('redirect')} onSignedIn={enterConsole} />;
}

/**
 * The view of each record of the route table (domain/pages/host-routes.ts); paths and metadata live there.
 * null: the spec names the route but its screen is not built yet; the path falls through to the
 * shell's catch-all and so to /404, as before the table.
 */
const VIEWS: Record<HostRouteName, ReactNode> = {
  Login: <LoginRoute />,
  // the scan pages are scan.html's (src/public/): index.html hands them over before the console starts
  ScanQRcode: null,
  OrderInfoByQRcode: null,
  PayResult: null,
  ScanPay: null,
  Activity: null,
  PdaScanQrcode: null,
  ScanGroupCardQrcode: null,
  GroupCardInfo: null,
  NotFound: <NotFoundPage />,
  Unauthorized: <UnauthorizedPage />,
  DataView: <DataView />,
  NewDataView: <NewDataView />,
  OperationView: <OperationView />,
  Demo: <StudioView />,
  Dashboard: <Dashboard />,
  UserCenter: <UserCenter />,
  Redirect: <RedirectHelper />,
};

const loading = <div className="pc-page-loading">{t('common.loading')}</div>;

// full-screen views are lazy chunks too: without a boundary of their own, opening one suspends the root (React #426)
const mounted = (layout: 'none' | 'shell'): RouteObject[] =>
  HOST_ROUTES.filter((r) => r.layout === layout && VIEWS[r.name] !== null).map((r) => ({
    path: r.path,
    element: layout === 'none' ? <Suspense fallback={loading}>{VIEWS[r.name]}</Suspense> : VIEWS[r.name],
  }));

export const router = createHashRouter([
  {
    element: <RootGuard />,
    children: [
      ...mounted('none'),
      {
        path: '/',
        element: (
          <Suspense fallback={loading}>
            <Layout />
          </Suspense>
        ),
        // menu screens and data routes (menu entries, the bundles' _routes.json) render in the catch-all
        children: [...mounted('shell'), { path: '*', element: <MenuScreen /> }],
      },
    ],
  },
]);

setAppNavigate((to, options) => void (typeof to === 'number' ? router.navigate(to) : router.navigate(to, options)));
installSessionHandlers((to) => appNavigate(to));

// A signed-in start asks for the user and the route files now, rather than from the guard's first
// effect: amis, asked for at start-up too (src/main.tsx), would hold that effect back while it evaluates.
if (bootPreloads(router.state.location.pathname, Boolean(getToken())).shell) void loadSession();

// start-up asked for its screen's chunks already (src/main.tsx); each sign-in asks for its target's
router.subscribe((state) =>
  preloadFor(state.location.pathname, (state.location.state as { signedIn?: boolean } | null)?.signedIn === true),
);

/**
 * A sign-in succeeded (the token cookie is saved): the session starts and the router goes to the
 * target as a landing (the guard sends a target this user cannot open home). The sign-in page
 * calls it here or, when it showed before the console loaded, through src/main.tsx.
 */
export function enterConsole(target: string) {
  userStore.startSession(getToken());
  void router.navigate(target, { replace: true, state: { signedIn: true } });
}

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <FeedbackLayer />
    </>
  );
}
