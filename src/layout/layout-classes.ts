import { appStore } from '../stores/app-store';
import { settingsStore } from '../stores/settings-store';

/** The shell's outer classes (layout.css): the sidebar open or collapsed, a mobile screen, a fixed header. */
export function layoutClasses(): string {
  const { sidebar, device } = appStore;
  return [
    'pc-layout',
    sidebar.opened ? 'is-open' : 'is-collapsed',
    sidebar.withoutAnimation ? 'without-animation' : '',
    device === 'mobile' ? 'is-mobile' : '',
    settingsStore.settings.fixedHeader ? 'has-fixed-header' : '',
  ]
    .filter(Boolean)
    .join(' ');
}
