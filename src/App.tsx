import { lazy } from 'react';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { RootGuard } from './router/RootGuard';
import { Layout } from './layout/Layout';
import { LoginPage } from './views/login/LoginPage';
import { NotFoundPage } from './views/error/NotFoundPage';
import { UnauthorizedPage } from './views/error/UnauthorizedPage';
import { Dashboard } from './views/dashboard/Dashboard';
import { MenuScreen } from './views/menu-screen/MenuScreen';
import { RedirectHelper } from './views/redirect/RedirectHelper';
import { ComingSoonView } from './views/full-screen/ComingSoonView';
import { FeedbackLayer } from './feedback/FeedbackLayer';
import { installSessionHandlers } from './router/session-handlers';
import { appNavigate, setAppNavigate } from './router/app-navigator';
import { settingsStore } from './stores/settings-store';
import { brandStore } from './layout/brand-store';
import { applyTheme } from './styles/theme';
import './styles/size.css';

const UserCenter = lazy(() => import('./views/user-center/UserCenter'));

export const router = createHashRouter([
  {
    element: <RootGuard />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/404', element: <NotFoundPage /> },
      { path: '/401', element: <UnauthorizedPage /> },
      // full-screen views outside the shell, opened from the navbar in a new window
      { path: '/dataView', element: <ComingSoonView title="nav.newDataView" /> },
      { path: '/newDataView', element: <ComingSoonView title="nav.newDataView" /> },
      { path: '/operationView', element: <ComingSoonView title="nav.operationView" /> },
      { path: '/demo', element: <ComingSoonView title="nav.demo" message="view.demo" /> },
      {
        path: '/',
        element: <Layout />,
        children: [
          { path: 'dashboard', element: <Dashboard /> },
          { path: 'user/center', element: <UserCenter /> },
          { path: 'redirect/*', element: <RedirectHelper /> },
          { path: '*', element: <MenuScreen /> },
        ],
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
