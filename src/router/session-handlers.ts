import { setSessionHandlers } from '../api/session-events';
import { feedback } from '../feedback/feedback-store';
import { userStore } from '../stores/user-store';
import { t } from '../i18n';

let asking = false;

/** Confirm once (not once per failing call), then sign out and reload. */
async function askToSignInAgain(message: string) {
  if (asking) return;
  asking = true;
  const ok = await feedback.confirm(message, t('session.expiredTitle'), {
    okText: t('session.relogin'),
    cancelText: t('session.stay'),
  });
  asking = false;
  if (ok) {
    userStore.resetSession();
    window.location.reload();
  }
}

export function installSessionHandlers(navigate: (to: string) => void) {
  setSessionHandlers({
    expired: () => void askToSignInAgain(t('session.expired')),
    unauthorized: () => void askToSignInAgain(t('session.expired')),
    forbidden: () => navigate('/401'),
  });
}
