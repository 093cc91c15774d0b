import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { userStore } from '../stores/user-store';
import { t } from '../i18n';
import { safeUrl } from '../../domain/field-rules';
import { Dropdown } from './dropdown';
import { confirmAndLogout } from './logout';
import { ChangePasswordDialog } from '../views/password/change-password-dialog';

/** The user's name with personal centre, change password and log out. */
export const UserMenu = observer(function UserMenu() {
  const navigate = useNavigate();
  const [changing, setChanging] = useState(false);
  const user = userStore.user;
  const name = user?.realName || user?.userName || '';
  // an image only from a link or an in-app path
  const avatar = safeUrl(user?.avatar);
  return (
    <>
      <Dropdown
        className="pc-user-menu"
        label={name}
        trigger={
          <>
            {avatar ? <img className="pc-user-menu__avatar" src={avatar} alt="" /> : null}
            <span className="pc-navbar__user" data-testid="navbar-user">
              {name}
            </span>
            <span aria-hidden>▾</span>
          </>
        }
        items={[
          { key: 'center', label: t('nav.userCenter') },
          { key: 'password', label: t('nav.changePassword') },
          { key: 'logout', label: t('nav.logout'), divided: true },
        ]}
        onSelect={(key) => {
          if (key === 'center') navigate('/user/center');
          if (key === 'password') setChanging(true);
          if (key === 'logout') void confirmAndLogout();
        }}
      />
      {changing ? <ChangePasswordDialog onClose={() => setChanging(false)} /> : null}
    </>
  );
});
