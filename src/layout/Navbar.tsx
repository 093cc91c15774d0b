import { observer } from 'mobx-react-lite';
import { userStore } from '../stores/user-store';
import { feedback } from '../feedback/feedback-store';
import { t } from '../i18n';

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

export const Navbar = observer(function Navbar() {
  const name = userStore.user?.realName || userStore.user?.userName || '';
  return (
    <header className="pc-navbar">
      <div className="pc-navbar__spacer" />
      <span className="pc-navbar__user" data-testid="navbar-user">
        {name}
      </span>
      <button className="pc-btn" onClick={() => void confirmAndLogout()}>
        {t('nav.logout')}
      </button>
    </header>
  );
});
