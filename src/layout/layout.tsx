import { useEffect } from 'react';
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
import './layout.css';

/** The signed-in shell: sidebar from the menu, top bar, tabs, cached pages, settings panel, footer. */
export const Layout = observer(function Layout() {
  useResponsive();
  useVisitedTags();
  const { sidebar, device, size } = appStore;
  const { tagsView, fixedHeader } = settingsStore.settings;

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
      {device === 'mobile' && sidebar.opened ? (
        <div className="pc-drawer-bg" data-testid="sidebar-backdrop" onClick={() => appStore.closeSideBar(false)} />
      ) : null}
      <Sidebar />
      <div className="pc-main">
        <div className="pc-header">
          <Navbar />
          {tagsView ? <TagsView /> : null}
        </div>
        <main className="pc-app-main">
          <KeepAliveOutlet />
        </main>
        <AppFooter />
      </div>
      <SettingsPanel />
    </div>
  );
});
