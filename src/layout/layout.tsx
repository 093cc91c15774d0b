import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { appStore } from '../stores/app-store';
import { settingsStore } from '../stores/settings-store';
import { Sidebar } from './sidebar';
import { Navbar } from './navbar';
import { TagsView } from './tags-view';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { SettingsPanel } from './settings-panel';
import { AppFooter } from './app-footer';
import { useResponsive } from './use-responsive';
import { useVisitedTags } from './use-visited-tags';
import { chromeGate, CHROME_WAIT_MS } from './chrome-gate';
import { currentRoute } from '../router/current-route';
import { t } from '../i18n';
import { useFocusFollowsScreen } from './focus-follows-screen';
import { DemoHistoryNotice } from './demo-history-notice';
import './layout.css';

/** The signed-in shell: sidebar from the menu, top bar, tabs, cached pages, settings panel, footer. */
export const Layout = observer(function Layout() {
  useResponsive();
  useVisitedTags();
  const { sidebar, device, size } = appStore;
  const { tagsView, fixedHeader } = settingsStore.settings;
  const { pathname } = useLocation();
  const chrome = chromeGate.open;
  // a JSON screen opens the chrome once drawn (amis-page.tsx); the console's own screens at once
  const screenFirst = !chrome && currentRoute(pathname)?.kind !== 'host';
  useEffect(() => {
    if (chrome) return;
    if (!screenFirst) return chromeGate.show();
    const timer = setTimeout(() => chromeGate.show(), CHROME_WAIT_MS);
    return () => clearTimeout(timer);
  }, [chrome, screenFirst]);

  useFocusFollowsScreen(pathname);

  // amis dialogs and toasts render outside the shell, so the size lives on the root element
  useEffect(() => {
    document.documentElement.dataset.size = size;
  }, [size]);

  const classes = [
    'pc-layout',
    sidebar.opened ? 'is-open' : 'is-collapsed',
    sidebar.withoutAnimation ? 'without-animation' : '',
    device === 'mobile' ? 'is-mobile' : '',
    fixedHeader ? 'has-fixed-header' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes} data-testid="layout">
      {/* the first Tab stop: past the menu, the tabs and the header straight to the screen */}
      <a
        className="pc-skip-link"
        href="#pc-main-content"
        onClick={(e) => {
          // a hash link would be read as a route: move focus by hand
          e.preventDefault();
          document.getElementById('pc-main-content')?.focus();
        }}
      >
        {t('layout.skipToContent')}
      </a>
      {device === 'mobile' && sidebar.opened ? (
        <div className="pc-drawer-bg" data-testid="sidebar-backdrop" onClick={() => appStore.closeSideBar(false)} />
      ) : null}
      {chrome ? <Sidebar /> : <aside className="pc-sidebar" />}
      <div className="pc-main">
        <div className="pc-header">
          {chrome ? <Navbar /> : <header className="pc-navbar" />}
          {tagsView && (chrome ? <TagsView /> : <div className="pc-tags" />)}
        </div>
        <main className="pc-app-main" id="pc-main-content" tabIndex={-1} aria-label={t('layout.mainContent')}>
          <DemoHistoryNotice />
          <KeepAliveOutlet />
        </main>
        {chrome ? <AppFooter /> : null}
      </div>
      {chrome ? <SettingsPanel /> : null}
    </div>
  );
});
