import { observer } from 'mobx-react-lite';
import { appStore } from '../stores/app-store';
import { settingsStore } from '../stores/settings-store';
import { t } from '../i18n';
import { Breadcrumb } from './breadcrumb';
import { HeaderSearch } from './header-search';
import { LangSelect, ScreenfullButton, SizeSelect, ViewLinks } from './navbar-tools';
import { UserMenu } from './user-menu';

/** Top bar: collapse toggle, breadcrumb, search, fullscreen, size, language, views, settings, user. */
export const Navbar = observer(function Navbar() {
  const opened = appStore.sidebar.opened;
  return (
    <header className="pc-navbar">
      <button
        className="pc-navbar__item pc-hamburger"
        data-testid="hamburger"
        aria-label={t('nav.toggleSidebar')}
        aria-expanded={opened}
        title={t('nav.toggleSidebar')}
        onClick={() => appStore.toggleSideBar()}
      >
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
          style={{ transform: opened ? undefined : 'scaleX(-1)' }}
        >
          <path d="M3 6h18M9 12h12M3 18h18M3 9l3 3-3 3" />
        </svg>
      </button>
      <Breadcrumb />
      <div className="pc-navbar__spacer" />
      <HeaderSearch />
      <div className="pc-navbar__tools">
        <ScreenfullButton />
        <SizeSelect />
        <LangSelect />
        <ViewLinks />
        <button
          className="pc-navbar__item"
          aria-label={t('nav.settings')}
          title={t('nav.settings')}
          data-testid="open-settings"
          onClick={() => settingsStore.changeSetting({ key: 'showSettings', value: true })}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1" />
          </svg>
        </button>
        <UserMenu />
      </div>
    </header>
  );
});
