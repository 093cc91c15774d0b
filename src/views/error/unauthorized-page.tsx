import { ErrorPage } from './error-page';
import { t } from '../../i18n';

export function UnauthorizedPage() {
  return <ErrorPage code="401" message={t('error.401')} />;
}
