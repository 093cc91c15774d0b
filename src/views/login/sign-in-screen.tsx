import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { LoginPage, type LoginPageProps } from './login-page';
import { FeedbackLayer } from '../../feedback/feedback-layer';
import { brandStore } from '../../layout/brand-store';
import { localeStore, t } from '../../i18n';

/**
 * The sign-in page as the first screen of a start without a token (src/main.tsx), before the
 * router and the shell load: the form, the notices, and the document title the router's /login
 * has (src/router/page-title.ts: the route title, then the site title).
 */
export const SignInScreen = observer(function SignInScreen(props: LoginPageProps) {
  const siteTitle = brandStore.siteTitle;
  const locale = localeStore.locale;
  useEffect(() => {
    document.title = `${t('login.title')} - ${siteTitle}`;
  }, [siteTitle, locale]);
  return (
    <>
      <LoginPage {...props} />
      <FeedbackLayer />
    </>
  );
});
