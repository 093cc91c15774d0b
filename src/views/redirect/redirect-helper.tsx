import { Navigate, useLocation } from 'react-router-dom';

/** `/redirect/{path*}` re-creates a page: it renders nothing, then replaces itself with the target. */
export function RedirectHelper() {
  const location = useLocation();
  const target = location.pathname.replace(/^\/redirect/, '') || '/';
  return <Navigate to={target + location.search} replace />;
}
