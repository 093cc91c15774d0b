import { ErrorPage } from './error-page';
import { t } from '../../i18n';

export function NotFoundPage() {
  return <ErrorPage code="404" message={t('error.404')} />;
}
