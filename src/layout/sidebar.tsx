import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { getVisibleMenus } from '../stores/route-store';
import { appStore } from '../stores/app-store';
import { settingsStore } from '../stores/settings-store';
import type { MenuItem } from '../api/types';
import { menuPath } from '../router/menu-routes';
import { MenuIcon } from './menu-icons';
import { SidebarLogo } from './sidebar-logo';
import { t } from '../i18n';
import { uiText } from '../i18n/text-table';
import { menuLinkHref } from '../utils/menu-link';

/** Group paths that contain `path`, outermost first. */
function groupsAbove(path: string): string[] {
  const parts = path.split('/').filter(Boolean);
  return parts.slice(0, -1).map((_, i) => '/' + parts.slice(0, i + 1).join('/'));
}

interface EntryProps {
  item: MenuItem;
  ancestors: MenuItem[];
  openGroups: string[];
  onToggle: (path: string) => void;
}

const MenuEntry = observer(function MenuEntry({ item, ancestors, openGroups, onToggle }: EntryProps) {
  const path = menuPath(ancestors, item);
  const icon = ancestors.length === 0 ? <MenuIcon name={item.icon} /> : null;
  if (item.type === 1 || item.children?.length) {
    const open = openGroups.includes(path);
    return (
      <li className={`pc-menu__group${open ? ' is-open' : ''}`}>
        <button className="pc-menu__title" onClick={() => onToggle(path)} aria-expanded={open} title={uiText(item.fullName)}>
          {icon}
          <span className="pc-menu__text">{uiText(item.fullName)}</span>
          <span className="pc-menu__arrow" aria-hidden>
            ▾
          </span>
        </button>
        {open ? (
          <ul className="pc-menu__children">
            {(item.children ?? []).map((child) => (
              <MenuEntry key={child.id} item={child} ancestors={[...ancestors, item]} openGroups={openGroups} onToggle={onToggle} />
            ))}
          </ul>
        ) : null}
      </li>
    );
  }
  if (item.type === 7) {
    const href = menuLinkHref(item.urlAddress);
    return (
      <li>
        <a className="pc-menu__link" href={href} target={item.linkTarget || '_blank'} rel="noreferrer" title={uiText(item.fullName)}>
          {icon}
          <span className="pc-menu__text">{uiText(item.fullName)}</span>
        </a>
      </li>
    );
  }
  return (
    <li>
      <NavLink className="pc-menu__link" to={path} title={uiText(item.fullName)}>
        {icon}
        <span className="pc-menu__text">{uiText(item.fullName)}</span>
      </NavLink>
    </li>
  );
});

/** The menu from the server: 220 px open, icons only when collapsed. */
export const Sidebar = observer(function Sidebar() {
  const location = useLocation();
  const { uniqueOpened, sidebarLogo } = settingsStore.settings;
  const [openGroups, setOpenGroups] = useState<string[]>(() => groupsAbove(location.pathname));

  // the groups leading to the current page open when it is reached another way (tab, search, link)
  useEffect(() => {
    const above = groupsAbove(location.pathname);
    setOpenGroups((open) => (uniqueOpened ? above : [...new Set([...open, ...above])]));
  }, [location.pathname, uniqueOpened]);

  function toggle(path: string) {
    if (!appStore.sidebar.opened) appStore.toggleSideBar();
    setOpenGroups((open) => {
      if (open.includes(path)) return open.filter((p) => p !== path && !p.startsWith(path + '/'));
      // unique opened: only this group and the groups above it stay open
      return uniqueOpened ? [...groupsAbove(path), path] : [...open, path];
    });
  }

  return (
    <aside className="pc-sidebar" data-testid="sidebar">
      {sidebarLogo ? <SidebarLogo collapsed={!appStore.sidebar.opened} /> : null}
      <nav aria-label="menu">
        <ul className="pc-menu">
          <li>
            <NavLink className="pc-menu__link" to="/dashboard" title={t('dashboard.title')}>
              <MenuIcon name="dashboard" />
              <span className="pc-menu__text">{t('dashboard.title')}</span>
            </NavLink>
          </li>
          {getVisibleMenus().map((item) => (
            <MenuEntry key={item.id} item={item} ancestors={[]} openGroups={openGroups} onToggle={toggle} />
          ))}
        </ul>
      </nav>
    </aside>
  );
});
