import { observer } from 'mobx-react-lite';
import { userStore } from '../../stores/user-store';
import { t, tf } from '../../i18n';

export const Dashboard = observer(function Dashboard() {
  const name = userStore.user?.realName || userStore.user?.userName;
  return (
    <section className="pc-card">
      <h2>{t('dashboard.title')}</h2>
      <p>{tf('dashboard.welcome', { name: name ?? '' })}</p>
    </section>
  );
});
