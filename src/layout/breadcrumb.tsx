import { Link, useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { HOME_PATH } from '../../domain/pages/host-routes';
import { describeRoute } from './route-info';
import { t } from '../i18n';

/** Home, then the menu trail of the current page (MenuRoute.trail). */
export const Breadcrumb = observer(function Breadcrumb() {
  const { pathname } = useLocation();
  const trail = describeRoute(pathname)?.trail ?? [];
  return (
    <nav className="pc-breadcrumb" aria-label="breadcrumb">
      {pathname === HOME_PATH ? (
        <span className="pc-breadcrumb__item is-last">{t('dashboard.title')}</span>
      ) : (
        <Link className="pc-breadcrumb__item" to={HOME_PATH}>
          {t('dashboard.title')}
        </Link>
      )}
      {trail.map((title, i) => (
        <span key={i} className={`pc-breadcrumb__item${i === trail.length - 1 ? ' is-last' : ''}`}>
          <span className="pc-breadcrumb__sep" aria-hidden>
            /
          </span>
          {title}
        </span>
      ))}
    </nav>
  );
});
