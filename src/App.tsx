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
import { FeedbackLayer } from './feedback/FeedbackLayer';
import { installSessionHandlers } from './router/session-handlers';

const UserCenter = lazy(() => import('./views/user-center/UserCenter'));

export const router = createHashRouter([
  {
    element: <RootGuard />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/404', element: <NotFoundPage /> },
      { path: '/401', element: <UnauthorizedPage /> },
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

installSessionHandlers((to) => router.navigate(to));

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <FeedbackLayer />
    </>
  );
}
