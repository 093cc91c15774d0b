import { userStore } from '../stores/user-store';
import { feedback } from '../feedback/feedback-store';
import { t } from '../i18n';

/** Spec §4: confirm, call the logout endpoint, clear the session even if it fails, reload. */
export async function confirmAndLogout() {
  const ok = await feedback.confirm(t('nav.logoutConfirm'), t('common.prompt'));
  if (!ok) return;
  try {
    await userStore.logout();
  } catch {
    // The session is cleared either way; the reload below shows the sign-in page.
  }
  window.location.reload();
}
