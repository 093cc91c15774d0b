import { useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { userStore } from '../stores/user-store';
import type { MenuItem } from '../api/types';
import { menuPath } from '../router/menu-routes';
import { t } from '../i18n';

function MenuEntry({ item, ancestors }: { item: MenuItem; ancestors: MenuItem[] }) {
  const location = useLocation();
  const path = menuPath(ancestors, item);
  const [open, setOpen] = useState(() => location.pathname.startsWith(path + '/'));
  if (item.type === 1 || item.children?.length) {
    return (
      <li className={`pc-menu__group${open ? ' is-open' : ''}`}>
        <button className="pc-menu__title" onClick={() => setOpen(!open)} aria-expanded={open}>
          <span className="pc-menu__icon" aria-hidden>
            {item.fullName.slice(0, 1)}
          </span>
          <span className="pc-menu__text">{item.fullName}</span>
          <span className="pc-menu__arrow" aria-hidden>
            ▾
          </span>
        </button>
        {open ? (
          <ul className="pc-menu__children">
            {(item.children ?? []).map((child) => (
              <MenuEntry key={child.id} item={child} ancestors={[...ancestors, item]} />
            ))}
          </ul>
        ) : null}
      </li>
    );
  }
  if (item.type === 7) {
    return (
      <li>
        <a className="pc-menu__link" href={item.urlAddress} target={item.linkTarget || '_blank'} rel="noreferrer">
          <span className="pc-menu__text">{item.fullName}</span>
        </a>
      </li>
    );
  }
  return (
    <li>
      <NavLink className="pc-menu__link" to={path}>
        <span className="pc-menu__text">{item.fullName}</span>
      </NavLink>
    </li>
  );
}

export const Sidebar = observer(function Sidebar() {
  return (
    <aside className="pc-sidebar">
      <div className="pc-sidebar__brand">智慧停车管理平台</div>
      <nav aria-label="menu">
        <ul className="pc-menu">
          <li>
            <NavLink className="pc-menu__link pc-menu__link--top" to="/dashboard">
              <span className="pc-menu__icon" aria-hidden>
                首
              </span>
              <span className="pc-menu__text">{t('dashboard.title')}</span>
            </NavLink>
          </li>
          {userStore.menuList.map((item) => (
            <MenuEntry key={item.id} item={item} ancestors={[]} />
          ))}
        </ul>
      </nav>
    </aside>
  );
});
