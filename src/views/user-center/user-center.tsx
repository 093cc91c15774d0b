import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { userStore } from '../../stores/user-store';
import { t } from '../../i18n';
import { ChangePasswordDialog } from '../password/change-password-dialog';
import { AvatarUpload } from './avatar-upload';
import { maskPhone } from '../../../domain/field-rules';
import './user-center.css';

/** /user/center: the user's details, avatar and password. Server data is shown as text. */
const UserCenter = observer(function UserCenter() {
  const [changing, setChanging] = useState(false);
  const user = userStore.user;
  if (!user) return null;
  const rows: [string, string][] = [
    [t('userCenter.account'), user.userName],
    [t('userCenter.realName'), user.realName ?? ''],
    [t('userCenter.phone'), maskPhone(user.phone)],
    [t('userCenter.email'), user.email ?? ''],
    [t('userCenter.roles'), (user.roles ?? []).map((r) => r.fullName).join('、')],
  ];
  return (
    <section className="pc-card pc-user-center">
      <h2>{t('userCenter.title')}</h2>
      <AvatarUpload />
      <dl className="pc-user-center__details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || '-'}</dd>
          </div>
        ))}
      </dl>
      <button className="pc-btn pc-btn--primary" onClick={() => setChanging(true)}>
        {t('nav.changePassword')}
      </button>
      {changing ? <ChangePasswordDialog onClose={() => setChanging(false)} /> : null}
    </section>
  );
});

export default UserCenter;
